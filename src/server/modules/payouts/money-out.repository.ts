import { and, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bankAccounts, kycDocuments, legitimations, payouts } from '../../db/schema'

// The reads every part of money out shares: a party's legitimation, its documents, its bank accounts
// (availability), and what a user still has on its way (deletion). Each part's own writes live in its
// repository (identity, bank-accounts, payouts).

export type LegitimationRow = typeof legitimations.$inferSelect
export type KycDocumentRow = typeof kycDocuments.$inferSelect
export type BankAccountRow = typeof bankAccounts.$inferSelect
export type PayoutRow = typeof payouts.$inferSelect

export async function findLegitimation(db: Executor, partyKind: string, partyId: number, options: { lock?: boolean } = {}): Promise<LegitimationRow | undefined> {
  const query = db.select().from(legitimations).where(and(eq(legitimations.partyKind, partyKind), eq(legitimations.partyId, partyId)))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/**
 * Whether the seller (a column or value) has a wallet at the e-money provider that may receive payments
 * (kyc_1, kyc_2), as SQL for payment settings' `paymentAccountDone` (ports/money-out.ts): the same standing
 * as `emoneyAccountOf` with payment settings' `emoneyReady`.
 */
export function emoneyReceivingSql(sellerId: SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${legitimations} where ${legitimations.partyKind} = 'seller' and ${legitimations.partyId} = ${sellerId}
    and ${legitimations.providerUserRef} is not null and ${legitimations.providerWalletRef} is not null and ${legitimations.providerAccountState} in ('kyc_1', 'kyc_2'))`
}

/** The documents of a legitimation, newest first (the first of each kind is the one that counts). */
export async function documentsOf(db: Executor, legitimationId: number): Promise<KycDocumentRow[]> {
  return db.select().from(kycDocuments).where(eq(kycDocuments.legitimationId, legitimationId)).orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
}

/** The documents of several legitimations in one read, each newest first (a managers' list page). */
export async function documentsOfLegitimations(db: Executor, legitimationIds: readonly number[]): Promise<Map<number, KycDocumentRow[]>> {
  const byLegitimation = new Map<number, KycDocumentRow[]>(legitimationIds.map((id) => [id, []]))
  if (legitimationIds.length === 0) return byLegitimation
  const rows = await db.select().from(kycDocuments).where(inArray(kycDocuments.legitimationId, [...legitimationIds])).orderBy(desc(kycDocuments.createdAt), desc(kycDocuments.id))
  for (const row of rows) byLegitimation.get(row.legitimationId)?.push(row)
  return byLegitimation
}

/** The bank accounts (not deactivated) of several parties in one read, each newest first, keyed `kind:id`. */
export async function bankAccountsOfParties(db: Executor, parties: readonly { kind: string; id: number }[]): Promise<Map<string, BankAccountRow[]>> {
  const byParty = new Map<string, BankAccountRow[]>(parties.map((p) => [`${p.kind}:${p.id}`, []]))
  if (parties.length === 0) return byParty
  const rows = await db.select().from(bankAccounts)
    .where(and(inArray(bankAccounts.partyKind, [...new Set(parties.map((p) => p.kind))]), inArray(bankAccounts.partyId, [...new Set(parties.map((p) => p.id))]), ne(bankAccounts.state, 'deactivated')))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
  for (const row of rows) byParty.get(`${row.partyKind}:${row.partyId}`)?.push(row)
  return byParty
}

/** A party's bank accounts, newest first; deactivated ones only when asked. */
export async function bankAccountsOf(db: Executor, partyKind: string, partyId: number, options: { withDeactivated?: boolean } = {}): Promise<BankAccountRow[]> {
  const where = and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), options.withDeactivated ? undefined : ne(bankAccounts.state, 'deactivated'))
  return db.select().from(bankAccounts).where(where).orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id))
}

/** The party's activated and accepted bank account (where payouts go), if any. */
export async function payoutBankAccount(db: Executor, partyKind: string, partyId: number): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts)
    .where(and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), eq(bankAccounts.state, 'activated'), eq(bankAccounts.legitimationState, 'accepted')))
    .orderBy(desc(bankAccounts.activatedAt)).limit(1)
  return row
}

/** Payouts of a user's parties that have not reached the bank yet. */
export async function payoutsInFlightOfUser(db: Executor, userId: number): Promise<number> {
  const rows = await db.select({ id: payouts.id }).from(payouts).innerJoin(bankAccounts, eq(bankAccounts.id, payouts.bankAccountId))
    .where(and(eq(bankAccounts.userId, userId), inArray(payouts.state, ['pending', 'issued']))).limit(1)
  return rows.length
}

/** Every legitimation of a user (their seller and publisher sides). */
export async function legitimationsOfUser(db: Executor, userId: number): Promise<LegitimationRow[]> {
  return db.select().from(legitimations).where(eq(legitimations.userId, userId))
}

export async function deleteDocuments(db: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(kycDocuments).where(inArray(kycDocuments.id, [...ids]))
}

/** Bank details are scrambled, not deleted: payouts keep pointing at the row. */
export async function scrambleBankAccountsOfUser(db: Executor, userId: number, now: Date): Promise<void> {
  await db.update(bankAccounts).set({ iban: 'XX00DELETED', bic: null, holder: 'Deleted', state: 'deactivated', deactivatedAt: now, updatedAt: now })
    .where(eq(bankAccounts.userId, userId))
}
