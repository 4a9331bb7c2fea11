import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parse } from 'csv-parse/sync'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const url = '/api/v1/cabinet/products'

describe('create and read', () => {
  test('a product answers 201 with id, slug, form, states, statuses, counts and plans with ids and versions', async () => {
    const res = await t.request({
      method: 'POST', url, token: seller.accessToken,
      payload: { form: 'digital', name: 'Coaching Call', limit: 10, pricing_plans: [oneTimePlan(4900)] },
    })
    expect(res.statusCode).toBe(201)
    const body = res.json()
    expect(body).toMatchObject({
      form: 'digital', type: 'service', name: 'Coaching Call', slug: 'coaching-call', publish_state: 'unpublished', review_state: 'not_for_review',
      limit: 10, sold_count: 0, reserved_count: 0, tickets: [], statuses: ['not_active'], can_sell: false,
    })
    expect(body.pricing_plans).toHaveLength(1)
    expect(body.pricing_plans[0]).toMatchObject({ form: 'one_time', kind: 0, currency_id: 'eur', price: 4900, checkout_amount: 4900, total: 4900 })
    expect(body.pricing_plans[0].id).toBeGreaterThan(0)
    expect(body.pricing_plans[0].version_id).toBeGreaterThan(0)
    const read = await t.request({ method: 'GET', url: `${url}/${body.id}`, token: seller.accessToken })
    expect(read.statusCode).toBe(200)
    expect(read.json().id).toBe(body.id)
  })

  test('an eventTickets product keeps its plans on its ticket types; its own pricing_plans is []', async () => {
    const body = await createProduct(t, seller.accessToken, {
      form: 'eventTickets', name: 'Summit',
      tickets: [{ name: 'Standard', location: 'Berlin', start_date: '2030-05-01T09:00:00.000Z', end_date: '2030-05-01T18:00:00.000Z', limit: 100, pricing_plans: [oneTimePlan(9900)] }],
    })
    expect(body.pricing_plans).toEqual([])
    expect(body.tickets).toHaveLength(1)
    expect(body.tickets[0]).toMatchObject({ name: 'Standard', limit: 100, active: true, sold_out: false })
    expect(body.tickets[0].pricing_plans[0]).toMatchObject({ price: 9900, ticket_id: body.tickets[0].id })
    expect(body.active_tickets_count).toBe(1)
  })

  test('plans of all four forms are stored with their numeric kinds and totals', async () => {
    const body = await createProduct(t, seller.accessToken, {
      form: 'course', pricing_plans: [
        oneTimePlan(1000),
        { form: 'installment', currency_id: 'eur', first_amount: 3000, next_amount: 2000, payments_count: 4, interval: '1m' },
        { form: 'limited_subscription', currency_id: 'usd', price: 500, payments_count: 6, interval: '14d' },
        { form: 'subscription', currency_id: 'eur', price: 1500, interval: '1y' },
      ],
    })
    expect(body.pricing_plans.map((p: any) => [p.form, p.kind, p.total])).toEqual([
      ['one_time', 0, 1000], ['installment', 1, 9000], ['limited_subscription', 2, 3000], ['subscription', 3, null],
    ])
    // docs/reference/readings.md 2: 14d is stored as 2w.
    expect(body.pricing_plans[2].interval).toBe('2w')
  })
})

