import { and, count, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bankAccounts, payoutBatches, payoutSettings, payouts, users } from '../../db/schema'
import type { BankAccountRow, PayoutRow } from './money-out.repository'

// The payouts part's SQL (docs/decisions/0049-money-out.md "Payouts"): settings (and the lock a payout
// request takes on them), payouts, and the managers' SEPA batches.

export type SettingsRow = typeof payoutSettings.$inferSelect
export type BatchRow = typeof payoutBatches.$inferSelect
export type NewPayout = typeof payouts.$inferInsert
export type PayoutWithAccount = { payout: PayoutRow; account: BankAccountRow }

const partyIs = (kind: string, id: number) => and(eq(payoutSettings.partyKind, kind), eq(payoutSettings.partyId, id))

/** The party's settings row, made with the defaults when missing, then locked until the transaction ends. */
export async function lockSettings(tx: Executor, kind: string, id: number): Promise<SettingsRow> {
  await tx.insert(payoutSettings).values({ partyKind: kind, partyId: id }).onConflictDoNothing()
  const [row] = await tx.select().from(payoutSettings).where(partyIs(kind, id)).for('update')
  return row!
}

export async function findSettings(db: Executor, kind: string, id: number): Promise<SettingsRow | undefined> {
  const [row] = await db.select().from(payoutSettings).where(partyIs(kind, id))
  return row
}

export async function updateSettings(tx: Executor, kind: string, id: number, set: Partial<typeof payoutSettings.$inferInsert>): Promise<SettingsRow> {
  const [row] = await tx.update(payoutSettings).set(set).where(partyIs(kind, id)).returning()
  return row!
}

/** Every party whose schedule may pay out (weekly or monthly). */
export async function scheduledSettings(db: Executor): Promise<SettingsRow[]> {
  return db.select().from(payoutSettings).where(inArray(payoutSettings.schedule, ['weekly', 'monthly']))
}

export async function insertPayout(tx: Executor, values: NewPayout): Promise<PayoutRow> {
  const [row] = await tx.insert(payouts).values(values).returning()
  return row!
}

export async function updatePayout(tx: Executor, id: number, set: Partial<NewPayout>): Promise<PayoutRow> {
  const [row] = await tx.update(payouts).set(set).where(eq(payouts.id, id)).returning()
  return row!
}

/** One payout with its bank account; `party` narrows it to that party's, `lock` takes it FOR UPDATE. */
export async function findPayout(db: Executor, id: number, options: { party?: { kind: string; id: number }; lock?: boolean } = {}): Promise<PayoutWithAccount | undefined> {
  const where = and(eq(payouts.id, id), options.party ? and(eq(payouts.partyKind, options.party.kind), eq(payouts.partyId, options.party.id)) : undefined)
  const query = db.select({ payout: payouts, account: bankAccounts }).from(payouts).innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId)).where(where)
  const [row] = options.lock ? await query.for('update', { of: payouts }) : await query
  return row
}

export type PayoutFilters = {
  partyKind?: string; partyId?: number; state?: string; payoutId?: number; currency?: string; transferCountryCode?: string
  amount?: number; batchId?: number; rail?: string; createdFrom?: string; createdTill?: string
}

