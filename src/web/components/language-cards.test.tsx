import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../i18n'
import { LanguageCards } from './language-cards'

// The shared shell of a text's languages (docs/decisions/0095-product-translations.md): one card per language in
// locale order, written in its direction, complete or partial by the caller's rule.

describe('LanguageCards', () => {
  const render = (drafts: { [code: string]: { text: string } }) => renderToStaticMarkup(
    <MantineProvider>
      <LanguageCards<{ text: string }>
        drafts={drafts} onChange={() => undefined} testId="sample" empty={() => ({ text: '' })} complete={(d) => d.text.trim() !== ''}
        fields={(code, draft) => <span data-testid={`field-${code}`}>{draft.text}</span>}
      />
    </MantineProvider>,
  )

  test('each language in locale order, its state, its fields in its direction; none yet says so', async () => {
    await i18n.changeLanguage('en')
    const html = render({ pl: { text: 'Tekst' }, ar: { text: '' } })
    expect(html.indexOf('data-testid="sample-translation-ar"')).toBeLessThan(html.indexOf('data-testid="sample-translation-pl"'))
    expect(html).toMatch(/data-testid="sample-translation-ar" data-state="partial"/)
    expect(html).toMatch(/data-testid="sample-translation-pl" data-state="complete"/)
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('aria-label="Remove Polski"')
    expect(render({})).toContain('No other languages yet')
  })
})
