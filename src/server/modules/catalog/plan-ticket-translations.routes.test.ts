import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay } from '../../../../tests/factories/checkout'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { findOrder } from '../orders/orders.service'
import * as paymentTickets from '../tickets/payment-tickets.service'

// Pricing plan names and ticket types' names and locations in other languages (docs/decisions/0095-product-translations.md
// "Pricing plans and ticket types"): written with the plan and ticket bodies (a plan's translations are not its
// terms: no new version), answered by the cabinet, shown by the shop API in the language the request names, and
// printed on a payment ticket (PDF and calendar file) in its order's language, each text falling back to the base.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/products'
const request = (method: 'GET' | 'POST' | 'PATCH', path: string, payload?: Record<string, unknown>) => t.request({ method, url: `${url}${path}`, token: seller.accessToken, ...(payload ? { payload } : {}) })
const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await t.deps.database.executeSql(text, params)).rows as T[]
const versionsOf = async (productId: number, planId: number) => (await request('GET', `/${productId}/pricing_plans/${planId}/versions`)).json().list as { version: number }[]
const eventStart = '2031-09-12T18:00:00.000Z'

/** PDF text (pdf.js), lines joined by spaces: the ticket embeds Noto fonts and a long value may wrap. */
async function pdfText(pdf: Buffer): Promise<string> {
  return ((await extractText(new Uint8Array(pdf), { mergePages: true })).text as string).replace(/\s+/g, ' ')
}

describe('a pricing plan\'s name per language', () => {
  test('created with the product: trimmed, empty names and languages dropped; answered with `{}` when none', async () => {
    const product = await createProduct(t, seller.accessToken, {
      pricing_plans: [
        { ...oneTimePlan(4_900), name: 'Full price', translations: { pl: { name: '  Pełna cena ' }, de: { name: '' }, fr: { name: null } } },
        oneTimePlan(2_900),
      ],
    })
    expect(product.pricing_plans[0].translations).toEqual({ pl: { name: 'Pełna cena' } })
    expect(product.pricing_plans[1].translations).toEqual({})
    const [row] = await sql<{ translations: unknown }>('select translations from pricing_plans where id = $1', [product.pricing_plans[0].id])
    expect(row!.translations).toEqual({ pl: { name: 'Pełna cena' } })
  })

  test('changing only the translations makes no new version; left out keeps them, sent replaces, null and {} clear', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [{ ...oneTimePlan(4_900), name: 'Early bird' }] })
    const plan = product.pricing_plans[0]
    const terms = { ...oneTimePlan(4_900), name: 'Early bird' }
    const patch = async (payload: Record<string, unknown>) => {
      const res = await request('PATCH', `/${product.id}/pricing_plans/${plan.id}`, payload)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().pricing_plans[0]
    }
    const written = await patch({ ...terms, translations: { pl: { name: 'Wczesny ptak' }, de: { name: 'Frühbucher' } } })
    expect(written.translations).toEqual({ pl: { name: 'Wczesny ptak' }, de: { name: 'Frühbucher' } })
    expect(written.version_id).toBe(plan.version_id)
    expect(await versionsOf(product.id, plan.id)).toHaveLength(1)
    // the same terms without the field: kept
    expect((await patch(terms)).translations).toEqual({ pl: { name: 'Wczesny ptak' }, de: { name: 'Frühbucher' } })
    // new terms without the field: a new version, the translations kept
    const repriced = await patch({ ...terms, price: 5_900 })
    expect(repriced.version_id).not.toBe(plan.version_id)
    expect(repriced.translations).toEqual({ pl: { name: 'Wczesny ptak' }, de: { name: 'Frühbucher' } })
    expect(await versionsOf(product.id, plan.id)).toHaveLength(2)
    // the frozen snapshot holds the terms only
    const [version] = await sql<{ snapshot: Record<string, unknown> }>('select snapshot from pricing_plan_versions where plan_id = $1 order by version desc limit 1', [plan.id])
    expect(version!.snapshot).not.toHaveProperty('translations')
    expect((await patch({ ...terms, price: 5_900, translations: { es: { name: 'Madrugador' } } })).translations).toEqual({ es: { name: 'Madrugador' } })
    expect((await patch({ ...terms, price: 5_900, translations: null })).translations).toEqual({})
    await patch({ ...terms, price: 5_900, translations: { it: { name: 'Prenotazione anticipata' } } })
    expect((await patch({ ...terms, price: 5_900, translations: {} })).translations).toEqual({})
    expect(await versionsOf(product.id, plan.id)).toHaveLength(2)
  })

  test('a plan added on its own takes translations; an unknown locale, an unknown text, a long name or a script tag is a 400', async () => {
    const product = await createProduct(t, seller.accessToken)
    const added = await request('POST', `/${product.id}/pricing_plans`, { ...oneTimePlan(990), name: 'Student', translations: { de: { name: 'Studierende' } } })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json().pricing_plans.at(-1).translations).toEqual({ de: { name: 'Studierende' } })
    for (const translations of [
      { xx: { name: 'Nope' } }, { 'pt-br': { name: 'Não' } }, { PL: { name: 'Nie' } }, { pl: { title: 'Nie' } },
      { pl: { name: 'x'.repeat(101) } }, { pl: { name: '<script>alert(1)</script>' } }, { pl: 'Student' },
    ]) {
      const res = await request('POST', `/${product.id}/pricing_plans`, { ...oneTimePlan(990), translations })
      expect(res.statusCode, JSON.stringify(translations)).toBe(400)
    }
  })
})