describe('bad input changes nothing and names the field', () => {
  const plan = (extra: Record<string, unknown>) => ({ form: 'digital', name: 'Bad', pricing_plans: [{ ...oneTimePlan(), ...extra }] })
  const cases: [string, Record<string, unknown>, string][] = [
    ['a price with a non-integer amount (more than minor units)', plan({ price: 19.999 }), 'pricing_plans.0.price'],
    ['a negative amount', plan({ price: -1 }), 'pricing_plans.0.price'],
    ['an installment count of 25', { form: 'digital', name: 'Bad', pricing_plans: [{ form: 'installment', currency_id: 'eur', first_amount: 100, next_amount: 100, payments_count: 25, interval: '1m' }] }, 'pricing_plans.0.payments_count'],
    ['an interval 8w not in the spec', { form: 'digital', name: 'Bad', pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 100, interval: '8w' }] }, 'pricing_plans.0.interval'],
  ]
  for (const [rule, payload, path] of cases) {
    test(`${rule} is refused with a field error`, async () => {
      const before = await t.request({ method: 'GET', url, token: seller.accessToken })
      const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload })
      expect(res.statusCode).toBe(400)
      expect(res.json().error.type).toBe('INVALID_INPUT')
      expect(res.json().error.fields.map((f: { path: string }) => f.path)).toContain(path)
      const after = await t.request({ method: 'GET', url, token: seller.accessToken })
      expect(after.json().total_count).toBe(before.json().total_count)
    })
  }

  test('a duplicate slug (in any case) is refused with a slug field error', async () => {
    await createProduct(t, seller.accessToken, { slug: 'unique-thing' })
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'Other', slug: 'Unique-Thing' } })
    expect(res.statusCode).toBe(422)
    expect(res.json().error).toMatchObject({ type: 'validation_failed', fields: [{ path: 'slug' }] })
  })

  test('a slug generated from a taken name gets a number', async () => {
    const a = await createProduct(t, seller.accessToken, { name: 'Same Name' })
    const b = await createProduct(t, seller.accessToken, { name: 'Same Name' })
    expect(a.slug).toBe('same-name')
    expect(b.slug).toBe('same-name-2')
  })

  test('a reserved slug is refused (docs/reference/readings.md 16)', async () => {
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'X', slug: 'courses' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.fields[0]).toMatchObject({ path: 'slug' })
  })

  test('tickets on a non-event product, and plans on an event product, are refused', async () => {
    const a = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'X', tickets: [{ name: 'T' }] } })
    expect(a.statusCode).toBe(400)
    const b = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'eventTickets', name: 'X', pricing_plans: [oneTimePlan()] } })
    expect(b.statusCode).toBe(400)
  })

  test('unknown body keys are refused', async () => {
    const res = await t.request({ method: 'POST', url, token: seller.accessToken, payload: { form: 'digital', name: 'X', seller_id: 1 } })
    expect(res.statusCode).toBe(400)
  })
})

describe('pricing plans: terms frozen at purchase', () => {
  test('updating a plan creates a new version and keeps the old snapshot unchanged', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1000)] })
    const plan = product.pricing_plans[0]
    const res = await t.request({ method: 'PATCH', url: `${url}/${product.id}/pricing_plans/${plan.id}`, token: seller.accessToken, payload: oneTimePlan(2500) })
    expect(res.statusCode).toBe(200)
    const updated = res.json().pricing_plans[0]
    expect(updated).toMatchObject({ id: plan.id, price: 2500 })
    expect(updated.version_id).not.toBe(plan.version_id)
    const versions = await t.request({ method: 'GET', url: `${url}/${product.id}/pricing_plans/${plan.id}/versions`, token: seller.accessToken })
    const list = versions.json().list
    expect(list.map((v: any) => v.version)).toEqual([1, 2])
    expect(list[0]).toMatchObject({ id: plan.version_id, snapshot: { price: 1000, checkoutAmount: 1000, kind: 0 } })
    expect(list[1]).toMatchObject({ id: updated.version_id, snapshot: { price: 2500 } })
  })

  test('the same terms sent again make no new version', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1000)] })
    const plan = product.pricing_plans[0]
    await t.request({ method: 'PATCH', url: `${url}/${product.id}/pricing_plans/${plan.id}`, token: seller.accessToken, payload: oneTimePlan(1000) })
    const versions = await t.request({ method: 'GET', url: `${url}/${product.id}/pricing_plans/${plan.id}/versions`, token: seller.accessToken })
    expect(versions.json().list).toHaveLength(1)
  })

  test('a removed plan leaves the product; a plan added later gets an id', async () => {
    const product = await createProduct(t, seller.accessToken)
    const added = await t.request({ method: 'POST', url: `${url}/${product.id}/pricing_plans`, token: seller.accessToken, payload: { form: 'subscription', currency_id: 'chf', price: 900, interval: '1m' } })
    expect(added.statusCode).toBe(201)
    expect(added.json().pricing_plans).toHaveLength(2)
    const del = await t.request({ method: 'DELETE', url: `${url}/${product.id}/pricing_plans/${product.pricing_plans[0].id}`, token: seller.accessToken })
    expect(del.statusCode).toBe(204)
    const read = await t.request({ method: 'GET', url: `${url}/${product.id}`, token: seller.accessToken })
    expect(read.json().pricing_plans.map((p: any) => p.currency_id)).toEqual(['chf'])
  })
})

