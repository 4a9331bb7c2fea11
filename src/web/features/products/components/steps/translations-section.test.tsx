import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n, loadLocaleTexts } from '../../../../i18n'
import { TranslationList } from './translations-section'

// The "Languages" section's list (docs/decisions/0095-product-translations.md): each language of the product,
// in its own name, complete or partial with what it lacks.

describe('the product\'s languages', () => {
  const render = (drafts: Parameters<typeof TranslationList>[0]['drafts']) => renderToStaticMarkup(
    <MantineProvider>
      <TranslationList drafts={drafts} present={['name', 'description']} open={null} onEdit={() => undefined} onRemove={() => undefined} />
    </MantineProvider>,
  )

  test('complete and partial languages in locale order, each named in its own language, with the missing texts', async () => {
    await i18n.changeLanguage('en')
    const html = render({
      pl: { name: 'Akwarela', description_html: '<p>Osiem modułów</p>', bump_headline: '', bump_text: '' },
      de: { name: 'Aquarell', description_html: '', bump_headline: '', bump_text: '' },
    })
    expect(html.indexOf('data-testid="translation-de"')).toBeLessThan(html.indexOf('data-testid="translation-pl"'))
    expect(html).toMatch(/data-testid="translation-de" data-state="partial"/)
    expect(html).toMatch(/data-testid="translation-pl" data-state="complete"/)
    expect(html).toContain('Deutsch')
    expect(html).toContain('Polski')
    expect(html).toContain('Missing: description')
    expect(html).toContain('aria-label="Remove Polski"')
  })

  test('no language yet says so, in the seller\'s language', async () => {
    await loadLocaleTexts('de')
    await i18n.changeLanguage('de')
    const html = render({})
    expect(html).toContain('data-testid="translations-none"')
    expect(html).toContain('Noch keine weiteren Sprachen')
    await i18n.changeLanguage('en')
  })
})
