import { and, eq, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { sellerEffectiveFeatures, sellerSmtpSettings, sellers, users } from '../../db/schema'

// The seller mail server's SQL (docs/decisions/0084-custom-smtp-and-double-opt-in.md). Reads `sellers` and
// `users` (the accounts module's) for the flag in effect and the seller's own address; writes only its table.

export type SellerSmtpRow = typeof sellerSmtpSettings.$inferSelect

export async function findSettings(db: Executor, sellerId: number, options: { lock?: boolean } = {}): Promise<SellerSmtpRow | undefined> {
  const query = db.select().from(sellerSmtpSettings).where(eq(sellerSmtpSettings.sellerId, sellerId)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function upsertSettings(db: Executor, values: typeof sellerSmtpSettings.$inferInsert): Promise<SellerSmtpRow> {
  const { sellerId: _, createdAt: __, ...changes } = values
  const [row] = await db.insert(sellerSmtpSettings).values(values)
    .onConflictDoUpdate({ target: sellerSmtpSettings.sellerId, set: changes }).returning()
  return row!
}

export async function deleteSettings(db: Executor, sellerId: number): Promise<boolean> {
  const rows = await db.delete(sellerSmtpSettings).where(eq(sellerSmtpSettings.sellerId, sellerId)).returning({ sellerId: sellerSmtpSettings.sellerId })
  return rows.length > 0
}

/** A test's outcome, recorded only when the settings are still the ones tested (same updated_at). */
export async function recordTest(db: Executor, sellerId: number, tested: Date, values: Partial<SellerSmtpRow>): Promise<SellerSmtpRow | undefined> {
  const [row] = await db.update(sellerSmtpSettings).set(values)
    .where(and(eq(sellerSmtpSettings.sellerId, sellerId), eq(sellerSmtpSettings.updatedAt, tested))).returning()
  return row
}

/** Starts a failure run: answers true only for the delivery that started it (failing_since was null). */
export async function startFailureRun(db: Executor, sellerId: number, error: string, now: Date): Promise<boolean> {
  const started = await db.update(sellerSmtpSettings).set({ failingSince: now, lastError: error, lastErrorAt: now })
    .where(and(eq(sellerSmtpSettings.sellerId, sellerId), isNull(sellerSmtpSettings.failingSince))).returning({ sellerId: sellerSmtpSettings.sellerId })
  if (started.length > 0) return true
  await db.update(sellerSmtpSettings).set({ lastError: error, lastErrorAt: now }).where(eq(sellerSmtpSettings.sellerId, sellerId))
  return false
}

export async function recordSent(db: Executor, sellerId: number, now: Date): Promise<void> {
  await db.update(sellerSmtpSettings).set({ failingSince: null, lastSentAt: now }).where(eq(sellerSmtpSettings.sellerId, sellerId))
}

/** The seller's flags in effect (src/server/feature-flags.ts's rule) and their account's address. */
export async function sellerFacts(db: Executor, sellerId: number) {
  const [row] = await db.select({
    features: sellerEffectiveFeatures, email: users.email, firstName: users.firstName, locale: users.locale, username: sellers.username,
  }).from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(eq(sellers.id, sellerId)).limit(1)
  return row
}
