import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import * as orders from '../orders/orders.service'
import { affiliatesJobs, creditMemosJob } from './affiliates.jobs'

// The publisher's mails (docs/decisions/0048-affiliates.md): a sale's commission mailed once per publisher
// and charge (never twice for a replayed payment, never with the payer's data), the monthly credit memo
// mailed once when the daily job makes it; each unless the publisher turned that mail off.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_BPS: '500' })
  seller = await createSeller(t)
})
afterAll(async () => { await t.close() })

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]

type Publisher = { id: number; email: string }

async function publisher(mails: Record<string, boolean> = {}): Promise<Publisher> {
  const email = `pub-${randomUUID().slice(0, 8)}@example.test`
  const [user] = await sql<{ id: number }>(`insert into users (email, password_hash, first_name, last_name, locale) values ($1, 'x', 'Pat', 'Publisher', 'en') returning id`, [email])
  const [row] = await sql<{ id: number }>('insert into publishers (user_id, email_notifications) values ($1, $2::jsonb) returning id', [user!.id, JSON.stringify(mails)])
  return { id: row!.id, email }
}

async function program(productId: number, bps: number[]): Promise<number> {
  const [row] = await sql<{ id: number }>(
    `insert into affiliate_programs (seller_id, name, commission_bps, lifetime, hold_days) values ($1, 'Partners', $2::jsonb, 'none', 14) returning id`,
    [seller.sellerId, JSON.stringify(bps)])
  await sql('insert into affiliate_program_products (program_id, product_id) values ($1, $2)', [row!.id, productId])
  return row!.id
}

async function node(programId: number, pub: Publisher, recruitedBy: number | null = null): Promise<{ id: number; token: string }> {
  const token = randomUUID().replaceAll('-', '').slice(0, 20)
  const [row] = await sql<{ id: number }>(
    `insert into affiliate_nodes (program_id, seller_id, publisher_id, state, token, recruited_by_node_id) values ($1, $2, $3, 'accepted', $4, $5) returning id`,
    [programId, seller.sellerId, pub.id, token, recruitedBy])
  return { id: row!.id, token }
}

async function buy(p: { id: number; pricing_plans: { id: number }[] }, token: string) {
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: p.id, pricing_plan_id: p.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true, affiliate: token })
  expect(res.statusCode, res.body).toBe(201)
  const paymentToken = res.json().next_action.payment_id as string
  expect((await sandboxPay(t, paymentToken)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  return { paymentToken, payer }
}

async function mailsTo(pub: Publisher, kind: string) {
  return sql<{ subject: string; text: string; html: string }>('select subject, text, html from email_logs where "to" = $1 and kind = $2 order by id', [pub.email, kind])
}

async function sale() {
  const p = await publishedProduct(t, seller.accessToken, { name: 'Mail Course', pricing_plans: [{ form: 'one_time', currency_id: 'eur', price: 10_000 }] })
  const programId = await program(p.id, [2000, 1000])
  return { p, programId }
}

describe('new sale mails', () => {
  test('an attributed sale mails the level-1 and level-2 publishers once, without the payer; a replayed payment mails nobody again', async () => {
    const { p, programId } = await sale()
    const recruiter = await publisher()
    const first = await publisher()
    const top = await node(programId, recruiter)
    const own = await node(programId, first, top.id)
    const { paymentToken, payer } = await buy(p, own.token)
    const [firstMail] = await mailsTo(first, 'affiliate_commission')
    const [recruiterMail] = await mailsTo(recruiter, 'affiliate_commission')
    expect(firstMail?.subject).toBe('New sale: Mail Course')
    expect(firstMail?.text).toContain('(level 1)')
    expect(firstMail?.text).toContain('http://localhost:3000/publish/orders')
    expect(recruiterMail?.text).toContain('(level 2)')
    for (const mail of [firstMail!, recruiterMail!]) {
      expect(mail.text).toMatch(/You earned .*€/)
      for (const word of [payer.email, payer.first_name, payer.last_name, payer.street, payer.phone]) expect(mail.text + mail.html).not.toContain(word)
    }
    await orders.recordPaymentOutcome(t.deps, paymentToken, { providerRef: 'replay', state: 'successful' })
    await sandboxPay(t, paymentToken)
    await t.deps.jobs.drain()
    expect(await mailsTo(first, 'affiliate_commission')).toHaveLength(1)
    expect(await mailsTo(recruiter, 'affiliate_commission')).toHaveLength(1)
  })

  test('a publisher with new_sale off gets no mail; the others still do', async () => {
    const { p, programId } = await sale()
    const recruiter = await publisher()
    const quiet = await publisher({ new_sale: false })
    const top = await node(programId, recruiter)
    await buy(p, (await node(programId, quiet, top.id)).token)
    expect(await mailsTo(quiet, 'affiliate_commission')).toHaveLength(0)
    expect(await mailsTo(recruiter, 'affiliate_commission')).toHaveLength(1)
    expect((await sql('select 1 from affiliate_commissions where publisher_id = $1', [quiet.id]))).toHaveLength(1)
  })
})

describe('credit memo mails', () => {
  test('the daily job makes the ended month\'s memo and mails it once (run twice); with credit_memo off the memo is made, not mailed', async () => {
    expect(affiliatesJobs.map((j) => [j.name, j.cron])).toEqual([[creditMemosJob, '15 3 * * *']])
    const run = () => affiliatesJobs[0]!.handler(t.deps, {})
    const { p, programId } = await sale()
    const mailed = await publisher()
    const quiet = await publisher({ credit_memo: false })
    await buy(p, (await node(programId, mailed)).token)
    await buy(p, (await node(programId, quiet)).token)
    await run()
    expect(await sql('select 1 from credit_memos where publisher_id = any($1)', [[mailed.id, quiet.id]])).toHaveLength(0)
    t.clock.advance(32 * 86_400)
    await run()
    await run()
    const memos = await sql<{ publisher_id: number; number: string }>('select publisher_id, number from credit_memos where publisher_id = any($1) order by publisher_id', [[mailed.id, quiet.id]])
    expect(memos.map((m) => m.publisher_id)).toEqual([mailed.id, quiet.id])
    const mails = await mailsTo(mailed, 'credit_memo_issued')
    expect(mails).toHaveLength(1)
    const memo = memos.find((m) => m.publisher_id === mailed.id)!
    expect(mails[0]!.subject).toBe(`Credit memo ${memo.number} from ${seller.username}`)
    expect(mails[0]!.text).toContain('http://localhost:3000/publish/payouts_balance')
    expect(await mailsTo(quiet, 'credit_memo_issued')).toHaveLength(0)
  })
})
