import { eq, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sellerCustomizations, sellerEffectiveFeatures, sellers, users } from '../../db/schema'
import { param, reusableQuery } from '../../db/fast-path'

// SQL of the customization module (docs/decisions/0085-customization.md). Writes seller_customizations; reads
// the seller's name and effective flags with it, so a page or mail reads its branding in one statement.

export type CustomizationRow = typeof sellerCustomizations.$inferSelect

export async function findSettings(db: Executor, sellerId: number): Promise<CustomizationRow | undefined> {
  const [row] = await db.select().from(sellerCustomizations).where(eq(sellerCustomizations.sellerId, sellerId)).limit(1)
  return row
}

export async function upsertSettings(db: Executor, sellerId: number, values: Omit<typeof sellerCustomizations.$inferInsert, 'sellerId' | 'createdAt'>): Promise<CustomizationRow> {
  const [row] = await db.insert(sellerCustomizations).values({ sellerId, ...values })
    .onConflictDoUpdate({ target: sellerCustomizations.sellerId, set: values }).returning()
  return row!
}

/** The seller (by id, or by a shop path's username in any case or numeric id) with their branding and flags. */
export async function brandingSource(db: Executor, seller: { id: number } | { path: string }) {
  // By id (every mail a checkout sends): built once.
  if ('id' in seller) return (await brandingQuery(db, { id: seller.id }))[0]
  const where = /^[0-9]{1,9}$/.test(seller.path)
    ? or(eq(sellers.id, Number(seller.path)), sql`lower(${sellers.username}) = lower(${seller.path})`)!
    : sql`lower(${sellers.username}) = lower(${seller.path})`
  const [row] = await brandingSelect(db).where(where).limit(1)
  return row
}

const brandingSelect = (db: Executor) => db.select({
  sellerId: sellers.id, username: sellers.username, company: sellers.company, firstName: users.firstName, lastName: users.lastName,
  features: sellerEffectiveFeatures, settings: sellerCustomizations,
}).from(sellers).innerJoin(users, eq(users.id, sellers.userId))
  .leftJoin(sellerCustomizations, eq(sellerCustomizations.sellerId, sellers.id))
const brandingQuery = reusableQuery((db) => brandingSelect(db).where(eq(sellers.id, param('id'))).limit(1))
