import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../../../i18n'
import { PlanNameTranslations, TicketTextTranslations } from './plan-ticket-translations'

// A plan's name and a ticket type's name and location per language (docs/decisions/0095-product-translations.md):
// one card per language with the base text under each field, complete or partial against the base texts.

describe('the languages of a plan and of a ticket type', () => {
  const render = (node: React.ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>)

  test('a plan: the name field with the base name under it; complete once named', async () => {
    await i18n.changeLanguage('en')
    const html = render(<PlanNameTranslations drafts={{ pl: { name: 'Cały kurs' }, de: { name: '' } }} onChange={() => undefined} base={{ name: 'Full course' }} />)
    expect(html).toMatch(/data-testid="plan-translation-de" data-state="partial"/)
    expect(html).toMatch(/data-testid="plan-translation-pl" data-state="complete"/)
    expect(html).toContain('value="Cały kurs"')
    expect(html).toContain('Original: Full course')
  })

  test('a ticket type: name and location; without a base location a name alone is complete', async () => {
    await i18n.changeLanguage('en')
    const drafts = { pl: { name: 'Balkon', location: '' } }
    const withPlace = render(<TicketTextTranslations drafts={drafts} onChange={() => undefined} base={{ name: 'Balcony', location: 'Hamburg' }} />)
    expect(withPlace).toMatch(/data-testid="ticket-translation-pl" data-state="partial"/)
    expect(withPlace).toContain('data-testid="ticket-translation-location-pl"')
    expect(withPlace).toContain('Original: Hamburg')
    expect(render(<TicketTextTranslations drafts={drafts} onChange={() => undefined} base={{ name: 'Balcony', location: '' }} />))
      .toMatch(/data-testid="ticket-translation-pl" data-state="complete"/)
  })
})
