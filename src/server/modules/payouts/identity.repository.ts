import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { kycDocuments, legitimations, users } from '../../db/schema'
import type { KycDocumentRow, LegitimationRow } from './money-out.repository'
import { containsPattern } from '../../db/like-pattern'

// The identity part's own writes and the managers' list (docs/decisions/0049-money-out.md "Identity"); the
// reads every part shares (a party's legitimation and documents) are in money-out.repository.ts.


export async function insertLegitimation(db: Executor, values: typeof legitimations.$inferInsert): Promise<LegitimationRow> {
  const [row] = await db.insert(legitimations).values(values).returning()
  return row!
}

export async function updateLegitimation(db: Executor, id: number, values: Partial<typeof legitimations.$inferInsert>): Promise<LegitimationRow> {
  const [row] = await db.update(legitimations).set(values).where(eq(legitimations.id, id)).returning()
  return row!
}

export async function findLegitimationById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<LegitimationRow | undefined> {
  const query = db.select().from(legitimations).where(eq(legitimations.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function insertDocument(db: Executor, values: typeof kycDocuments.$inferInsert): Promise<KycDocumentRow> {
  const [row] = await db.insert(kycDocuments).values(values).returning()
  return row!
}

export async function findDocument(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<KycDocumentRow | undefined> {
  const query = db.select().from(kycDocuments).where(eq(kycDocuments.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateDocument(db: Executor, id: number, values: Partial<typeof kycDocuments.$inferInsert>): Promise<KycDocumentRow> {
  const [row] = await db.update(kycDocuments).set(values).where(eq(kycDocuments.id, id)).returning()
  return row!
}

export async function deleteDocument(db: Executor, id: number): Promise<void> {
  await db.delete(kycDocuments).where(eq(kycDocuments.id, id))
}

export type LegitimationFilter = {
  step?: string
  partyKind?: string
  query?: string
  createdFrom?: Date
  createdTill?: Date
}

function filterOf(filter: LegitimationFilter, withStep: boolean): SQL | undefined {
  const q = filter.query?.trim()
  return and(
    withStep && filter.step ? eq(legitimations.step, filter.step) : undefined,
    filter.partyKind ? eq(legitimations.partyKind, filter.partyKind) : undefined,
    q ? or(ilike(users.email, containsPattern(q)), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containsPattern(q))) : undefined,
    filter.createdFrom ? gte(legitimations.createdAt, filter.createdFrom) : undefined,
    filter.createdTill ? lt(legitimations.createdAt, filter.createdTill) : undefined,
  )
}

/** The managers' list: newest change first, with the total before and after the filters and the counts per step. */
export async function listLegitimations(db: Executor, filter: LegitimationFilter, page: { offset: number; limit: number }) {
  const rows = await db.select({ legitimation: legitimations, user: { email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(legitimations).innerJoin(users, eq(users.id, legitimations.userId))
    .where(filterOf(filter, true)).orderBy(desc(legitimations.updatedAt), desc(legitimations.id)).limit(page.limit).offset(page.offset)
  const [total] = await db.select({ n: count() }).from(legitimations).innerJoin(users, eq(users.id, legitimations.userId)).where(filterOf(filter, true))
  const [totalMax] = await db.select({ n: count() }).from(legitimations)
  // Counts per step ignore the step filter, so the tabs show what each step would list.
  const perStep = await db.select({ step: legitimations.step, n: count() }).from(legitimations).innerJoin(users, eq(users.id, legitimations.userId))
    .where(filterOf(filter, false)).groupBy(legitimations.step)
  return {
    rows,
    total: Number(total?.n ?? 0),
    totalMax: Number(totalMax?.n ?? 0),
    counts: Object.fromEntries(perStep.map((r) => [r.step, Number(r.n)])) as Record<string, number>,
  }
}