describe('tickets and add-ons', () => {
  test('ticket types are added, changed and removed; each owns its plans', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'eventTickets' })
    expect(product.statuses).toContain('no_active_events')
    const added = await t.request({ method: 'POST', url: `${url}/${product.id}/tickets`, token: seller.accessToken, payload: { name: 'VIP', limit: 5 } })
    expect(added.statusCode).toBe(201)
    const ticket = added.json().tickets[0]
    const withPlan = await t.request({ method: 'POST', url: `${url}/${product.id}/tickets/${ticket.id}/pricing_plans`, token: seller.accessToken, payload: oneTimePlan(20000) })
    expect(withPlan.json().tickets[0].pricing_plans[0].price).toBe(20000)
    expect(withPlan.json().statuses).not.toContain('no_pricing_plans')
    const off = await t.request({ method: 'PATCH', url: `${url}/${product.id}/tickets/${ticket.id}`, token: seller.accessToken, payload: { active: false } })
    expect(off.json().statuses).toContain('no_active_events')
    const badDates = await t.request({ method: 'PATCH', url: `${url}/${product.id}/tickets/${ticket.id}`, token: seller.accessToken, payload: { start_date: '2030-01-02T00:00:00.000Z', end_date: '2030-01-01T00:00:00.000Z' } })
    expect(badDates.statusCode).toBe(400)
    const del = await t.request({ method: 'DELETE', url: `${url}/${product.id}/tickets/${ticket.id}`, token: seller.accessToken })
    expect(del.statusCode).toBe(204)
  })

  test('a bundle without products says no_products; with add-ons it does not', async () => {
    const course = await createProduct(t, seller.accessToken, { form: 'course' })
    const bundle = await createProduct(t, seller.accessToken, { form: 'bundle' })
    expect(bundle.statuses).toContain('no_products')
    const res = await t.request({ method: 'PUT', url: `${url}/${bundle.id}/addons`, token: seller.accessToken, payload: { addons: [{ product_id: course.id, kind: 'bundle' }] } })
    expect(res.statusCode).toBe(200)
    expect(res.json().addons).toEqual([expect.objectContaining({ product_id: course.id, kind: 'bundle', name: course.name })])
    expect(res.json().statuses).not.toContain('no_products')
  })

  test('add-ons are refused on a form without products', async () => {
    const other = await createProduct(t, seller.accessToken)
    const digital = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'PUT', url: `${url}/${digital.id}/addons`, token: seller.accessToken, payload: { addons: [{ product_id: other.id }] } })
    expect(res.statusCode).toBe(422)
  })
})

