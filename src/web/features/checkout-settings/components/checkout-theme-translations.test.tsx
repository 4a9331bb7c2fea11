import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { checkoutThemeTranslationsInput } from '../../../../shared/schemas/checkout-settings'
import { i18n } from '../../../i18n'
import type { CheckoutSettings } from '../api/types'
import { CheckoutThemeTranslations, themeDraftsOf, themeTranslationsInputOf } from './checkout-theme-translations'

// The checkout theme's "Languages" (docs/decisions/0095-product-translations.md): the buy button's, free button's
// and countdown's texts per language, read from the camelCased answer and sent back as the whole set.

const stored = {
  de: { buyButtonText: 'Kurs kaufen', getForFreeText: null, countdownText: 'Das Angebot endet in' },
  ptBr: { buyButtonText: null, getForFreeText: 'Pegue', countdownText: null },
} as unknown as CheckoutSettings['translations']

describe('the checkout theme\'s languages', () => {
  test('drafts from the answer and back: locale codes restored, empty texts null, a valid request', () => {
    const drafts = themeDraftsOf(stored)
    expect(drafts).toEqual({
      de: { buy_button_text: 'Kurs kaufen', get_for_free_text: '', countdown_text: 'Das Angebot endet in' },
      pt_br: { buy_button_text: '', get_for_free_text: 'Pegue', countdown_text: '' },
    })
    const input = themeTranslationsInputOf({ ...drafts, fr: { buy_button_text: ' Acheter ', get_for_free_text: '', countdown_text: '' } })
    expect(input).toEqual({
      de: { buy_button_text: 'Kurs kaufen', get_for_free_text: null, countdown_text: 'Das Angebot endet in' },
      pt_br: { buy_button_text: null, get_for_free_text: 'Pegue', countdown_text: null },
      fr: { buy_button_text: 'Acheter', get_for_free_text: null, countdown_text: null },
    })
    expect(checkoutThemeTranslationsInput.safeParse(input).success).toBe(true)
    expect(themeDraftsOf(undefined)).toEqual({})
  })

  test('complete when every text the theme has is given; the theme\'s text under each field', async () => {
    await i18n.changeLanguage('en')
    const html = renderToStaticMarkup(
      <MantineProvider>
        <CheckoutThemeTranslations drafts={themeDraftsOf(stored)} onChange={() => undefined}
          base={{ buy_button_text: 'Buy the class', get_for_free_text: '', countdown_text: 'The offer ends in' }} />
      </MantineProvider>,
    )
    expect(html).toMatch(/data-testid="theme-translation-de" data-state="complete"/)
    expect(html).toMatch(/data-testid="theme-translation-pt_br" data-state="partial"/)
    expect(html).toContain('Original: Buy the class')
    expect(html).toContain('value="Kurs kaufen"')
  })
})
