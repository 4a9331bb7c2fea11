import { and, count, desc, eq, inArray, isNotNull, max, notInArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { orders } from '../../db/schema'

// Paid orders per product for a built page's social proof (docs/decisions/0065-serving-built-pages.md).
// Paid: the order has a first payment and its money has not gone back.
const paid = (productIds: readonly number[]) => and(
  inArray(orders.productId, [...productIds]), isNotNull(orders.paidAt), notInArray(orders.paymentState, ['payment_refunded', 'payment_chargebacked']),
)

export async function paidCounts(db: Executor, productIds: readonly number[]) {
  return db.select({ productId: orders.productId, n: count(), last: max(orders.paidAt) }).from(orders).where(paid(productIds)).groupBy(orders.productId)
}

/** The latest paid order of a product: only the first name the payer entered and when. */
export async function latestPaid(db: Executor, productId: number) {
  const [row] = await db.select({ firstName: sql<string | null>`${orders.payer}->>'first_name'`, paidAt: orders.paidAt }).from(orders)
    .where(and(paid([productId]), eq(orders.productId, productId))).orderBy(desc(orders.paidAt)).limit(1)
  return row
}
