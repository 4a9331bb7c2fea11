import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startCollectionPartner, type CollectionPartnerStandIn } from '../../../../tests/stand-ins/collection-partner-stand-in'
import { pollHandoffs, sendHandoff } from './claim-handoffs.service'
import { rateChargeFailed } from './dunning.service'

// Claims handed to collection partners and the strategy filters (docs/decisions/0057-orders-area-remains.md):
// inkasso runs against a local stand-in of its case API, credit_reform_inkasso has no address (export mode).

let t: TestApp
let partner: CollectionPartnerStandIn
let seller: TestSeller
let manager: string
beforeAll(async () => {
  partner = await startCollectionPartner()
  t = await createTestApp({ INKASSO_API_BASE: partner.url })
  seller = await createSeller(t)
  manager = await signInManager(t)
  const res = await t.request({ method: 'PUT', url: '/api/v1/cabinet/dunning_settings', token: seller.accessToken, payload: { enabled: false, retry_days: [3], pause_access: true, create_claims: true } })
  expect(res.statusCode, res.body).toBe(200)
})
afterAll(async () => {
  await t.close()
  await partner.close()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

/** A claim at once: the seller's dunning is off, the rate's charge failed. */
async function claim(): Promise<number> {
  const product = await publishedProduct(t, seller.accessToken, { form: 'course', pricing_plans: [{ form: 'subscription', currency_id: 'eur', price: 900, interval: '1m' }] })
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0].id, payment_method: 'card', payer: fullPayer(), terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [rate] = await sql<{ id: number; order_id: number }>('select r.id, r.order_id from order_rates r join orders o on o.id = r.order_id where o.token = $1 and r.number = 2', [res.json().order.token])
  await sql(`update order_rates set state = 'unpaid', attempts = 1 where id = $1`, [rate!.id])
  await t.deps.db.transaction((tx) => rateChargeFailed(t.deps, tx, { orderId: rate!.order_id, rateId: rate!.id, failureReason: 'card_declined' }))
  return (await sql<{ id: number }>('select id from claims where rate_id = $1', [rate!.id]))[0]!.id
}

const handOff = (id: number, partnerName: string) =>
  t.request({ method: 'POST', url: `/api/v1/cabinet/claims/${id}/inkasso`, token: seller.accessToken, payload: { status: 'in_inkasso', partner: partnerName } })
const handoffsOf = async (id: number, admin = false) => {
  const res = await t.request({ url: `/api/v1/${admin ? 'admin' : 'cabinet'}/claims/${id}/handoffs`, token: admin ? manager : seller.accessToken })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().list
}
const claimsList = (query: string, admin = false) => t.request({ url: `/api/v1/${admin ? 'admin' : 'cabinet'}/claims?${query}`, token: admin ? manager : seller.accessToken })

describe('handing a claim to a collection partner', () => {
  test('inkasso (API): the claim file is posted once by the job, the partner\'s answers are recorded once each, a payment collects the claim', async () => {
    const id = await claim()
    const queued = await handOff(id, 'inkasso')
    expect(queued.statusCode, queued.body).toBe(200)
    expect(queued.json()).toMatchObject({ inkasso_status: 'in_inkasso', strategy_type: 'inkasso', strategy_status: 'queued', strategy_stage: 'amicable' })
    // Handing it over again while it is with the partner is refused.
    expect((await handOff(id, 'inkasso')).statusCode).toBe(409)

    await t.deps.jobs.drain()
    const [handoff] = await handoffsOf(id)
    expect(handoff).toMatchObject({ partner: 'inkasso', status: 'sent', mode: 'api', partner_reference: 'case_1', events: [{ kind: 'sent' }] })
    // The job run again (a retry) sends nothing more.
    await sendHandoff(t.deps, handoff.id)
    expect(partner.requests.filter((r) => r.method === 'POST')).toHaveLength(1)
    const sentCase = partner.cases.get('case_1')!
    expect(sentCase).toMatchObject({ amount: 900, currency: 'eur', reference: `sellfront-claim-${id}-1` })
    expect(sentCase.claimFileCsv.split('\n')[0]).toContain('claim_id,order_token,rate_number')
    expect(sentCase.claimFileCsv).toContain(',9.00,')

    partner.answer('case_1', { id: 'ev1', kind: 'accepted', stage: 'judicial' })
    partner.answer('case_1', { id: 'ev2', kind: 'paid', amount: 400 })
    expect(await pollHandoffs(t.deps)).toBe(2)
    // Polled again (after the poll interval): the same answers are not recorded twice.
    await sql('update claim_handoffs set last_polled_at = null')
    expect(await pollHandoffs(t.deps)).toBe(0)

    partner.answer('case_1', { id: 'ev3', kind: 'paid', amount: 500 })
    await sql('update claim_handoffs set last_polled_at = null')
    expect(await pollHandoffs(t.deps)).toBe(1)
    const [seller1] = (await claimsList('strategy_type=inkasso')).json().list.filter((c: { id: number }) => c.id === id)
    // The seller sees the legal stage as amicable; the manager sees judicial.
    expect(seller1).toMatchObject({ strategy_status: 'paid', strategy_stage: 'amicable', outcome_status: 'collected', collected_amount: 900, open_amount: 0 })
    type Event = { kind: string; stage: string | null; amount: number | null }
    const events: Event[] = (await handoffsOf(id, true))[0].events
    expect(events.map((e) => e.kind)).toEqual(['sent', 'accepted', 'paid', 'paid'])
    expect(events[1]!.stage).toBe('judicial')
    expect((await handoffsOf(id))[0].events[1].stage).toBe('amicable')
  })

  test('credit_reform_inkasso (export): sent at once with the file to download; a rejection by letter gives the claim back, and it can be handed again', async () => {
    const id = await claim()
    expect((await handOff(id, 'credit_reform_inkasso')).statusCode).toBe(200)
    await t.deps.jobs.drain()
    const [handoff] = await handoffsOf(id)
    expect(handoff).toMatchObject({ partner: 'credit_reform_inkasso', status: 'sent', mode: 'export', partner_reference: null })
    const file = await t.request({ url: `/api/v1/cabinet/claims/${id}/claim_file.csv`, token: seller.accessToken })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toContain('text/csv')
    expect(file.body).toContain(`${id},`)

    const answer = await t.request({ method: 'POST', url: `/api/v1/admin/claims/${id}/handoff_answers`, token: manager, payload: { kind: 'rejected', note: 'Debtor abroad' } })
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json().events.map((e: { kind: string }) => e.kind)).toEqual(['sent', 'rejected'])
    const [after] = (await claimsList('strategy_status=rejected')).json().list
    expect(after).toMatchObject({ id, inkasso_status: 'ready_for_inkasso', strategy_stage: 'in_house', strategy_type: 'credit_reform_inkasso' })
    // A partner is named only with in_inkasso; a seller may not record answers.
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/claims/${id}/inkasso`, token: seller.accessToken, payload: { status: 'not_ready_for_inkasso', partner: 'inkasso' } })).statusCode).toBe(422)
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/claims/${id}/handoff_answers`, token: seller.accessToken, payload: { kind: 'closed' } })).statusCode).toBe(403)
    expect((await handOff(id, 'inkasso')).statusCode).toBe(200)
    expect((await handoffsOf(id)).map((h: { attempt: number; partner: string }) => [h.attempt, h.partner])).toEqual([[2, 'inkasso'], [1, 'credit_reform_inkasso']])
  })
})

