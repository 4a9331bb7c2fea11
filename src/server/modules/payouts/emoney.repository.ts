import { and, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bankAccounts, kycDocuments, legitimations, payouts } from '../../db/schema'
import type { BankAccountRow, KycDocumentRow, LegitimationRow, PayoutRow } from './money-out.repository'

// The e-money part's own reads and writes (docs/decisions/0049-money-out.md "Rails"): the provider's ids on
// legitimations, documents and bank accounts, and the states the provider's answers move.

export async function legitimationById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<LegitimationRow | undefined> {
  const query = db.select().from(legitimations).where(eq(legitimations.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function legitimationOfProviderUser(db: Executor, providerUserRef: string, options: { lock?: boolean } = {}): Promise<LegitimationRow | undefined> {
  const query = db.select().from(legitimations).where(eq(legitimations.providerUserRef, providerUserRef)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function legitimationOfUboDeclaration(db: Executor, declarationRef: string, options: { lock?: boolean } = {}): Promise<LegitimationRow | undefined> {
  const query = db.select().from(legitimations).where(eq(legitimations.providerUboDeclarationRef, declarationRef)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateLegitimation(
  db: Executor, id: number,
  fields: Partial<Pick<LegitimationRow, 'providerUserRef' | 'providerWalletRef' | 'providerAccountState' | 'providerUboDeclarationRef' | 'uboDeclarationState' | 'step' | 'reviewedAt' | 'rejectionReason'>>,
  now: Date,
): Promise<void> {
  await db.update(legitimations).set({ ...fields, updatedAt: now }).where(eq(legitimations.id, id))
}

/** Documents a manager or the provider is to check that the provider has not got yet, oldest first. */
export async function documentsToSend(db: Executor, legitimationId: number): Promise<KycDocumentRow[]> {
  return db.select().from(kycDocuments)
    .where(and(eq(kycDocuments.legitimationId, legitimationId), eq(kycDocuments.state, 'validation_asked'), isNull(kycDocuments.providerRef)))
    .orderBy(kycDocuments.createdAt, kycDocuments.id)
}

/** Sets the provider's document id on rows that have none yet (a second run finds them taken). */
export async function setDocumentsProviderRef(db: Executor, ids: readonly number[], providerRef: string, now: Date): Promise<void> {
  if (ids.length === 0) return
  await db.update(kycDocuments).set({ providerRef, updatedAt: now }).where(and(inArray(kycDocuments.id, [...ids]), isNull(kycDocuments.providerRef)))
}

/** Our documents sent as one provider document (both sides of an identity card share one). */
export async function documentsOfProviderRef(db: Executor, providerRef: string, options: { lock?: boolean } = {}): Promise<KycDocumentRow[]> {
  const query = db.select().from(kycDocuments).where(eq(kycDocuments.providerRef, providerRef)).orderBy(kycDocuments.id)
  return options.lock ? query.for('update') : query
}

export async function updateDocument(db: Executor, id: number, fields: Pick<KycDocumentRow, 'state' | 'refusedReason' | 'refusedComment' | 'reviewedAt'>, now: Date): Promise<void> {
  await db.update(kycDocuments).set({ ...fields, reviewedBy: null, updatedAt: now }).where(eq(kycDocuments.id, id))
}

/** The party's newest account the provider does not know yet (a new, checked or active one). */
export async function bankAccountToRegister(db: Executor, partyKind: string, partyId: number): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts)
    .where(and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), inArray(bankAccounts.state, ['not_sent', 'waiting', 'activated']), isNull(bankAccounts.providerRef)))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id)).limit(1)
  return row
}

export async function bankAccountById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BankAccountRow | undefined> {
  const query = db.select().from(bankAccounts).where(eq(bankAccounts.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateBankAccount(db: Executor, id: number, fields: Partial<Pick<BankAccountRow, 'providerRef' | 'state'>>, now: Date): Promise<void> {
  await db.update(bankAccounts).set({ ...fields, updatedAt: now }).where(eq(bankAccounts.id, id))
}

export async function payoutById(db: Executor, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(payouts).where(eq(payouts.id, id))
  return row
}
