import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { AppError } from '../../../shared/errors'
import { executeRows, type Executor } from '../../db/client'
import { commitBehind, param, reusableQuery, type ReusableQuery, type Statement } from '../../db/fast-path'
import { overLimitSql } from './catalog.repository'
import { eventTickets, licenseKeys, productDiscounts, products } from '../../db/schema'

// What the checkout counts (docs/QUALITY.md "rush", "license-pool"): stock of products and ticket types, license
// keys and the product discount's uses. Each is taken by one UPDATE inside the order's transaction that
// checks as it counts (a stock hold raises sold out, a discount's or key's WHERE re-checks after waiting):
// two payers can never both take the last one, on PGlite or on PostgreSQL with any number of API processes
// (the row lock of the UPDATE serialises them). Stock held while a payer pays is `reserved_count` (docs/reference/readings.md 4).

type Counted = { table: typeof products | typeof eventTickets; id: number }

type StockQuery = ReusableQuery<unknown, undefined>

/** One reusable statement per counted table. */
function perTable<Q extends StockQuery>(build: (table: Counted['table']) => Q): Map<Counted['table'], Q> {
  return new Map([products, eventTickets].map((table) => [table, build(table)]))
}

/** The statements of `queries` for every row the holds count, to send with the commit (commitBehind). */
function statementsOn(queries: Map<Counted['table'], StockQuery>, tx: Executor, holds: StockHold[]): Statement[] {
  return holds.flatMap((h) => counted(h.productId, h.ticketId).map(({ table, id }) => queries.get(table)!.statement(tx, { id, quantity: h.quantity })))
}

/** The rows to count: a null id is a row not counted (not held, or no ticket type). */
function counted(productId: number | null, ticketId: number | null): Counted[] {
  const list: Counted[] = []
  if (productId !== null) list.push({ table: products, id: productId })
  if (ticketId !== null) list.push({ table: eventTickets, id: ticketId })
  return list
}

/**
 * Holds `quantity` of the product (and ticket type) for a payer; throws 409 sold_out when not enough is
 * left. Only rows with a limit are held: an unlimited product's row is not made a queue for its ticket types.
 */
export async function reserveStock(tx: Executor, productId: number | null, ticketId: number | null, quantity: number): Promise<void> {
  try {
    for (const { table, id } of counted(productId, ticketId)) {
      const rows = await reserveQueries.get(table)!(tx, { id, quantity })
      if (rows.length === 0) throw new AppError('sold_out', 'Sold out')
    }
  } catch (error) {
    throw soldOutOf(error)
  }
}

/** A hold of stock: the product (or null), the ticket type (or null) and how many. */
export type StockHold = { productId: number | null; ticketId: number | null; quantity: number }

/**
 * reserveStock for several holds as the transaction's last statements, with its COMMIT sent right behind
 * them (commitBehind): the hot rows stay locked for the updates and the commit only. Throws 409 sold_out,
 * and nothing of the transaction is committed, when any is short.
 */
export async function reserveStockAndCommit(tx: Executor, holds: StockHold[]): Promise<void> {
  const counts = await commitBehind(tx, statementsOn(reserveQueries, tx, holds)).catch((error: unknown) => {
    throw soldOutOf(error)
  })
  // The order's own foreign keys keep these rows from being deleted meanwhile; a missing one is a fault.
  if (counts.some((count) => count === 0)) throw new Error('a held stock row was not found')
}

/** The database's "sold out" (SQLSTATE SFSO1, raised by sf_stock_exceeded; Drizzle wraps it) as the 409. */
function soldOutOf(error: unknown): unknown {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null
  return (e?.code ?? e?.cause?.code) === 'SFSO1' ? new AppError('sold_out', 'Sold out') : error
}

// Every checkout and every payment runs these two: each is built once per table. The hold is unconditional
// and its answer raises when the new counts pass the limit (migration 0010), so a short hold is an error
// that rolls the transaction back, even with its COMMIT already sent.
const reserveQuery = (table: Counted['table']) => reusableQuery((db) => db.update(table)
  .set({ reservedCount: sql`${table.reservedCount} + ${param('quantity')}` })
  .where(eq(table.id, param('id')))
  .returning({ id: sql<number>`case when ${table.limit} is null or ${table.soldCount} + ${table.reservedCount} <= ${table.limit} then ${table.id} else sf_stock_exceeded() end` }))
const reserveQueries = perTable(reserveQuery)

const commitQuery = (table: Counted['table']) => reusableQuery((db) => db.update(table)
  .set({ reservedCount: sql`greatest(${table.reservedCount} - ${param('quantity')}, 0)`, soldCount: sql`${table.soldCount} + ${param('quantity')}` })
  .where(eq(table.id, param('id'))))
const commitQueries = perTable(commitQuery)

/**
 * Whether the product or ticket type cannot give `quantity` more now (sold + reserved + quantity > limit), as
 * SQL for a statement that checks and writes at once (a rush's payers after the last ticket hear "sold out"
 * with one statement). Its parameters are `productId`, `ticketId` (with `ticket`) and `quantity`. Only a
 * hint: the order's stock hold decides.
 */