describe('strategy and dunning filters', () => {
  test('strategy_stage, strategy_status, strategy_type and dunning_status filter; the legal stages are managers\' only', async () => {
    const inHouse = await claim()
    const ids = (res: { json(): { list: { id: number }[] } }) => res.json().list.map((c) => c.id)
    expect(ids(await claimsList('strategy_type=in_house'))).toContain(inHouse)
    expect(ids(await claimsList('strategy_type=inkasso'))).not.toContain(inHouse)
    expect(ids(await claimsList('strategy_status=not_handed_over'))).toContain(inHouse)
    expect(ids(await claimsList('strategy_stage=in_house'))).toContain(inHouse)
    // Claims opened with dunning off come from a skipped dunning.
    expect(ids(await claimsList('dunning_status=skipped'))).toContain(inHouse)
    expect(ids(await claimsList('dunning_status=completed'))).not.toContain(inHouse)

    // The first test's claim is judicial: managers filter by it, sellers get 403 and find it under amicable.
    expect((await claimsList('strategy_stage=judicial')).statusCode).toBe(403)
    const judicial = ids(await claimsList('strategy_stage=judicial', true))
    expect(judicial).toHaveLength(1)
    expect(ids(await claimsList('strategy_stage=amicable'))).toContain(judicial[0])
    expect(ids(await claimsList('strategy_stage=amicable', true))).not.toContain(judicial[0])
    expect((await claimsList('strategy_stage=nonsense')).statusCode).toBe(400)
  })
})
