import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { publicLegalDocument } from './legal-texts.service'

// The terms of sale and privacy policy per language (docs/decisions/0095-product-translations.md): saved with the
// text, read by the public document page in the page's language and by the shop API in the language the request
// names, each text falling back to the base; the templates stay as they are.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/legal_texts'
const save = (kind: 'terms' | 'privacy', payload: object) => t.request({ method: 'PUT', url: `${url}/${kind}`, token: seller.accessToken, payload })
const body = 'These terms apply to every order.\n\nPayment is due at once.'

describe('legal text translations', () => {
  test('saved with the text, kept when left out, replaced when sent, cleared by null or {}; locale keys and base rules only', async () => {
    const saved = await save('terms', {
      title: 'Terms of sale', body,
      translations: { de: { title: ' AGB ', body: 'Diese Bedingungen gelten für jede Bestellung.' }, pl: { title: 'Regulamin', body: '' }, fr: { title: null } },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const stored = { de: { title: 'AGB', body: 'Diese Bedingungen gelten für jede Bestellung.' }, pl: { title: 'Regulamin', body: null } }
    expect(saved.json().terms).toMatchObject({ title: 'Terms of sale', is_default: false, translations: stored })
    // a template has none
    expect(saved.json().privacy.translations).toEqual({})
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().terms.translations).toEqual(stored)
    // left out: kept
    expect((await save('terms', { title: 'Terms', body })).json().terms.translations).toEqual(stored)
    // sent: replaces the set; null or {}: clears it
    expect((await save('terms', { title: 'Terms', body, translations: { es: { body: 'Estas condiciones.' } } })).json().terms.translations).toEqual({ es: { title: null, body: 'Estas condiciones.' } })
    expect((await save('terms', { title: 'Terms', body, translations: null })).json().terms.translations).toEqual({})
    await save('terms', { title: 'Terms', body, translations: { de: { title: 'AGB' } } })
    expect((await save('terms', { title: 'Terms', body, translations: {} })).json().terms.translations).toEqual({})

    // the overview's saved cancellation terms carry theirs, so the page that edits them from there keeps them
    const terms = await t.request({ method: 'POST', url: '/api/v1/cabinet/cancellation_terms', token: seller.accessToken, payload: { product_type: 'course', title: 'Cancellation', body, translations: { de: { title: 'Widerruf' } } } })
    expect(terms.statusCode, terms.body).toBe(201)
    const overview = (await t.request({ method: 'GET', url, token: seller.accessToken })).json()
    expect(overview.cancellation_terms.find((c: { product_type: string }) => c.product_type === 'course').translations).toEqual({ de: { title: 'Widerruf', body: null } })
    expect(overview.cancellation_terms.find((c: { product_type: string }) => c.product_type === 'download').translations).toEqual({})

    for (const translations of [{ xx: { title: 'T' } }, { 'pt-br': { title: 'T' } }, { de: { title: 'T', html: '<b>' } }, { de: { body: 'x'.repeat(20_001) } }, { de: { title: 'x'.repeat(201) } }, { de: { body: 'Hi <script>alert(1)</script>' } }]) {
      expect((await save('terms', { title: 'Terms', body, translations })).statusCode, JSON.stringify(translations).slice(0, 60)).toBe(400)
    }
  })

  test('the public document shows the page\'s language, each text falling back to the base; the shop API the language it names', async () => {
    await save('privacy', { title: 'Privacy policy', body, translations: { de: { title: 'Datenschutzerklärung', body: 'Wir schützen Ihre Daten.' }, fr: { title: 'Confidentialité' } } })
    const page = (locale: 'de' | 'fr' | 'it', kind: 'terms' | 'privacy' = 'privacy') => publicLegalDocument(systemContext(t.deps, { locale }), seller.username, kind)
    expect(await page('de')).toEqual({ username: seller.username, title: 'Datenschutzerklärung', body: 'Wir schützen Ihre Daten.' })
    // a language with only a title: the base body; a language with none: the base texts
    expect(await page('fr')).toMatchObject({ title: 'Confidentialité', body })
    expect(await page('it')).toMatchObject({ title: 'Privacy policy', body })

    const shop = (kind: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/legal_texts/${kind}`, headers })
    expect((await shop('privacy', { 'accept-language': 'de-DE,de;q=0.9' })).json()).toMatchObject({
      kind: 'privacy', title: 'Datenschutzerklärung', body: 'Wir schützen Ihre Daten.', is_default: false, seller: { username: seller.username },
    })
    expect((await shop('privacy', { 'content-language': 'fr' })).json()).toMatchObject({ title: 'Confidentialité', body })
    const plain = (await shop('privacy')).json()
    expect(plain).toMatchObject({ title: 'Privacy policy', body })
    expect(plain.translations).toBeUndefined()
    expect((await shop('imprint')).statusCode).toBe(400)
    expect((await t.request({ method: 'GET', url: '/api/v1/shop/nobody-here/legal_texts/terms' })).statusCode).toBe(404)

    // no text of the seller's: the template, in whatever language is asked
    await t.request({ method: 'DELETE', url: `${url}/terms`, token: seller.accessToken })
    const template = await page('it', 'terms')
    expect(await page('de', 'terms')).toEqual(template)
    expect((await shop('terms', { 'accept-language': 'de' })).json()).toMatchObject({ title: template.title, body: template.body, is_default: true, updated_at: null })
  })
})
