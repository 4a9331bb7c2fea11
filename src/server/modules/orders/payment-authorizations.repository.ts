import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { executeRows, type Executor } from '../../db/client'
import { orders, paymentMethodSetups, payments, products } from '../../db/schema'

// The SQL of payment authorizations: the seller's orders that hold a saved method (or held one until the
// seller revoked it), the card each last showed, and the revocation itself. The only writer of
// `orders.saved_method_revoked_at`.

export type AuthorizationOrderRow = {
  id: number; token: string; productName: string; paymentState: string; payerUserId: number | null; payer: Record<string, unknown>
  provider: string; paymentMethod: string; savedMethod: Record<string, unknown> | null; savedMethodRevokedAt: Date | null; createdAt: Date
}

/** The seller's orders with a saved method or a revoked one, oldest first. */
export async function ordersWithSavedMethods(db: Executor, sellerId: number): Promise<AuthorizationOrderRow[]> {
  return db.select({
    id: orders.id, token: orders.token, productName: products.name, paymentState: orders.paymentState, payerUserId: orders.payerUserId,
    payer: orders.payer, provider: orders.provider, paymentMethod: orders.paymentMethod, savedMethod: orders.savedMethod,
    savedMethodRevokedAt: orders.savedMethodRevokedAt, createdAt: orders.createdAt,
  }).from(orders).innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.sellerId, sellerId), or(isNotNull(orders.savedMethod), isNotNull(orders.savedMethodRevokedAt))))
    .orderBy(asc(orders.id))
}

export type CardRow = { orderId: number; brand: string | null; last4: string; expMonth: number | null; expYear: number | null; at: Date }

/**
 * Per order, the card it last showed: its newest successful charge or successful method setup (the payer's
 * replacement method, docs/decisions/0021-changing-the-payment-method.md) that carries card details.
 */
export async function latestCards(db: Executor, sellerId: number, orderIds: number[]): Promise<CardRow[]> {
  if (orderIds.length === 0) return []
  const ids = sql.join(orderIds.map((id) => sql`${id}`), sql`, `)
  const rows = await executeRows<{ order_id: number; brand: string | null; last4: string; exp_month: number | null; exp_year: number | null; at: Date | string }>(db, sql`
    select distinct on (c.order_id) c.order_id, c.brand, c.last4, c.exp_month, c.exp_year, c.at from (
      select ${payments.orderId} as order_id, ${payments.cardBrand} as brand, ${payments.cardLast4} as last4, ${payments.cardExpMonth} as exp_month,
        ${payments.cardExpYear} as exp_year, coalesce(${payments.completedAt}, ${payments.updatedAt}) as at, ${payments.id} as seq, 0 as source
      from ${payments}
      where ${payments.sellerId} = ${sellerId} and ${payments.kind} = 'charge' and ${payments.state} = 'successful' and ${payments.cardLast4} is not null
        and ${payments.orderId} in (${ids})
      union all
      select ${paymentMethodSetups.orderId}, ${paymentMethodSetups.cardBrand}, ${paymentMethodSetups.cardLast4}, ${paymentMethodSetups.cardExpMonth},
        ${paymentMethodSetups.cardExpYear}, coalesce(${paymentMethodSetups.completedAt}, ${paymentMethodSetups.createdAt}), ${paymentMethodSetups.id}, 1
      from ${paymentMethodSetups}
      where ${paymentMethodSetups.sellerId} = ${sellerId} and ${paymentMethodSetups.state} = 'successful' and ${paymentMethodSetups.cardLast4} is not null
        and ${paymentMethodSetups.orderId} in (${ids})
    ) c
    order by c.order_id, c.at desc, c.source desc, c.seq desc`)
  return rows.map((r) => ({
    orderId: Number(r.order_id), brand: r.brand, last4: r.last4, expMonth: r.exp_month === null ? null : Number(r.exp_month),
    expYear: r.exp_year === null ? null : Number(r.exp_year), at: new Date(r.at),
  }))
}

/** One of the seller's orders, for finding the authorization it belongs to. */
export async function sellerOrder(db: Executor, sellerId: number, orderId: number) {
  const [row] = await db.select({ id: orders.id, savedMethod: orders.savedMethod, savedMethodRevokedAt: orders.savedMethodRevokedAt })
    .from(orders).where(and(eq(orders.id, orderId), eq(orders.sellerId, sellerId))).limit(1)
  return row
}

/**
 * Locks, in id order, the seller's orders that still hold exactly this saved method (jsonb equality), then
 * clears it on them and marks them revoked. Answers the ids revoked; none when another revocation won.
 */
export async function revokeSavedMethod(db: Executor, sellerId: number, savedMethod: Record<string, unknown>, now: Date): Promise<number[]> {
  const same = and(eq(orders.sellerId, sellerId), sql`${orders.savedMethod} = ${JSON.stringify(savedMethod)}::jsonb`)
  const locked = await db.select({ id: orders.id }).from(orders).where(same).orderBy(asc(orders.id)).for('update')
  if (locked.length === 0) return []
  const ids = locked.map((r) => r.id)
  // Re-checked under the locks: only orders still holding the method change.
  const revoked = await db.update(orders).set({ savedMethod: null, savedMethodRevokedAt: now, updatedAt: now })
    .where(and(inArray(orders.id, ids), same)).returning({ id: orders.id })
  return revoked.map((r) => r.id)
}
