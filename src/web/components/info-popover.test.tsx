import { MantineProvider, Select } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../i18n'
import { de } from '../i18n/locales/de'
import { en } from '../i18n/locales/en'
import { withHelp } from './info-popover'

// The spec's help popovers (docs/reference/catalogue-and-selling.md §9) and how they sit beside their field
// (docs/decisions/0090-help-popovers.md). Opening one is a click on a Mantine Popover; here the texts and the
// button's markup are held without a browser.

const specPopovers = [
  'payoutCurrency', 'fontWeight', 'fontStyle', 'fontDisplay', 'fallbackFont', 'buyerListId', 'buyerCampaignId',
  'bumpBorderAnimation', 'bumpPriceAnimation', 'buyButtonText', 'checkoutLayout', 'vatPayer',
  'csvFrequency', 'csvDay', 'csvColumns', 'csvDecimalSeparator',
] as const

describe('help popovers', () => {
  test.each(specPopovers)('%s has a text in English and German that says what to pick', (key) => {
    for (const text of [en.help[key], de.help[key]]) expect(text.length).toBeGreaterThan(120)
    expect(de.help[key]).not.toBe(en.help[key])
  })

  test('the German texts speak to the seller as "du", never "Sie"', () => {
    for (const text of Object.values(de.help)) expect(text).not.toMatch(/\b(Sie|Ihr|Ihre|Ihnen)\b/)
  })

  test('the button sits beside the field, outside its label, named after the field and closed at first', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <MantineProvider>
        <Select label="Font display" data={['swap', 'optional']} value="swap" {...withHelp('Font display', en.help.fontDisplay, 'help-font-display')} />
      </MantineProvider>,
    )
    const button = /<button[^>]*data-testid="help-font-display"[^>]*>/.exec(html)?.[0] ?? ''
    expect(button).toContain('aria-label="Help on “Font display”"')
    expect(button).toContain('aria-expanded="false"')
    const label = /<label[^>]*>.*?<\/label>/s.exec(html)?.[0] ?? ''
    expect(label).toContain('Font display')
    expect(label).not.toContain('<button')
  })
})