export function soldOutCondition(ticket: boolean): SQL<boolean> {
  return overLimitSql(param('productId'), ticket ? param('ticketId') : null, param('quantity'))
}

/**
 * A sale as its transaction's last statements, with the COMMIT sent right behind them (commitBehind): the
 * rows not held count the sale, then the held rows turn their reservation into it.
 */
export async function settleSaleAndCommit(tx: Executor, sale: { unheld: StockHold[]; held: StockHold[] }): Promise<void> {
  await commitBehind(tx, [...statementsOn(countSaleQueries, tx, sale.unheld), ...statementsOn(commitQueries, tx, sale.held)])
}

/** A held reservation ended without a sale (expired, failed, canceled). */
export async function releaseReservedStock(tx: Executor, productId: number | null, ticketId: number | null, quantity: number): Promise<void> {
  for (const { table, id } of counted(productId, ticketId)) {
    await tx.update(table).set({ reservedCount: sql`greatest(${table.reservedCount} - ${quantity}, 0)` }).where(eq(table.id, id))
  }
}

/**
 * Sells directly, without a reservation (a payment that arrived after its reservation expired): succeeds
 * only while stock is left; returns false when it is not.
 */
export async function sellStockDirectly(tx: Executor, productId: number | null, ticketId: number | null, quantity: number): Promise<boolean> {
  for (const { table, id } of counted(productId, ticketId)) {
    const rows = await tx.update(table)
      .set({ soldCount: sql`${table.soldCount} + ${quantity}` })
      .where(and(eq(table.id, id), sql`(${table.limit} is null or ${table.soldCount} + ${table.reservedCount} + ${quantity} <= ${table.limit})`))
      .returning({ id: table.id })
    if (rows.length === 0) return false
  }
  return true
}

// Counting a sale of rows that were not held (no limit): the sold count only, without a condition.
const countSaleQuery = (table: Counted['table']) => reusableQuery((db) => db.update(table).set({ soldCount: sql`${table.soldCount} + ${param('quantity')}` }).where(eq(table.id, param('id'))))
const countSaleQueries = perTable(countSaleQuery)

/** A sale given back without a refund (a payment ticket upgraded to another type): the sold count only, never below 0. */
export async function returnSale(tx: Executor, productId: number | null, ticketId: number | null, quantity: number): Promise<void> {
  for (const { table, id } of counted(productId, ticketId)) {
    await tx.update(table).set({ soldCount: sql`greatest(${table.soldCount} - ${quantity}, 0)` }).where(eq(table.id, id))
  }
}

/**
 * Takes `quantity` license keys of the product's pool for an order (state reserved). Keys another payer
 * holds are skipped, not waited for; fewer than asked is sold out.
 */
export async function reserveLicenseKeys(tx: Executor, productId: number, orderId: number, quantity: number): Promise<number[]> {
  const rows = await executeRows<{ id: number }>(tx, sql`
    update ${licenseKeys} set state = 'reserved', order_id = ${orderId}
    where id in (
      select id from ${licenseKeys} where product_id = ${productId} and state = 'available'
      order by id limit ${quantity} for update skip locked
    ) returning id`)
  const ids = rows.map((r) => Number(r.id))
  if (ids.length < quantity) throw new AppError('sold_out', 'Sold out')
  return ids
}

export async function commitLicenseKeys(tx: Executor, orderId: number, now: Date): Promise<number[]> {
  const rows = await tx.update(licenseKeys).set({ state: 'used', usedAt: now })
    .where(and(eq(licenseKeys.orderId, orderId), inArray(licenseKeys.state, ['reserved', 'used']))).returning({ id: licenseKeys.id })
  return rows.map((r) => r.id)
}

export async function releaseLicenseKeys(tx: Executor, orderId: number): Promise<void> {
  await tx.update(licenseKeys).set({ state: 'available', orderId: null }).where(and(eq(licenseKeys.orderId, orderId), eq(licenseKeys.state, 'reserved')))
}

/** Counts one use of the product's discount while it is below its limit; false when it no longer applies. */
export async function countDiscountUse(tx: Executor, productId: number): Promise<boolean> {
  const rows = await tx.update(productDiscounts)
    .set({ ordersCount: sql`${productDiscounts.ordersCount} + 1` })
    .where(and(eq(productDiscounts.productId, productId), eq(productDiscounts.active, true),
      sql`(${productDiscounts.limit} is null or ${productDiscounts.ordersCount} < ${productDiscounts.limit})`))
    .returning({ productId: productDiscounts.productId })
  return rows.length > 0
}

export async function releaseDiscountUse(tx: Executor, productId: number): Promise<void> {
  await tx.update(productDiscounts).set({ ordersCount: sql`greatest(${productDiscounts.ordersCount} - 1, 0)` }).where(eq(productDiscounts.productId, productId))
}