function filtersWhere(f: PayoutFilters, withState = true): SQL | undefined {
  return and(
    f.partyKind !== undefined ? eq(payouts.partyKind, f.partyKind) : undefined,
    f.partyId !== undefined ? eq(payouts.partyId, f.partyId) : undefined,
    withState && f.state !== undefined ? eq(payouts.state, f.state) : undefined,
    f.payoutId !== undefined ? eq(payouts.id, f.payoutId) : undefined,
    f.currency !== undefined ? eq(payouts.currency, f.currency) : undefined,
    f.transferCountryCode !== undefined ? eq(payouts.transferCountryCode, f.transferCountryCode.toUpperCase()) : undefined,
    f.amount !== undefined ? eq(payouts.amount, f.amount) : undefined,
    f.batchId !== undefined ? eq(payouts.batchId, f.batchId) : undefined,
    f.rail !== undefined ? eq(payouts.rail, f.rail) : undefined,
    f.createdFrom !== undefined ? gte(payouts.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTill !== undefined ? lte(payouts.createdAt, new Date(f.createdTill)) : undefined,
  )
}

export type AdminPayoutRow = PayoutWithAccount & { user: { id: number; email: string } }

/** Payouts newest first with their accounts and users, the filtered count, the party's (or all) count, and counts per state. */
export async function listPayouts(db: Executor, filters: PayoutFilters, page: { offset: number; limit: number }) {
  const where = filtersWhere(filters)
  const rows: AdminPayoutRow[] = await db.select({ payout: payouts, account: bankAccounts, user: { id: users.id, email: users.email } })
    .from(payouts).innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId)).innerJoin(users, eq(users.id, bankAccounts.userId))
    .where(where).orderBy(desc(payouts.createdAt), desc(payouts.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(payouts).where(where)
  const scope = and(filters.partyKind !== undefined ? eq(payouts.partyKind, filters.partyKind) : undefined, filters.partyId !== undefined ? eq(payouts.partyId, filters.partyId) : undefined)
  const [max] = await db.select({ n: count() }).from(payouts).where(scope)
  const perState = await db.select({ state: payouts.state, n: count() }).from(payouts).where(filtersWhere(filters, false)).groupBy(payouts.state)
  return { rows, total: total?.n ?? 0, max: max?.n ?? 0, counts: Object.fromEntries(perState.map((r) => [r.state, r.n])) }
}

/** Per currency, what the party's payouts asked for and the bank has not confirmed yet (pending, issued). */
export async function inPayoutOf(db: Executor, kind: string, id: number): Promise<Map<string, number>> {
  const rows = await db.select({ currency: payouts.currency, total: sql<string>`coalesce(sum(${payouts.amount}), 0)` }).from(payouts)
    .where(and(eq(payouts.partyKind, kind), eq(payouts.partyId, id), inArray(payouts.state, ['pending', 'issued']))).groupBy(payouts.currency)
  return new Map(rows.map((r) => [r.currency, Number(r.total)]))
}

// ------------------------------------------------------------------ batches

/** The pending SEPA payouts of a currency in no batch yet (or only the named ones), locked FOR UPDATE. */
export async function lockBatchable(tx: Executor, currency: string, ids: readonly number[] | undefined): Promise<PayoutWithAccount[]> {
  return tx.select({ payout: payouts, account: bankAccounts }).from(payouts).innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(payouts.state, 'pending'), eq(payouts.rail, 'sepa'), eq(payouts.currency, currency), isNull(payouts.batchId), ids ? inArray(payouts.id, [...ids]) : undefined))
    .orderBy(payouts.id).for('update', { of: payouts })
}

export async function insertBatch(tx: Executor, values: typeof payoutBatches.$inferInsert): Promise<BatchRow> {
  const [row] = await tx.insert(payoutBatches).values(values).returning()
  return row!
}

export async function setBatchMessageId(tx: Executor, id: number, messageId: string): Promise<BatchRow> {
  const [row] = await tx.update(payoutBatches).set({ messageId }).where(eq(payoutBatches.id, id)).returning()
  return row!
}

export async function assignBatch(tx: Executor, batchId: number, payoutIds: readonly number[], now: Date): Promise<void> {
  if (payoutIds.length > 0) await tx.update(payouts).set({ batchId, updatedAt: now }).where(inArray(payouts.id, [...payoutIds]))
}

export async function findBatch(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BatchRow | undefined> {
  const query = db.select().from(payoutBatches).where(eq(payoutBatches.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** A batch's payouts with their accounts, by id; `lock` takes them FOR UPDATE. */
export async function payoutsOfBatch(db: Executor, batchId: number, options: { lock?: boolean } = {}): Promise<PayoutWithAccount[]> {
  const query = db.select({ payout: payouts, account: bankAccounts }).from(payouts).innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(eq(payouts.batchId, batchId)).orderBy(payouts.id)
  return options.lock ? query.for('update', { of: payouts }) : query
}

/** Batches newest first, each with the states of its payouts. */
export async function listBatches(db: Executor, page: { offset: number; limit: number }) {
  const rows = await db.select().from(payoutBatches).orderBy(desc(payoutBatches.createdAt), desc(payoutBatches.id)).offset(page.offset).limit(page.limit)
  const [total] = await db.select({ n: count() }).from(payoutBatches)
  const states = rows.length === 0 ? [] : await db.select({ batchId: payouts.batchId, state: payouts.state, n: count() }).from(payouts)
    .where(inArray(payouts.batchId, rows.map((r) => r.id))).groupBy(payouts.batchId, payouts.state)
  return { rows, total: total?.n ?? 0, states }
}
