import { desc, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { exchangeRateRefreshes, exchangeRates } from '../../db/schema'

// The exchange-rates module's SQL (README.md): the stored rates against the euro and the refresh log.

export type StoredRate = typeof exchangeRates.$inferSelect
export type RefreshRow = typeof exchangeRateRefreshes.$inferSelect

/** The stored rates of these currencies (lowercase ids), one query. */
export async function readRates(db: Executor, currencies: string[]): Promise<StoredRate[]> {
  if (currencies.length === 0) return []
  return db.select().from(exchangeRates).where(inArray(exchangeRates.currency, currencies))
}

export async function readAllRates(db: Executor): Promise<StoredRate[]> {
  return db.select().from(exchangeRates).orderBy(exchangeRates.currency)
}

/** Inserts or replaces each currency's rate (the caller holds the transaction). */
export async function upsertRates(db: Executor, rows: StoredRate[]): Promise<void> {
  if (rows.length === 0) return
  await db.insert(exchangeRates).values(rows).onConflictDoUpdate({
    target: exchangeRates.currency,
    set: {
      perEur: sql`excluded.per_eur`, source: sql`excluded.source`,
      ratedAt: sql`excluded.rated_at`, fetchedAt: sql`excluded.fetched_at`,
    },
  })
}

export async function insertRefresh(db: Executor, row: typeof exchangeRateRefreshes.$inferInsert): Promise<void> {
  await db.insert(exchangeRateRefreshes).values(row)
}

export async function listRefreshes(db: Executor, limit: number): Promise<RefreshRow[]> {
  return db.select().from(exchangeRateRefreshes).orderBy(desc(exchangeRateRefreshes.id)).limit(limit)
}

/** The oldest stored rate's date, or null when none is stored. */
export async function oldestRatedAt(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ oldest: sql<Date | string | null>`min(${exchangeRates.ratedAt})` }).from(exchangeRates)
  const value = row?.oldest ?? null
  return value === null ? null : new Date(value)
}