describe('a ticket type\'s name and location per language', () => {
  test('created, kept when left out, replaced, cleared; a 400 on an unknown locale or a text over the base limit', async () => {
    const product = await createProduct(t, seller.accessToken, {
      form: 'eventTickets',
      tickets: [{ name: 'Front row', location: 'Hamburg, Elbphilharmonie', start_date: eventStart, pricing_plans: [oneTimePlan(5_900)], translations: { pl: { name: 'Pierwszy rząd', location: '' } } }],
    })
    const ticket = product.tickets[0]
    expect(ticket.translations).toEqual({ pl: { name: 'Pierwszy rząd', location: null } })
    const patch = async (payload: Record<string, unknown>) => {
      const res = await request('PATCH', `/${product.id}/tickets/${ticket.id}`, payload)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().tickets[0]
    }
    expect((await patch({ limit: 80 })).translations).toEqual({ pl: { name: 'Pierwszy rząd', location: null } })
    expect((await patch({ translations: { de: { name: 'Erste Reihe', location: 'Hamburg, Elbphilharmonie (Großer Saal)' } } })).translations)
      .toEqual({ de: { name: 'Erste Reihe', location: 'Hamburg, Elbphilharmonie (Großer Saal)' } })
    expect((await patch({ translations: null })).translations).toEqual({})
    await patch({ translations: { fr: { name: 'Premier rang' } } })
    expect((await patch({ translations: {} })).translations).toEqual({})
    for (const translations of [{ xx: { name: 'Nope' } }, { pl: { venue: 'Nie' } }, { pl: { name: 'x'.repeat(201) } }, { pl: { location: 'x'.repeat(501) } }, { pl: { location: '<script>x</script>' } }]) {
      expect((await request('PATCH', `/${product.id}/tickets/${ticket.id}`, { translations })).statusCode, JSON.stringify(translations)).toBe(400)
    }
    const added = await request('POST', `/${product.id}/tickets`, { name: 'Balcony', pricing_plans: [oneTimePlan(2_900)], translations: { es: { name: 'Balcón', location: 'Hamburgo' } } })
    expect(added.statusCode, added.body).toBe(201)
    expect(added.json().tickets.find((t: { name: string }) => t.name === 'Balcony').translations).toEqual({ es: { name: 'Balcón', location: 'Hamburgo' } })
  })

  test('a duplicate keeps the plans\' and ticket types\' translations', async () => {
    const product = await createProduct(t, seller.accessToken, {
      form: 'eventTickets',
      tickets: [{ name: 'Standing', location: 'Berlin', pricing_plans: [{ ...oneTimePlan(1_900), name: 'Regular', translations: { pl: { name: 'Normalny' } } }], translations: { pl: { name: 'Stojące', location: 'Berlin, hala' } } }],
    })
    const res = await request('POST', `/${product.id}/duplicate`)
    expect(res.statusCode, res.body).toBeLessThan(300)
    expect(res.json().tickets[0].translations).toEqual({ pl: { name: 'Stojące', location: 'Berlin, hala' } })
    expect(res.json().tickets[0].pricing_plans[0].translations).toEqual({ pl: { name: 'Normalny' } })
  })
})

