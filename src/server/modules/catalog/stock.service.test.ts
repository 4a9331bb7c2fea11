import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { driverClientOf } from '../../db/fast-path'
import { findIdempotencyKey, storeIdempotentAnswerWhen } from '../../plugins/idempotency.repository'
import { soldOutCondition } from './stock.service'

// The one-statement sold-out answer at the start of a checkout (decision 0023): sold + reserved + wanted over
// the product's or the ticket type's limit, checked in the statement that stores the key's answer; a ticket
// type of another product is not looked at.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => t.close())

let keys = 0
const storeIfSoldOut = { product: storeIdempotentAnswerWhen(soldOutCondition(false)), ticket: storeIdempotentAnswerWhen(soldOutCondition(true)) }
/** Whether a sold-out answer was stored for a new key, and that key's row. */
async function isSoldOut(productId: number, ticketId: number | null, quantity: number) {
  const key = `sold-out-${++keys}`
  const answer = { scope: 'orders', key, requestHash: 'h', responseStatus: 409, responseBody: { error: { type: 'sold_out' } }, createdAt: new Date('2026-03-04T05:06:07.000Z') }
  const stored = await (ticketId === null ? storeIfSoldOut.product : storeIfSoldOut.ticket)(t.deps.db, { productId, ticketId, quantity }, answer)
  const row = await findIdempotencyKey(t.deps.db, 'orders', key)
  expect(row === undefined).toBe(!stored)
  if (row) expect(row).toEqual({ ...answer, state: 'done', lockedUntil: answer.createdAt })
  return stored
}

const setCounts = (table: 'products' | 'event_tickets', id: number, sold: number, reserved: number) =>
  t.deps.database.executeSql(`update ${table} set sold_count = $2, reserved_count = $3 where id = $1`, [id, sold, reserved])

describe('the sold-out answer, stored only when sold out', () => {
  test('a product limit counts sold and reserved units and the quantity wanted; no limit is never sold out', async () => {
    const limited = await publishedProduct(t, seller.accessToken, { limit: 3, pricing_plans: [oneTimePlan(100)] })
    const open = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] })
    await setCounts('products', limited.id, 1, 1)
    expect(await isSoldOut(limited.id, null, 1)).toBe(false)
    expect(await isSoldOut(limited.id, null, 2)).toBe(true)
    await setCounts('products', open.id, 1000, 1000)
    expect(await isSoldOut(open.id, null, 5)).toBe(false)
  })

  test('a ticket type counts for its own product only', async () => {
    const event = await publishedProduct(t, seller.accessToken, { form: 'eventTickets', tickets: [{ name: 'Floor', limit: 2, pricing_plans: [oneTimePlan(100)] }] })
    const other = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] })
    const ticketId = event.tickets[0].id as number
    await setCounts('event_tickets', ticketId, 2, 0)
    expect(await isSoldOut(event.id, ticketId, 1)).toBe(true)
    expect(await isSoldOut(other.id, ticketId, 1)).toBe(false)
    await setCounts('event_tickets', ticketId, 1, 0)
    expect(await isSoldOut(event.id, ticketId, 1)).toBe(false)
  })

  test('answers asked in one turn share one statement; a key twice in it is stored once, for its first request', async () => {
    const limited = await publishedProduct(t, seller.accessToken, { limit: 1, pricing_plans: [oneTimePlan(100)] })
    await setCounts('products', limited.id, 1, 0)
    const answerFor = (key: string, requestHash = 'h') => ({ scope: 'orders', key, requestHash, responseStatus: 409, responseBody: { key }, createdAt: new Date() })
    const params = { productId: limited.id, ticketId: null, quantity: 1 }
    // The statements sent: one per batch of the same params, however many answers it holds.
    const client = driverClientOf(t.deps.db) as { query(config: unknown, ...rest: unknown[]): unknown }
    const sent = vi.spyOn(client, 'query')
    const batchStatements = () => sent.mock.calls.filter(([config]) => String(typeof config === 'string' ? config : (config as { text?: string }).text).includes('jsonb_to_recordset')).length
    const stored = await Promise.all([
      storeIfSoldOut.product(t.deps.db, params, answerFor('batch-a')),
      storeIfSoldOut.product(t.deps.db, params, answerFor('batch-b')),
      storeIfSoldOut.product(t.deps.db, params, answerFor('batch-a', 'another body')),
      storeIfSoldOut.product(t.deps.db, { ...params, quantity: 0 }, answerFor('batch-c')), // not sold out for none
    ])
    expect(stored).toEqual([true, true, false, false])
    expect(batchStatements()).toBe(2) // the three answers for quantity 1 in one, the one for quantity 0 in another
    sent.mockRestore()
    expect((await findIdempotencyKey(t.deps.db, 'orders', 'batch-a'))!.requestHash).toBe('h')
    expect(await findIdempotencyKey(t.deps.db, 'orders', 'batch-c')).toBeUndefined()
  })

  test('a key that has an answer already keeps it', async () => {
    const limited = await publishedProduct(t, seller.accessToken, { limit: 1, pricing_plans: [oneTimePlan(100)] })
    await setCounts('products', limited.id, 1, 0)
    const answer = { scope: 'orders', key: 'answered-first', requestHash: 'h', responseStatus: 409, responseBody: { first: true }, createdAt: new Date() }
    expect(await storeIfSoldOut.product(t.deps.db, { productId: limited.id, ticketId: null, quantity: 1 }, answer)).toBe(true)
    expect(await storeIfSoldOut.product(t.deps.db, { productId: limited.id, ticketId: null, quantity: 1 }, { ...answer, responseBody: { first: false } })).toBe(false)
    expect((await findIdempotencyKey(t.deps.db, 'orders', 'answered-first'))!.responseBody).toEqual({ first: true })
  })
})
