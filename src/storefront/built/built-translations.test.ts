import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import type { PageDocument } from '../../shared/pages/page-blocks'
import { pageDocumentSchema } from '../../shared/schemas/page-blocks'
import { en } from '../i18n/en'
import { pageTexts, TextsContext } from '../i18n/texts-context'
import { emptyBuiltPageData } from './built-data'
import { BuiltPage } from './built-page'

// A built page in the page's language (docs/decisions/0095-product-translations.md, "Built pages"): each of the
// document's texts translated where the language has it, else the base text; the rich text sanitised again.

const document: PageDocument = pageDocumentSchema('shop').parse({
  blocks: [
    { id: 'hero', kind: 'banner', settings: { title: 'Spring sale', text: 'New courses', button: { text: 'Shop now', type: 'customLink', url: '/s/demo' } } },
    { id: 'body', kind: 'text', settings: { html: '<p>Hello</p>' } },
    { id: 'form', kind: 'contact_form', settings: { title: 'Write to us', fields: [{ id: 'msg', kind: 'custom', label: 'Message', type: 'textarea' }], button: { text: 'Send' } } },
  ],
  translations: {
    de: { hero: { title: 'Frühlingsangebot', 'button.text': 'Jetzt kaufen' }, body: { html: '<p>Hallo</p>' }, form: { 'fields.msg.label': 'Nachricht' } },
  },
})
const data = emptyBuiltPageData({ seller: { username: 'demo', name: 'Demo' }, contactFormAction: '/s/demo/contact' })
const render = (locale: 'en' | 'de' | 'fr', doc: PageDocument = document) =>
  renderToStaticMarkup(createElement(TextsContext.Provider, { value: pageTexts(locale, en) }, createElement(BuiltPage, { document: doc, data })))

describe('a built page in a language', () => {
  test('German: the German texts, the base where German has none', () => {
    const html = render('de')
    expect(html).toContain('Frühlingsangebot')
    expect(html).toContain('Jetzt kaufen')
    expect(html).toContain('New courses')
    expect(html).toContain('<p>Hallo</p>')
    expect(html).toContain('Nachricht')
    expect(html).toContain('Write to us')
    expect(html).not.toContain('Spring sale')
    expect(html).toContain('href="/s/demo"')
  })

  test('English and a language without texts: the base texts', () => {
    for (const locale of ['en', 'fr'] as const) {
      const html = render(locale)
      expect(html).toContain('Spring sale')
      expect(html).toContain('Shop now')
      expect(html).toContain('<p>Hello</p>')
      expect(html).not.toContain('Frühlingsangebot')
    }
  })

  test('a stored rich text is sanitised again when shown', () => {
    const stored = { ...document, translations: { de: { body: { html: '<p>Hallo<script>alert(1)</script><img src="x" onerror="alert(1)"></p>' } } } }
    const html = render('de', stored)
    expect(html).toContain('Hallo')
    expect(html).not.toMatch(/<script|onerror/)
  })
})