describe('the shop and the tickets in a language', () => {
  let digital: { id: number; slug: string; pricing_plans: { id: number }[] }
  let event: { id: number; slug: string; tickets: { id: number; pricing_plans: { id: number }[] }[] }
  beforeAll(async () => {
    digital = await publishedProduct(t, seller.accessToken, {
      name: 'Watercolour course',
      pricing_plans: [{ ...oneTimePlan(4_900), name: 'Full course', translations: { pl: { name: 'Cały kurs' } } }, { ...oneTimePlan(1_900), name: 'First module' }],
    })
    event = await publishedProduct(t, seller.accessToken, {
      form: 'eventTickets', name: 'Jazz night', translations: { pl: { name: 'Noc jazzowa' } },
      tickets: [
        {
          name: 'Front row', location: 'Hamburg, Elbphilharmonie', start_date: eventStart, end_date: '2031-09-12T22:00:00.000Z',
          pricing_plans: [{ ...oneTimePlan(5_900), name: 'Adult', translations: { pl: { name: 'Dorosły' } } }],
          translations: { pl: { name: 'Pierwszy rząd', location: 'Hamburg, Filharmonia nad Łabą' } },
        },
        { name: 'Balcony', location: 'Hamburg, Elbphilharmonie', start_date: eventStart, pricing_plans: [oneTimePlan(2_900)], translations: { pl: { name: 'Balkon' } } },
      ],
    })
  })
  const shopProduct = (slug: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${slug}`, headers })

  test('the product: plan names in Polish where given, else the base name; no translations in the public answer', async () => {
    const polish = (await shopProduct(digital.slug, { 'accept-language': 'pl-PL, en;q=0.5' })).json()
    expect(polish.pricing_plans.map((p: { name: string | null }) => p.name)).toEqual(['Cały kurs', 'First module'])
    expect(polish.pricing_plans[0]).not.toHaveProperty('translations')
    expect((await shopProduct(digital.slug, { 'accept-language': 'de' })).json().pricing_plans.map((p: { name: string | null }) => p.name)).toEqual(['Full course', 'First module'])
    expect((await shopProduct(digital.slug)).json().pricing_plans.map((p: { name: string | null }) => p.name)).toEqual(['Full course', 'First module'])
  })

  test('the event: ticket names, locations and their plans\' names in Polish, each falling back on its own', async () => {
    const polish = (await shopProduct(event.slug, { 'content-language': 'pl' })).json()
    expect(polish.tickets.map((tk: { name: string; location: string | null }) => [tk.name, tk.location])).toEqual([
      ['Pierwszy rząd', 'Hamburg, Filharmonia nad Łabą'], ['Balkon', 'Hamburg, Elbphilharmonie'],
    ])
    expect(polish.tickets[0].pricing_plans[0].name).toBe('Dorosły')
    expect(polish.tickets[0]).not.toHaveProperty('translations')
    const base = (await shopProduct(event.slug, { 'accept-language': 'fr' })).json()
    expect(base.tickets.map((tk: { name: string; location: string | null }) => [tk.name, tk.location])).toEqual([
      ['Front row', 'Hamburg, Elbphilharmonie'], ['Balcony', 'Hamburg, Elbphilharmonie'],
    ])
    expect(base.tickets[0].pricing_plans[0].name).toBe('Adult')
    // the shop list's card: the event's place in the language too
    const list = async (headers: Record<string, string>) => (await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products`, headers })).json()
      .list.find((p: { id: number }) => p.id === event.id).event
    expect((await list({ 'accept-language': 'pl' })).location).toBe('Hamburg, Filharmonia nad Łabą')
    expect((await list({})).location).toBe('Hamburg, Elbphilharmonie')
  })

  test.runIf(existsSync('dist/storefront/server/entry-server.js'))('the storefront\'s product pages show the plans\' and ticket types\' texts in the page\'s language', async () => {
    const page = async (path: string) => {
      const res = await t.request({ method: 'GET', url: path })
      expect(res.statusCode).toBe(200)
      return res.body
    }
    const polish = await page(`/s/${seller.username}/${digital.slug}?lang=pl`)
    expect(polish).toContain('Cały kurs')
    expect(polish).toContain('First module')
    expect(polish).not.toContain('Full course')
    const eventPage = await page(`/s/${seller.username}/${event.slug}?lang=pl`)
    for (const text of ['Pierwszy rząd', 'Hamburg, Filharmonia nad Łabą', 'Dorosły', 'Balkon']) expect(eventPage).toContain(text)
    expect(eventPage).not.toContain('Front row')
    const english = await page(`/s/${seller.username}/${event.slug}?lang=en`)
    for (const text of ['Front row', 'Hamburg, Elbphilharmonie', 'Adult', 'Balcony']) expect(english).toContain(text)
  })

  test('the quote names the ticket type in the page\'s language', async () => {
    const ticket = event.tickets[0]!
    const quote = (headers: Record<string, string> = {}) => t.request({
      method: 'POST', url: '/api/v1/shop/orders/quote', headers,
      payload: { product_id: event.id, pricing_plan_id: ticket.pricing_plans[0]!.id, ticket_id: ticket.id, quantity: 1, country_code: 'DE' },
    })
    const polish = await quote({ 'content-language': 'pl' })
    expect(polish.statusCode, polish.body).toBe(200)
    expect(polish.json().lines.map((l: { name: string }) => l.name)).toEqual(['Noc jazzowa – Pierwszy rząd'])
    expect((await quote()).json().lines.map((l: { name: string }) => l.name)).toEqual(['Jazz night – Front row'])
  })

  /** Buys one ticket of the type at `index` (the first: Front row), in `language` when given; answers its order's tickets. */
  async function buyTicket(language?: string, index = 0) {
    const ticket = event.tickets[index]!
    const res = await t.request({
      method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': randomUUID(), ...(language ? { 'content-language': language } : {}) },
      payload: {
        product_id: event.id, pricing_plan_id: ticket.pricing_plans[0]!.id, ticket_id: ticket.id, quantity: 1, payment_method: 'card', payer: fullPayer(), terms_accepted: true,
        attendees: [{ first_name: 'Ola', last_name: 'Nowak', email: `ola-${randomUUID().slice(0, 6)}@example.test` }],
      },
    })
    expect(res.statusCode, res.body).toBe(201)
    expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const [row] = await sql<{ id: number }>('select id from orders where token = $1', [res.json().order.token])
    const order = (await findOrder(t.deps.db, row!.id))!
    await t.deps.db.transaction((tx) => paymentTickets.issuePaymentTickets(tx, t.deps, order))
    return { order, tickets: await paymentTickets.paymentTicketsOfOrder(t.deps.db, t.deps, order.id) }
  }
  const pathOf = (address: string) => new URL(address).pathname

  test('a ticket bought in Polish prints the event, its type and place in Polish (PDF and calendar file); the order\'s line keeps the base', async () => {
    const { order, tickets } = await buyTicket('pl')
    expect(order.locale).toBe('pl')
    const pdf = await t.request({ method: 'GET', url: pathOf(tickets[0]!.pdf_url) })
    expect(pdf.statusCode).toBe(200)
    const text = await pdfText(pdf.rawPayload)
    for (const expected of ['Noc jazzowa', 'Pierwszy rząd', 'Hamburg, Filharmonia nad Łabą', 'Ola Nowak']) expect(text).toContain(expected)
    expect(text).not.toContain('Front row')
    const ics = await t.request({ method: 'GET', url: pathOf(tickets[0]!.pdf_url).replace('ticket.pdf', 'event.ics') })
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toContain('SUMMARY:Noc jazzowa – Pierwszy rząd')
    expect(ics.body.replace(/\r\n[ \t]/g, '')).toContain('LOCATION:Hamburg\\, Filharmonia nad Łabą')
    // the mail's attachments are the same files
    const attachments = await paymentTickets.paymentTicketAttachments(t.deps.db, t.deps, order.id)
    expect(await pdfText(attachments.find((a) => a.contentType === 'application/pdf')!.content)).toContain('Pierwszy rząd')
    const [line] = await sql<{ name: string }>('select name from order_items where order_id = $1', [order.id])
    expect(line!.name).toBe('Jazz night – Front row')
    // the payer area's ticket list names them as the ticket prints them
    const mine = (await paymentTickets.paymentTicketsOfPayer(t.deps.db, t.deps, order.payerUserId!)).find((x) => x.id === tickets[0]!.id)
    expect(mine).toMatchObject({ product_name: 'Noc jazzowa', ticket_name: 'Pierwszy rząd' })
  })

  test('a ticket bought in a language without translations prints the base texts', async () => {
    const { order, tickets } = await buyTicket('fr')
    const text = await pdfText((await t.request({ method: 'GET', url: pathOf(tickets[0]!.pdf_url) })).rawPayload)
    for (const expected of ['Jazz night', 'Front row', 'Hamburg, Elbphilharmonie']) expect(text).toContain(expected)
    expect(text).not.toContain('Pierwszy rząd')
    const mine = (await paymentTickets.paymentTicketsOfPayer(t.deps.db, t.deps, order.payerUserId!)).find((x) => x.id === tickets[0]!.id)
    expect(mine).toMatchObject({ product_name: 'Jazz night', ticket_name: 'Front row' })
  })

  test('a ticket upgrade names the ticket types in the ticket\'s order\'s language', async () => {
    const { order, tickets } = await buyTicket('pl', 1)
    const res = await t.request({ method: 'GET', url: `/api/v1/shop/orders/${order.token}/payment_tickets/${tickets[0]!.id}/upgrades` })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().ticket_name).toBe('Balkon')
    expect(res.json().options.map((o: { name: string }) => o.name)).toEqual(['Pierwszy rząd'])
    const base = await buyTicket(undefined, 1)
    const english = (await t.request({ method: 'GET', url: `/api/v1/shop/orders/${base.order.token}/payment_tickets/${base.tickets[0]!.id}/upgrades` })).json()
    expect([english.ticket_name, ...english.options.map((o: { name: string }) => o.name)]).toEqual(['Balcony', 'Front row'])
  })
})
