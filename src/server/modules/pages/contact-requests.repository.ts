import { and, asc, count, desc, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { contactFormSubmissions, pages, pageVersions, sellers, users } from '../../db/schema'
import { containsPattern } from '../../db/like-pattern'

export type ContactRequestRow = typeof contactFormSubmissions.$inferSelect

export async function insert(db: Executor, values: typeof contactFormSubmissions.$inferInsert): Promise<ContactRequestRow> {
  const [row] = await db.insert(contactFormSubmissions).values(values).returning()
  return row!
}

export async function list(db: Executor, sellerId: number, params: { query?: string; sortDir: 'asc' | 'desc'; offset: number; limit: number }) {
  const where = and(eq(contactFormSubmissions.sellerId, sellerId), params.query ? sql`${contactFormSubmissions.fields}::text ilike ${containsPattern(params.query)}` : undefined)
  const order = params.sortDir === 'asc' ? asc(contactFormSubmissions.id) : desc(contactFormSubmissions.id)
  const rows = await db.select().from(contactFormSubmissions).where(where).orderBy(order).offset(params.offset).limit(params.limit)
  const [filtered] = await db.select({ n: count() }).from(contactFormSubmissions).where(where)
  const [all] = await db.select({ n: count() }).from(contactFormSubmissions).where(eq(contactFormSubmissions.sellerId, sellerId))
  return { rows, total: filtered?.n ?? 0, totalMax: all?.n ?? 0 }
}

/** The published document of the seller's page as the payer saw it (the active version), with the page's name. */
export async function publishedPage(db: Executor, sellerId: number, pageId: number) {
  const [row] = await db.select({ id: pages.id, name: pages.name, document: pageVersions.document }).from(pages)
    .innerJoin(pageVersions, and(eq(pageVersions.pageId, pages.id), eq(pageVersions.number, pages.publishedVersion)))
    .where(and(eq(pages.id, pageId), eq(pages.sellerId, sellerId), sql`${pages.archivedAt} is null`)).limit(1)
  return row
}

/** Where the seller's mail goes: the account's address, name and language. */
export async function sellerAccount(db: Executor, sellerId: number) {
  const [row] = await db.select({ userId: users.id, email: users.email, firstName: users.firstName, locale: users.locale }).from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}