describe('publishing (docs/reference/readings.md 23)', () => {
  test('publishing a product without pricing plans answers 422 cannot_publish with no_pricing_plans', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [] })
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.type).toBe('cannot_publish')
    expect(res.json().error.message).toContain('no_pricing_plans')
    expect(res.json().error.fields).toContainEqual({ path: 'statuses', message: 'no_pricing_plans' })
  })

  test('a seller who cannot sell is told to finish registration', async () => {
    const newcomer = await createSeller(t, { ready: false })
    const product = await createProduct(t, newcomer.accessToken)
    // PAYMENTS_TEST_MODE (the default) makes the payment account done; the profile and email are still open.
    expect(product.statuses).toEqual(expect.arrayContaining(['finish_registration']))
    expect(product.statuses).not.toContain('no_active_pay_method')
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: newcomer.accessToken })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.message).toContain('finish_registration')
  })

  test('a seller who is not a power seller publishes directly (review state not_for_review), and can unpublish', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ publish_state: 'published', review_state: 'not_for_review', statuses: [], can_sell: true, published: true })
    const off = await t.request({ method: 'POST', url: `${url}/${product.id}/unpublish`, token: seller.accessToken })
    expect(off.json()).toMatchObject({ publish_state: 'unpublished', statuses: ['not_active'] })
  })

  test('a free product publishes with review state free_without_fee', async () => {
    const product = await createProduct(t, seller.accessToken, { free: true, pricing_plans: [oneTimePlan(0)] })
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(res.json()).toMatchObject({ publish_state: 'published', review_state: 'free_without_fee' })
  })

  test('a product with a limit reached cannot be published', async () => {
    const product = await createProduct(t, seller.accessToken, { limit: 0 })
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.message).toContain('limit_reached')
  })

  test('archive and unarchive; an archived product cannot be published', async () => {
    const product = await createProduct(t, seller.accessToken)
    const archived = await t.request({ method: 'POST', url: `${url}/${product.id}/archive`, token: seller.accessToken })
    expect(archived.json()).toMatchObject({ archived: true, statuses: expect.arrayContaining(['is_archived']) })
    const publish = await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    expect(publish.statusCode).toBe(422)
    const back = await t.request({ method: 'POST', url: `${url}/${product.id}/unarchive`, token: seller.accessToken })
    expect(back.json()).toMatchObject({ archived: false, archived_at: null })
  })
})

describe('update, duplicate, delete', () => {
  test('PATCH changes fields, the access password shows only to the seller as has_access_password', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({
      method: 'PATCH', url: `${url}/${product.id}`, token: seller.accessToken,
      payload: { name: 'Renamed', internal_name: 'INT-1', cost_center: 'CC-9', product_groups: ['a', 'b'], access_password: 'open-sesame', display_price: 1990, display_currency_id: 'eur' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ name: 'Renamed', internal_name: 'INT-1', cost_center: 'CC-9', product_groups: ['a', 'b'], access_password: 'open-sesame', is_private: true })
    expect(res.json().statuses).toContain('has_access_password')
  })

  test('duplicate copies plans (new ids and versions), unpublished with a new slug', async () => {
    const product = await createProduct(t, seller.accessToken, { name: 'Original' })
    await t.request({ method: 'POST', url: `${url}/${product.id}/publish`, token: seller.accessToken })
    const res = await t.request({ method: 'POST', url: `${url}/${product.id}/duplicate`, token: seller.accessToken })
    expect(res.statusCode).toBe(201)
    const copy = res.json()
    expect(copy).toMatchObject({ name: 'Original (copy)', slug: 'original-2', publish_state: 'unpublished', sold_count: 0 })
    expect(copy.pricing_plans[0].price).toBe(product.pricing_plans[0].price)
    expect(copy.pricing_plans[0].id).not.toBe(product.pricing_plans[0].id)
  })

  test('delete removes a product with no orders', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'DELETE', url: `${url}/${product.id}`, token: seller.accessToken })
    expect(res.statusCode).toBe(204)
    const read = await t.request({ method: 'GET', url: `${url}/${product.id}`, token: seller.accessToken })
    expect(read.statusCode).toBe(404)
  })
})

