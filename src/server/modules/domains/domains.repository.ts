import { and, asc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sellerDomains, sellerSubdomains, sellers } from '../../db/schema'

// The domains module's SQL: custom domains and platform subdomains (docs/decisions/0060-domains.md).

export type DomainRow = typeof sellerDomains.$inferSelect
export type SubdomainRow = typeof sellerSubdomains.$inferSelect

export async function listDomains(db: Executor, sellerId: number): Promise<DomainRow[]> {
  return db.select().from(sellerDomains).where(eq(sellerDomains.sellerId, sellerId)).orderBy(asc(sellerDomains.id))
}

export async function findDomain(db: Executor, sellerId: number, id: number, lock = false): Promise<DomainRow | undefined> {
  const query = db.select().from(sellerDomains).where(and(eq(sellerDomains.id, id), eq(sellerDomains.sellerId, sellerId)))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findDomainById(db: Executor, id: number, lock = false): Promise<DomainRow | undefined> {
  const query = db.select().from(sellerDomains).where(eq(sellerDomains.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findDomainOfSeller(db: Executor, sellerId: number, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(sellerDomains).where(and(eq(sellerDomains.sellerId, sellerId), eq(sellerDomains.domain, domain)))
  return row
}

/** The verified row of a host, whoever's it is. */
export async function findServedDomain(db: Executor, domain: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(sellerDomains)
    .where(and(eq(sellerDomains.domain, domain), inArray(sellerDomains.state, ['active', 'active_with_ssl'])))
  return row
}

export async function insertDomain(db: Executor, values: typeof sellerDomains.$inferInsert): Promise<DomainRow> {
  const [row] = await db.insert(sellerDomains).values(values).returning()
  return row!
}

export async function updateDomain(db: Executor, id: number, values: Partial<typeof sellerDomains.$inferInsert>): Promise<DomainRow> {
  const [row] = await db.update(sellerDomains).set({ ...values, updatedAt: new Date() }).where(eq(sellerDomains.id, id)).returning()
  return row!
}

export async function deleteDomain(db: Executor, id: number): Promise<void> {
  await db.delete(sellerDomains).where(eq(sellerDomains.id, id))
}

/**
 * Domains due for a check: never checked, or checked before `before` (waiting and error rows) or before
 * `activeBefore` (verified rows, whose record may disappear), oldest check first.
 */
export async function dueDomainIds(db: Executor, before: Date, activeBefore: Date, limit: number): Promise<number[]> {
  const rows = await db.select({ id: sellerDomains.id }).from(sellerDomains).where(or(
    isNull(sellerDomains.checkedAt),
    and(inArray(sellerDomains.state, ['waiting', 'error']), lt(sellerDomains.checkedAt, before)),
    and(inArray(sellerDomains.state, ['active', 'active_with_ssl']), lt(sellerDomains.checkedAt, activeBefore)),
  )).orderBy(sql`${sellerDomains.checkedAt} asc nulls first`, asc(sellerDomains.id)).limit(limit)
  return rows.map((r) => r.id)
}

export async function findSubdomainOfSeller(db: Executor, sellerId: number, lock = false): Promise<SubdomainRow | undefined> {
  const query = db.select().from(sellerSubdomains).where(and(eq(sellerSubdomains.sellerId, sellerId), ne(sellerSubdomains.state, 'deleted')))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function findSubdomainById(db: Executor, id: number, lock = false): Promise<SubdomainRow | undefined> {
  const query = db.select().from(sellerSubdomains).where(eq(sellerSubdomains.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function subdomainNameTaken(db: Executor, name: string): Promise<boolean> {
  const [row] = await db.select({ id: sellerSubdomains.id }).from(sellerSubdomains).where(and(eq(sellerSubdomains.name, name), ne(sellerSubdomains.state, 'deleted')))
  return row !== undefined
}

export async function insertSubdomain(db: Executor, values: typeof sellerSubdomains.$inferInsert): Promise<SubdomainRow> {
  const [row] = await db.insert(sellerSubdomains).values(values).returning()
  return row!
}

export async function updateSubdomain(db: Executor, id: number, values: Partial<typeof sellerSubdomains.$inferInsert>): Promise<SubdomainRow> {
  const [row] = await db.update(sellerSubdomains).set({ ...values, updatedAt: new Date() }).where(eq(sellerSubdomains.id, id)).returning()
  return row!
}

export type ServedHostRow = { host: string; kind: 'domain' | 'subdomain'; sellerId: number; username: string; domainId: number | null; state: string }

/** Every host the platform serves a shop on: verified custom domains and published subdomains (the name, without the suffix). */
export async function servedHosts(db: Executor): Promise<ServedHostRow[]> {
  const domains = await db.select({ host: sellerDomains.domain, sellerId: sellerDomains.sellerId, username: sellers.username, domainId: sellerDomains.id, state: sellerDomains.state })
    .from(sellerDomains).innerJoin(sellers, eq(sellers.id, sellerDomains.sellerId))
    .where(inArray(sellerDomains.state, ['active', 'active_with_ssl']))
  const subdomains = await db.select({ host: sellerSubdomains.name, sellerId: sellerSubdomains.sellerId, username: sellers.username, state: sellerSubdomains.state })
    .from(sellerSubdomains).innerJoin(sellers, eq(sellers.id, sellerSubdomains.sellerId))
    .where(eq(sellerSubdomains.state, 'submitted'))
  return [
    ...domains.map((d) => ({ ...d, kind: 'domain' as const })),
    ...subdomains.map((s) => ({ ...s, kind: 'subdomain' as const, domainId: null })),
  ]
}


export async function findSubdomainByName(db: Executor, name: string): Promise<SubdomainRow | undefined> {
  const [row] = await db.select().from(sellerSubdomains).where(and(eq(sellerSubdomains.name, name), ne(sellerSubdomains.state, 'deleted')))
  return row
}
