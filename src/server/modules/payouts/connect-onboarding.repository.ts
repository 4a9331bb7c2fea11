import { and, desc, eq, like, notInArray } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bankAccounts } from '../../db/schema'
import type { BankAccountRow } from './money-out.repository'

// Connected accounts kept as bank account rows of the connect rail (docs/decisions/0052-emoney-pay-ins.md
// "Connect onboarding"): the row's provider_ref is the `acct_…`, its provider_account_state the provider's word.

const connected = like(bankAccounts.providerRef, 'acct\\_%')

/** The party's connected account in use (the newest one neither deactivated nor rejected). */
export async function connectAccountOfParty(db: Executor, partyKind: string, partyId: number): Promise<BankAccountRow | undefined> {
  const [row] = await db.select().from(bankAccounts)
    .where(and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), connected, notInArray(bankAccounts.state, ['deactivated', 'rejected'])))
    .orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id)).limit(1)
  return row
}

/** How many connected accounts the party ever started (names the next one's idempotency key). */
export async function connectAccountCount(db: Executor, partyKind: string, partyId: number): Promise<number> {
  const rows = await db.select({ id: bankAccounts.id }).from(bankAccounts).where(and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), connected))
  return rows.length
}

export async function bankAccountOfConnectAccount(db: Executor, accountId: string, options: { lock?: boolean } = {}): Promise<BankAccountRow | undefined> {
  const query = db.select().from(bankAccounts).where(eq(bankAccounts.providerRef, accountId)).orderBy(desc(bankAccounts.id)).limit(1)
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

export async function updateConnectState(db: Executor, id: number, fields: Partial<Pick<BankAccountRow, 'providerAccountState' | 'state'>>, now: Date): Promise<BankAccountRow> {
  const [row] = await db.update(bankAccounts).set({ ...fields, updatedAt: now }).where(eq(bankAccounts.id, id)).returning()
  return row!
}
