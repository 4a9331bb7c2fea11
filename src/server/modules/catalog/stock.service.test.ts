import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { publishedProduct } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { isSoldOut } from './stock.service'

// The one-read sold-out answer at the start of a checkout (decision 0023): sold + reserved + wanted over the
// product's or the ticket type's limit; a ticket type of another product is not looked at.

let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
})
afterAll(async () => t.close())

const setCounts = (table: 'products' | 'event_tickets', id: number, sold: number, reserved: number) =>
  t.deps.database.executeSql(`update ${table} set sold_count = $2, reserved_count = $3 where id = $1`, [id, sold, reserved])

describe('isSoldOut', () => {
  test('a product limit counts sold and reserved units and the quantity wanted; no limit is never sold out', async () => {
    const limited = await publishedProduct(t, seller.accessToken, { limit: 3, pricing_plans: [oneTimePlan(100)] })
    const open = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] })
    await setCounts('products', limited.id, 1, 1)
    expect(await isSoldOut(t.deps.db, limited.id, null, 1)).toBe(false)
    expect(await isSoldOut(t.deps.db, limited.id, null, 2)).toBe(true)
    await setCounts('products', open.id, 1000, 1000)
    expect(await isSoldOut(t.deps.db, open.id, null, 5)).toBe(false)
  })

  test('a ticket type counts for its own product only', async () => {
    const event = await publishedProduct(t, seller.accessToken, { form: 'eventTickets', tickets: [{ name: 'Floor', limit: 2, pricing_plans: [oneTimePlan(100)] }] })
    const other = await publishedProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(100)] })
    const ticketId = event.tickets[0].id as number
    await setCounts('event_tickets', ticketId, 2, 0)
    expect(await isSoldOut(t.deps.db, event.id, ticketId, 1)).toBe(true)
    expect(await isSoldOut(t.deps.db, other.id, ticketId, 1)).toBe(false)
    await setCounts('event_tickets', ticketId, 1, 0)
    expect(await isSoldOut(t.deps.db, event.id, ticketId, 1)).toBe(false)
  })
})
