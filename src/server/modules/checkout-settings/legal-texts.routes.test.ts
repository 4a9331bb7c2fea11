import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// Legal texts that are never empty (docs/decisions/0042-minimal-checkout-and-legal-texts.md): templates for the
// seller's country filled with the profile, the seller's own texts replacing them, the checkout linking them
// and the reviewed flag the dashboard reads.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const profile = await t.request({
    method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken,
    payload: { first_name: 'Nora', last_name: 'Baker', street: 'Hauptstraße', street_number: '5', zip: '10115', city: 'Berlin', country_code: 'DE' },
  })
  if (profile.statusCode !== 200) throw new Error(profile.body)
  // a partial profile is not finished; the factory's seller may sell anyway
  await t.deps.database.executeSql('update sellers set profile_finished = true where id = $1', [seller.sellerId])
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/legal_texts'
const get = (token = seller.accessToken) => t.request({ method: 'GET', url, token })

describe('legal texts', () => {
  test('a new seller has non-empty terms, privacy policy and cancellation terms, filled with their name, and is not reviewed', async () => {
    const res = await get()
    expect(res.statusCode).toBe(200)
    const texts = res.json()
    expect(texts.reviewed_at).toBeNull()
    expect(texts.terms).toMatchObject({ title: 'Allgemeine Geschäftsbedingungen', is_default: true, url: `/s/${seller.username}/document/terms` })
    expect(texts.terms.body).toContain('Nora Baker\nHauptstraße 5\n10115 Berlin, DE')
    expect(texts.privacy.body).toContain('Nora Baker')
    expect(texts.cancellation_terms).toHaveLength(8)
    const byForm = Object.fromEntries(texts.cancellation_terms.map((c: any) => [c.product_type, c]))
    expect(byForm.download).toMatchObject({ id: null, is_default: true, title: 'Widerrufsbelehrung für digitale Inhalte' })
    expect(byForm.eventTickets.body).toContain('§ 312g Abs. 2 Nr. 9 BGB')
    expect(byForm.digital.title).toBe('Widerrufsbelehrung für Dienstleistungen')
  })

  test('the shop shows the templates at once (needs npm run build:storefront)', async () => {
    for (const path of ['terms', 'privacy', 'cancellation_terms?product_type=eventTickets']) {
      const page = await t.request({ method: 'GET', url: `/s/${seller.username}/document/${path}` })
      expect(page.statusCode, path).toBe(200)
      expect(page.body, path).toContain('Nora Baker')
    }
    expect((await t.request({ method: 'GET', url: '/s/nobody-here/document/terms' })).statusCode).toBe(404)
  })

  test('the seller saves their own terms and confirms the review', async () => {
    const saved = await t.request({ method: 'PUT', url: `${url}/terms`, token: seller.accessToken, payload: { title: 'Meine AGB', body: 'Es gilt, was wir vereinbaren.' } })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(saved.json().terms).toMatchObject({ title: 'Meine AGB', is_default: false, updated_at: expect.any(String) })
    expect((await t.request({ method: 'PUT', url: `${url}/imprint`, token: seller.accessToken, payload: { title: 'x', body: 'y' } })).statusCode).toBe(400)
    expect((await t.request({ method: 'PUT', url: `${url}/terms`, token: seller.accessToken, payload: { title: 'x', body: '<script>1</script>' } })).statusCode).toBe(400)
    const reviewed = await t.request({ method: 'POST', url: `${url}/review`, token: seller.accessToken })
    expect(reviewed.statusCode).toBe(200)
    expect((await get()).json().reviewed_at).toBe(reviewed.json().reviewed_at)
    const me = await t.request({ method: 'GET', url: '/api/v1/app/user/me', token: seller.accessToken })
    expect(me.json().seller.legal_texts_reviewed_at).toBe(reviewed.json().reviewed_at)
    const reset = await t.request({ method: 'DELETE', url: `${url}/terms`, token: seller.accessToken })
    expect(reset.json().terms).toMatchObject({ is_default: true, title: 'Allgemeine Geschäftsbedingungen' })
    // another seller sees their own
    const other = await createSeller(t)
    expect((await get(other.accessToken)).json()).toMatchObject({ reviewed_at: null, terms: { title: 'Terms of sale', is_default: true } })
  })

  test('the checkout links the terms, the privacy policy and the cancellation terms of the product’s form', async () => {
    const product = await publishedProduct(t, seller.accessToken)
    const page = (await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}/checkout` })).json()
    expect(page).toMatchObject({
      terms_url: `/s/${seller.username}/document/terms`, privacy_url: `/s/${seller.username}/document/privacy`,
      cancellation_terms_url: `/s/${seller.username}/document/cancellation_terms?product_type=digital`,
    })
  })
})
