import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productForms } from '../../../shared/catalog'
import { tempDataDir } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { seedDemo } from '../../db/seed'

const temp = tempDataDir()
let t: TestApp
beforeAll(async () => { t = await createTestApp({ DATA_DIR: temp.dir }) })
afterAll(async () => {
  await t.close()
  temp.remove()
})

describe('the demo catalogue', () => {
  test('the demo seller can sell and shows one published product of each of the eight forms; seeding twice adds nothing', async () => {
    const first = await seedDemo(t.deps, { password: 'Demo-pass-123!' })
    expect(first.products).toBe(8)
    const again = await seedDemo(t.deps, { password: 'Demo-pass-123!' })
    expect(again.products).toBe(0)
    // The demo API key (docs/decisions/0073-seller-api-keys.md): its token given once, when made; it reads the products.
    expect(first.apiKeyToken).toMatch(/^sfk_/)
    expect(again.apiKeyToken).toBeUndefined()
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/products', token: first.apiKeyToken })).json().total_count).toBeGreaterThanOrEqual(8)

    const shop = await t.request({ method: 'GET', url: '/api/v1/shop/demo/products' })
    expect(shop.statusCode).toBe(200)
    expect(shop.json().total_count).toBe(8)
    expect(shop.json().list.map((p: any) => p.form).sort()).toEqual([...productForms].sort())
    // a German browser reads the strategy session in German (docs/decisions/0095-product-translations.md)
    const session = (headers: Record<string, string>) => t.request({ method: 'GET', url: '/api/v1/shop/demo/products/strategy-session', headers })
    expect((await session({ 'accept-language': 'de-DE,de;q=0.9' })).json()).toMatchObject({ name: 'Strategiegespräch (60 Minuten)', description: expect.stringContaining('nächsten Launch') })
    expect((await session({ 'accept-language': 'en' })).json().name).toBe('Strategy session (60 minutes)')
    // and the summer workshop with its ticket types, each falling back to the base where not given
    const workshop = (await t.request({ method: 'GET', url: '/api/v1/shop/demo/products/summer-workshop', headers: { 'accept-language': 'de' } })).json()
    expect(workshop.name).toBe('Sommerworkshop 2030')
    expect(workshop.tickets.map((ticket: { name: string }) => ticket.name)).toEqual(['Standard', 'Mit Material'])

    const signIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'demo@sellfront.test', password: 'Demo-pass-123!', fingerprint: 'fp-demo-1234567' } })
    const token = signIn.json().access_token
    expect(signIn.json().user.seller.can_sell).toBe(true)
    // The demo's built pages (docs/decisions/0065-serving-built-pages.md): the shop and two product pages, active;
    // the course's course page and the membership's member area (docs/decisions/0069-member-pages.md).
    const built = (await t.request({ method: 'GET', url: '/api/v1/cabinet/pages', token })).json().list
    expect(built.filter((p: any) => p.active).map((p: any) => p.page_type).sort()).toEqual(['course', 'membership', 'product', 'product', 'shop'])
    const demoShop = await t.request({ method: 'GET', url: '/s/demo' })
    if (demoShop.statusCode === 200) expect(demoShop.body).toContain('Learn, create, share')
    const list = (await t.request({ method: 'GET', url: '/api/v1/cabinet/products?per=50', token })).json().list
    // The demo funnel (docs/decisions/0066-funnels.md): an upsell and a downsell after the colour theory certificate, made once.
    const funnels = (await t.request({ method: 'GET', url: '/api/v1/cabinet/funnels', token })).json()
    expect(funnels.total_count).toBe(1)
    expect(funnels.list[0]).toMatchObject({ name: 'After the certificate', nodes_count: 3 })
    // The demo tracking code (docs/decisions/0074-tracking-with-consent.md): one GA4 code, selected on the demo products, made once.
    const codes = (await t.request({ method: 'GET', url: '/api/v1/cabinet/tracking_codes', token })).json()
    expect(codes.list.map((c: any) => [c.type, c.tracking_id])).toEqual([['google_analytics_4', 'G-DEMO123456']])
    const selection = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${list[0].id}/tracking_codes`, token })).json().product_tracking
    expect(selection).toMatchObject({ mode: 'selected', tracking_code_ids: [codes.list[0].id] })

    // The demo team member (docs/decisions/0053-team-members.md): reads orders and checks tickets in, nothing else.
    const team = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'team@sellfront.test', password: 'Demo-pass-123!', fingerprint: 'fp-team-1234567' } })
    expect(team.statusCode).toBe(200)
    const sellerId = String(signIn.json().user.seller.id)
    const asTeam = (url: string) => t.request({ method: 'GET', url, token: team.json().access_token, headers: { 'x-seller-id': sellerId } })
    expect((await asTeam('/api/v1/cabinet/orders')).statusCode).toBe(200)
    expect((await asTeam('/api/v1/cabinet/payment_tickets')).statusCode).toBe(200)
    expect((await asTeam('/api/v1/cabinet/products')).statusCode).toBe(403)
    expect((await asTeam('/api/v1/cabinet/payouts_balance')).statusCode).toBe(403)
    // The demo sales team member (docs/decisions/0054-sales-team-and-deals.md): one closed deal, bought and paid.
    const sales = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'sales@sellfront.test', password: 'Demo-pass-123!', fingerprint: 'fp-sales-1234567' } })
    expect(sales.statusCode).toBe(200)
    const salesDeals = await t.request({ method: 'GET', url: '/api/v1/cabinet/deals', token: sales.json().access_token, headers: { 'x-seller-id': sellerId } })
    expect(salesDeals.json().list.map((d: any) => d.state)).toEqual(['closed'])
    const byForm = Object.fromEntries(list.map((p: any) => [p.form, p]))
    for (const form of productForms) expect(byForm[form].publish_state, form).toBe('published')
    // Every form can sell; the download has its demo files, so it has no no_digitals status.
    for (const form of productForms) expect(byForm[form].can_sell, form).toBe(true)
    expect(byForm.download.statuses).toEqual([])
    expect(byForm.course.pricing_plans.map((p: any) => p.form)).toEqual(['one_time', 'installment'])
    expect(byForm.membership.pricing_plans.map((p: any) => p.form)).toEqual(['subscription', 'limited_subscription'])
    expect(byForm.eventTickets.tickets).toHaveLength(2)
    expect(byForm.membership.addons).toHaveLength(1)
    expect(byForm.bundle.addons).toHaveLength(2)
    const keys = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${byForm.licenseKey.id}/license_keys`, token })
    expect(keys.json().available_count).toBe(25)
    const ticketDesign = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${byForm.eventTickets.id}/ticket_design`, token })
    expect(ticketDesign.json()).toMatchObject({ saved: true, layout: 'a6_landscape', show_qr_code: true })

    // The partner programme: two levels, four products, the demo publisher taking part (seeded once).
    const programs = (await t.request({ method: 'GET', url: '/api/v1/cabinet/affiliate_programs', token })).json()
    expect(programs.total_count).toBe(1)
    expect(programs.list[0]).toMatchObject({ commissions: [20, 5], type: 2, listed_in_marketplace: true })
    expect(programs.list[0].product_ids).toHaveLength(4)
    const publisherSignIn = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'publisher@sellfront.test', password: 'Demo-pass-123!', fingerprint: 'fp-demo-1234567' } })
    expect(publisherSignIn.statusCode).toBe(200)
    const nodes = (await t.request({ method: 'GET', url: '/api/v1/publish/affiliate_nodes', token: publisherSignIn.json().access_token })).json()
    expect(nodes.list.map((n: any) => n.state)).toEqual(['accepted'])

    // The shared link of three products (docs/decisions/0067-multi-item-shares.md).
    const shared = (await t.request({ method: 'GET', url: '/api/v1/cabinet/item_shares', token })).json()
    expect(shared.list.map((s: any) => [s.slug, s.items.length])).toEqual([['favourites', 3]])

    // The demo sales: both balances hold money, some past the refund window (available), some not (pending).
    const sellerBalance = (await t.request({ method: 'GET', url: '/api/v1/cabinet/payouts_balance', token })).json().balances
    expect(sellerBalance).toEqual([expect.objectContaining({ currency: 'eur', paid_out: 0 })])
    expect(sellerBalance[0].available).toBeGreaterThan(0)
    expect(sellerBalance[0].pending).toBeGreaterThan(0)
    const publisherBalance = (await t.request({ method: 'GET', url: '/api/v1/publish/payouts_balance', token: publisherSignIn.json().access_token })).json().balances
    expect(publisherBalance).toEqual([expect.objectContaining({ currency: 'eur', paid_out: 0 })])
    expect(publisherBalance[0].available + publisherBalance[0].pending).toBeGreaterThan(0)
    const totals = await t.deps.database.executeSql('select currency, sum(amount)::bigint as total from ledger_entries group by currency')
    expect(totals.rows.map((r: any) => Number(r.total))).toEqual([0])
  })
})
