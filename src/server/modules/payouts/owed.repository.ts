import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { owedSettlements } from '../../db/schema'

// Settlements a seller marked paid for money its own provider collected (docs/decisions/0049-money-out.md "Owed").

export type OwedSettlementRow = typeof owedSettlements.$inferSelect

/** What a seller settled with each party, per currency. */
export async function settledBy(db: Executor, filter: { sellerId?: number; partyKind?: string; partyId?: number }) {
  const where = and(
    filter.sellerId === undefined ? undefined : eq(owedSettlements.sellerId, filter.sellerId),
    filter.partyKind === undefined ? undefined : eq(owedSettlements.partyKind, filter.partyKind),
    filter.partyId === undefined ? undefined : eq(owedSettlements.partyId, filter.partyId),
  )
  const rows = await db.select({
    sellerId: owedSettlements.sellerId, partyKind: owedSettlements.partyKind, partyId: owedSettlements.partyId, currency: owedSettlements.currency,
    total: sql<string>`coalesce(sum(${owedSettlements.amount}), 0)`,
  }).from(owedSettlements).where(where).groupBy(owedSettlements.sellerId, owedSettlements.partyKind, owedSettlements.partyId, owedSettlements.currency)
  return rows.map((r) => ({ ...r, total: Number(r.total) }))
}

export async function insertSettlement(db: Executor, values: typeof owedSettlements.$inferInsert): Promise<OwedSettlementRow> {
  const [row] = await db.insert(owedSettlements).values(values).returning()
  return row!
}

export async function settlementsOf(db: Executor, filter: { sellerId?: number; partyKind?: string; partyId?: number }, limit = 100): Promise<OwedSettlementRow[]> {
  return db.select().from(owedSettlements).where(and(
    filter.sellerId === undefined ? undefined : eq(owedSettlements.sellerId, filter.sellerId),
    filter.partyKind === undefined ? undefined : eq(owedSettlements.partyKind, filter.partyKind),
    filter.partyId === undefined ? undefined : eq(owedSettlements.partyId, filter.partyId),
  )).orderBy(sql`${owedSettlements.createdAt} desc`).limit(limit)
}