describe('the product list', () => {
  let lister: TestSeller
  beforeAll(async () => {
    lister = await createSeller(t)
    const a = await createProduct(t, lister.accessToken, { form: 'course', name: 'Alpha course', internal_name: 'alpha-int', position: 2 })
    await createProduct(t, lister.accessToken, { form: 'digital', name: 'Beta service', free: true, pricing_plans: [oneTimePlan(0)], position: 1 })
    await createProduct(t, lister.accessToken, { form: 'download', name: 'Gamma download', hidden_in_shop: true, position: 3 })
    await t.request({ method: 'POST', url: `${url}/${a.id}/publish`, token: lister.accessToken })
  })
  const list = async (query: string) => {
    const res = await t.request({ method: 'GET', url: `${url}?${query}`, token: lister.accessToken })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  test('default order is position ascending; total_count and total_count_max', async () => {
    const body = await list('')
    expect(body.list.map((p: any) => p.name)).toEqual(['Beta service', 'Alpha course', 'Gamma download'])
    expect(body).toMatchObject({ total_count: 3, total_count_max: 3 })
  })

  test('filters: product_type (spec type or form), is_published, is_free, is_private, internal_name, query', async () => {
    expect((await list('product_type=service')).list.map((p: any) => p.name)).toEqual(['Beta service'])
    expect((await list('product_type=course')).list.map((p: any) => p.name)).toEqual(['Alpha course'])
    expect((await list('is_published=true')).list.map((p: any) => p.name)).toEqual(['Alpha course'])
    expect((await list('is_free=true')).list.map((p: any) => p.name)).toEqual(['Beta service'])
    expect((await list('is_private=true')).list.map((p: any) => p.name)).toEqual(['Gamma download'])
    expect((await list('internal_name=alpha')).list.map((p: any) => p.name)).toEqual(['Alpha course'])
    const searched = await list('query=gamma')
    expect(searched).toMatchObject({ total_count: 1, total_count_max: 3 })
    expect((await list('is_archived=true')).total_count).toBe(0)
    expect((await list(`created_from_time=${encodeURIComponent('2999-01-01T00:00:00Z')}`)).total_count).toBe(0)
  })

  test('sort keys and page size; counts per state', async () => {
    expect((await list('sort_key=name&sort_dir=desc')).list.map((p: any) => p.name)).toEqual(['Gamma download', 'Beta service', 'Alpha course'])
    const page = await list('per=1&page=2&sort_key=name')
    expect(page.list.map((p: any) => p.name)).toEqual(['Beta service'])
    expect((await list('counts=true')).counts).toMatchObject({ published: 1, unpublished: 2, archived: 0 })
    const bad = await t.request({ method: 'GET', url: `${url}?sort_key=price`, token: lister.accessToken })
    expect(bad.statusCode).toBe(400)
  })

  test('the CSV header is exactly the spec columns, a row has sell and published, and "=SUM(A1)" is neutralised', async () => {
    await createProduct(t, lister.accessToken, { name: '=SUM(A1)', internal_name: '@cmd', cost_center: '+1', product_groups: ['-x'] })
    const res = await t.request({ method: 'GET', url: `${url}/export.csv?sort_key=id`, token: lister.accessToken })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/csv')
    const [header, ...rows] = parse(res.body) as string[][]
    expect(header).toEqual(['id', 'name', 'created_at', 'updated_at', 'sell', 'published', 'display_price', 'limit', 'sold_count', 'reserved_count', 'product_groups', 'internal_name', 'cost_center'])
    expect(rows).toHaveLength(4)
    const alpha = rows.find((r) => r[1] === 'Alpha course')!
    expect(alpha[4]).toBe('true')
    expect(alpha[5]).toBe('true')
    const hostile = rows.find((r) => r[1]!.includes('SUM'))!
    expect(hostile[1]).toBe("'=SUM(A1)")
    expect(hostile[10]).toBe("'-x")
    expect(hostile[11]).toBe("'@cmd")
    expect(hostile[12]).toBe("'+1")
  })
})

describe('another seller\'s product answers 404 on every product route (0 leaks)', () => {
  test('every route, read and write, answers 404 not_found and changes nothing', async () => {
    const owner = await createSeller(t)
    const intruder = await createSeller(t)
    const product = await createProduct(t, owner.accessToken, { name: 'Secret product' })
    const plan = product.pricing_plans[0].id
    const event = await createProduct(t, owner.accessToken, { form: 'eventTickets', tickets: [{ name: 'T', pricing_plans: [oneTimePlan()] }] })
    const keys = await createProduct(t, owner.accessToken, { form: 'licenseKey' })
    const ticket = event.tickets[0].id
    const p = `${url}/${product.id}`
    const calls: [string, string, unknown?][] = [
      ['GET', p], ['PATCH', p, { name: 'Hacked' }], ['DELETE', p], ['POST', `${p}/duplicate`], ['POST', `${p}/publish`],
      ['POST', `${p}/unpublish`], ['POST', `${p}/archive`], ['POST', `${p}/unarchive`],
      ['POST', `${p}/pricing_plans`, oneTimePlan(1)], ['PATCH', `${p}/pricing_plans/${plan}`, oneTimePlan(1)],
      ['DELETE', `${p}/pricing_plans/${plan}`], ['GET', `${p}/pricing_plans/${plan}/versions`],
      ['PUT', `${p}/addons`, { addons: [] }],
      ['POST', `${url}/${event.id}/tickets`, { name: 'X' }], ['PATCH', `${url}/${event.id}/tickets/${ticket}`, { name: 'X' }],
      ['DELETE', `${url}/${event.id}/tickets/${ticket}`], ['POST', `${url}/${event.id}/tickets/${ticket}/pricing_plans`, oneTimePlan(1)],
      ['POST', `${url}/${keys.id}/license_keys`, { keys: ['A-1'] }], ['GET', `${url}/${keys.id}/license_keys`],
      ['DELETE', `${url}/${keys.id}/license_keys/1`],
    ]
    for (const [method, path, payload] of calls) {
      const res = await t.request({ method: method as 'GET', url: path, token: intruder.accessToken, ...(payload ? { payload: payload as object } : {}) })
      expect(res.statusCode, `${method} ${path}`).toBe(404)
      expect(res.json().error.type).toBe('not_found')
      expect(res.body).not.toContain('Secret product')
    }
    const own = await createProduct(t, intruder.accessToken, { form: 'bundle' })
    const addon = await t.request({ method: 'PUT', url: `${url}/${own.id}/addons`, token: intruder.accessToken, payload: { addons: [{ product_id: product.id }] } })
    expect(addon.statusCode).toBe(404)
    const listed = await t.request({ method: 'GET', url, token: intruder.accessToken })
    expect(listed.body).not.toContain('Secret product')
    const csv = await t.request({ method: 'GET', url: `${url}/export.csv`, token: intruder.accessToken })
    expect(csv.body).not.toContain('Secret product')
    const after = await t.request({ method: 'GET', url: p, token: owner.accessToken })
    expect(after.json()).toMatchObject({ name: 'Secret product', publish_state: 'unpublished', archived: false })
    expect(after.json().pricing_plans).toHaveLength(1)
  })

  test('without a token the cabinet answers 401; a payer is forbidden', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401)
    const { signUpUser } = await import('../../../../tests/factories/users')
    const payer = await signUpUser(t, { profile_type: 'payer' })
    expect((await t.request({ method: 'GET', url, token: payer.accessToken })).statusCode).toBe(403)
  })
})

