import { and, asc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { issuedCertificates, orders, products, sellers } from '../../db/schema'
import { nameInLocale } from '../../db/translated-name'

// The SQL of issued certificates. Reads of the product (form, name), the seller (username) and the order's
// payment date and language are single-column reads for what a certificate prints; they change nothing outside this module.

export type IssuedRow = typeof issuedCertificates.$inferSelect
/** `orderProductName`: the product's name in the certificate's order's language, else the base (docs/decisions/0095-product-translations.md). */
export type IssuedWithNames = IssuedRow & { productName: string; orderProductName: string; sellerUsername: string }

export async function productFacts(db: Executor, productId: number): Promise<{ form: string; name: string; sellerId: number } | undefined> {
  const [row] = await db.select({ form: products.form, name: products.name, sellerId: products.sellerId }).from(products).where(eq(products.id, productId)).limit(1)
  return row
}

export async function orderPaidAt(db: Executor, orderId: number): Promise<Date | null> {
  const [row] = await db.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId)).limit(1)
  return row?.paidAt ?? null
}

/** The order's language (docs/decisions/0094-storefront-languages.md): its certificates print in it. */
export async function orderLocale(db: Executor, orderId: number): Promise<string | null> {
  const [row] = await db.select({ locale: orders.locale }).from(orders).where(eq(orders.id, orderId)).limit(1)
  return row?.locale ?? null
}

/** A certificate already issued for this order, or a valid one for the payer and product (issue is idempotent). */
export async function findExisting(db: Executor, productId: number, payerUserId: number, orderId: number): Promise<IssuedRow | undefined> {
  const [row] = await db.select().from(issuedCertificates)
    .where(and(eq(issuedCertificates.productId, productId), eq(issuedCertificates.payerUserId, payerUserId),
      sql`(${issuedCertificates.orderId} = ${orderId} or ${issuedCertificates.state} = 'valid')`))
    .limit(1)
  return row
}

/** Inserts unless the payer already holds a valid one for the product (the partial unique index decides). */
export async function insertIssued(db: Executor, values: typeof issuedCertificates.$inferInsert): Promise<IssuedRow | undefined> {
  const [row] = await db.insert(issuedCertificates).values(values).onConflictDoNothing().returning()
  return row
}

/** valid -> revoked (src/shared/states/certificate.ts) for every valid certificate of the order, with why. */
export async function revokeOfOrder(db: Executor, orderId: number, reason: string): Promise<number> {
  const rows = await db.update(issuedCertificates).set({ state: 'revoked', revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(issuedCertificates.orderId, orderId), eq(issuedCertificates.state, 'valid'))).returning({ id: issuedCertificates.id })
  return rows.length
}

/**
 * revoked -> valid for the order's certificates revoked for `reason`, except where the payer holds another
 * valid certificate of the product now (bought again meanwhile: one valid per payer and product). One
 * statement; answers the serials made valid and those left revoked.
 */
export async function unrevokeOfOrder(db: Executor, orderId: number, reason: string): Promise<{ restored: string[]; leftRevoked: string[] }> {
  const restored = await db.update(issuedCertificates).set({ state: 'valid', revokedAt: null, revokedReason: null })
    .where(and(eq(issuedCertificates.orderId, orderId), eq(issuedCertificates.state, 'revoked'), eq(issuedCertificates.revokedReason, reason),
      sql`not exists (select 1 from ${issuedCertificates} v where v.product_id = ${issuedCertificates.productId} and v.payer_user_id = ${issuedCertificates.payerUserId} and v.state = 'valid')`))
    .returning({ serial: issuedCertificates.serial })
  const left = await db.select({ serial: issuedCertificates.serial }).from(issuedCertificates)
    .where(and(eq(issuedCertificates.orderId, orderId), eq(issuedCertificates.state, 'revoked'), eq(issuedCertificates.revokedReason, reason)))
  return { restored: restored.map((r) => r.serial), leftRevoked: left.map((r) => r.serial) }
}

const withNames = {
  row: issuedCertificates, productName: products.name, sellerUsername: sellers.username,
  /** The name in the language of the certificate's order, else the base name: the payer's lists and the PDF show it. */
  orderProductName: nameInLocale(products.translations, products.name, sql`(select o.locale from orders o where o.id = ${issuedCertificates.orderId})`),
}

function flatten(rows: { row: IssuedRow; productName: string; orderProductName: string; sellerUsername: string }[]): IssuedWithNames[] {
  return rows.map((r) => ({ ...r.row, productName: r.productName, orderProductName: r.orderProductName, sellerUsername: r.sellerUsername }))
}

export async function findBySerial(db: Executor, serial: string): Promise<IssuedWithNames | undefined> {
  const rows = await db.select(withNames).from(issuedCertificates)
    .innerJoin(products, eq(products.id, issuedCertificates.productId)).innerJoin(sellers, eq(sellers.id, issuedCertificates.sellerId))
    .where(eq(issuedCertificates.serial, serial)).limit(1)
  return flatten(rows)[0]
}

export async function listOfOrder(db: Executor, orderId: number): Promise<IssuedWithNames[]> {
  return flatten(await db.select(withNames).from(issuedCertificates)
    .innerJoin(products, eq(products.id, issuedCertificates.productId)).innerJoin(sellers, eq(sellers.id, issuedCertificates.sellerId))
    .where(eq(issuedCertificates.orderId, orderId)).orderBy(asc(issuedCertificates.id)))
}

export async function listOfPayer(db: Executor, payerUserId: number): Promise<IssuedWithNames[]> {
  return flatten(await db.select(withNames).from(issuedCertificates)
    .innerJoin(products, eq(products.id, issuedCertificates.productId)).innerJoin(sellers, eq(sellers.id, issuedCertificates.sellerId))
    .where(eq(issuedCertificates.payerUserId, payerUserId)).orderBy(asc(issuedCertificates.id)))
}
