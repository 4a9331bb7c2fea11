import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { orders, payments, products, sellers } from '../../db/schema'

// The SQL of /cabinet/transfers: the seller's payments (charges, refunds, chargebacks; docs/reference/readings.md 7) with
// their order's product and payer; and of /admin/refunds, every seller's refunds and chargebacks. Read-only.

/** Whose payments: one seller's (the cabinet), or the kinds named across every seller or one (the managers). */
export type TransferScope = { sellerId: number } | { kinds: readonly string[]; sellerId?: number | undefined }

export type TransferFilters = {
  state?: string | undefined; kind?: string | undefined; provider?: string | undefined; method?: string | undefined
  orderId?: number | undefined; productId?: number | undefined; country?: string | undefined; query?: string | undefined
  createdFrom?: Date | undefined; createdTill?: Date | undefined; successFrom?: Date | undefined; successTill?: Date | undefined
  amount?: number | undefined; amountFrom?: number | undefined; amountTo?: number | undefined
}

const columns = { payment: payments, orderToken: orders.token, productId: orders.productId, productName: products.name, payer: orders.payer }
export type TransferRow = { payment: typeof payments.$inferSelect; orderToken: string; productId: number; productName: string; payer: Record<string, unknown>; sellerUsername: string | null }

function like(value: string): string {
  return `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

function scopeConditions(scope: TransferScope): SQL[] {
  const out: SQL[] = []
  if (scope.sellerId !== undefined) out.push(eq(payments.sellerId, scope.sellerId))
  if ('kinds' in scope) out.push(inArray(payments.kind, [...scope.kinds]))
  return out
}

function conditions(scope: TransferScope, f: TransferFilters): SQL[] {
  const out: SQL[] = scopeConditions(scope)
  if (f.state) out.push(eq(payments.state, f.state))
  if (f.kind) out.push(eq(payments.kind, f.kind))
  if (f.provider) out.push(eq(payments.provider, f.provider))
  if (f.method) out.push(eq(payments.method, f.method))
  if (f.orderId) out.push(eq(payments.orderId, f.orderId))
  if (f.productId) out.push(eq(orders.productId, f.productId))
  if (f.country) out.push(sql`upper(${orders.payer}->>'country_code') = ${f.country.toUpperCase()}`)
  if (f.createdFrom) out.push(gte(payments.createdAt, f.createdFrom))
  if (f.createdTill) out.push(lte(payments.createdAt, f.createdTill))
  // success_*: when a payment reached its final state successfully.
  if (f.successFrom) out.push(and(eq(payments.state, 'successful'), gte(payments.completedAt, f.successFrom))!)
  if (f.successTill) out.push(and(eq(payments.state, 'successful'), lte(payments.completedAt, f.successTill))!)
  if (f.amount !== undefined) out.push(eq(payments.amount, f.amount))
  if (f.amountFrom !== undefined) out.push(gte(payments.amount, f.amountFrom))
  if (f.amountTo !== undefined) out.push(lte(payments.amount, f.amountTo))
  if (f.query) {
    const l = like(f.query)
    out.push(or(
      ilike(orders.token, l), ilike(products.name, l), ilike(payments.providerRef, l),
      sql`${orders.payer}->>'email' ilike ${l}`,
      sql`(coalesce(${orders.payer}->>'first_name', '') || ' ' || coalesce(${orders.payer}->>'last_name', '')) ilike ${l}`,
      ...(/^\d{1,9}$/.test(f.query) ? [eq(payments.id, Number(f.query))] : []),
    )!)
  }
  return out
}

/** The rows with their order and product; the seller's name only across sellers (the managers' list). */
function base(db: Executor, scope: TransferScope) {
  if (!('kinds' in scope)) {
    return db.select({ ...columns, sellerUsername: sql<string | null>`null` }).from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId)).innerJoin(products, eq(products.id, orders.productId))
  }
  return db.select({ ...columns, sellerUsername: sellers.username }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId)).innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(sellers, eq(sellers.id, payments.sellerId))
}

const sortColumns = { id: payments.id, created_at: payments.createdAt, amount: payments.amount, state: payments.state } as const

export async function listTransfers(db: Executor, scope: TransferScope, f: TransferFilters, page: { offset: number; limit: number; sortKey: keyof typeof sortColumns; sortDir: 'asc' | 'desc' }) {
  const where = and(...conditions(scope, f))
  const dir = page.sortDir === 'asc' ? asc : desc
  const rows = await base(db, scope).where(where).orderBy(dir(sortColumns[page.sortKey]), dir(payments.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(products, eq(products.id, orders.productId)).where(where)
  const [max] = await db.select({ n: count() }).from(payments).where(and(...scopeConditions(scope)))
  return { rows: rows as TransferRow[], total: total?.n ?? 0, totalMax: max?.n ?? 0 }
}

/** Per payment state under the other filters. */
export async function stateCounts(db: Executor, scope: TransferScope, f: TransferFilters): Promise<Record<string, number>> {
  const rows = await db.select({ state: payments.state, n: count() }).from(payments).innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(products, eq(products.id, orders.productId)).where(and(...conditions(scope, { ...f, state: undefined }))).groupBy(payments.state)
  return Object.fromEntries(rows.map((r) => [r.state, r.n]))
}
