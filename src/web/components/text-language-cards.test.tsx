import { MantineProvider } from '@mantine/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { i18n } from '../i18n'
import { TextLanguageCards, textDraftsOf, textTranslationsInputOf } from './text-language-cards'

// Plain texts per language in the back office (docs/decisions/0095-product-translations.md): drafts from an answer,
// the request's whole set, and a language complete when it gives every text the base has.

const fields = ['title', 'body'] as const

describe('text language cards', () => {
  test('drafts read the answer\'s camelCased locale keys; the request sends each language, an empty text as null', () => {
    const drafts = textDraftsOf({ de: { title: 'AGB', body: null }, ptBr: { title: null, body: 'Termos' } }, fields)
    expect(drafts).toEqual({ de: { title: 'AGB', body: '' }, pt_br: { title: '', body: 'Termos' } })
    expect(textTranslationsInputOf({ ...drafts, fr: { title: ' ', body: ' Conditions ' } }, fields))
      .toEqual({ de: { title: 'AGB', body: null }, fr: { title: null, body: 'Conditions' }, pt_br: { title: null, body: 'Termos' } })
    expect(textDraftsOf(undefined, fields)).toEqual({})
  })

  test('a field per text with the base text under it; complete when every text the base has is given', async () => {
    await i18n.changeLanguage('en')
    const render = (base: { title: string; body: string }) => renderToStaticMarkup(
      <MantineProvider>
        <TextLanguageCards drafts={{ de: { title: 'AGB', body: '' } }} onChange={() => undefined} testId="legal" fields={[
          { name: 'title', label: 'Title', maxLength: 200, base: base.title },
          { name: 'body', label: 'Text', maxLength: 20_000, multiline: true, base: base.body },
        ]} />
      </MantineProvider>,
    )
    const html = render({ title: 'Terms', body: 'Payment is due at once.' })
    expect(html).toMatch(/data-testid="legal-translation-de" data-state="partial"/)
    expect(html).toContain('data-testid="legal-translation-title-de"')
    expect(html).toContain('Original: Terms')
    expect(render({ title: 'Terms', body: '' })).toMatch(/data-testid="legal-translation-de" data-state="complete"/)
  })
})