describe('team members act for their seller', () => {
  test('a team member with products.read sees the employer\'s products; without products.write cannot change them', async () => {
    const employer = await createSeller(t)
    const product = await createProduct(t, employer.accessToken, { name: 'Employer product' })
    const { signUpUser } = await import('../../../../tests/factories/users')
    const member = await signUpUser(t, { profile_type: 'payer' })
    const { rows } = await t.deps.database.executeSql(
      `insert into profiles (user_id, type, seller_id, permissions) values ($1, 'team_member', $2, '["products.read"]'::jsonb) returning id`,
      [member.userId, employer.sellerId],
    )
    const switched = await t.request({ method: 'PUT', url: '/api/v1/app/session/profile', token: member.accessToken, payload: { profile_id: rows[0].id } })
    expect(switched.statusCode).toBe(200)
    const token = switched.json().access_token
    const list = await t.request({ method: 'GET', url, token })
    expect(list.json().list.map((p: any) => p.name)).toEqual(['Employer product'])
    expect((await t.request({ method: 'GET', url: `${url}/${product.id}`, token })).statusCode).toBe(200)
    expect((await t.request({ method: 'PATCH', url: `${url}/${product.id}`, token, payload: { name: 'X' } })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url, token, payload: { form: 'digital', name: 'X' } })).statusCode).toBe(403)
  })
})

describe('the seller API is documented', () => {
  test('the OpenAPI document lists the catalogue, coupon, admin and shop routes', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const paths = Object.keys(res.json().paths)
    for (const path of ['/api/v1/cabinet/products', '/api/v1/cabinet/products/{id}/publish', '/api/v1/cabinet/products/{id}/license_keys', '/api/v1/cabinet/coupons/bulk', '/api/v1/admin/product_reviews', '/api/v1/shop/{username}/products/{slug}']) {
      expect(paths).toContain(path)
    }
  })
})
