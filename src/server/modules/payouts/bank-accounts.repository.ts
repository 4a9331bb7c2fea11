import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { bankAccounts, users } from '../../db/schema'
import type { BankAccountRow } from './money-out.repository'

// The bank accounts' SQL (docs/decisions/0049-money-out.md "Bank accounts"): a party's accounts, the
// managers' lists and the one function that writes an account's states.

export type NewBankAccount = typeof bankAccounts.$inferInsert
export type BankAccountUser = { id: number; email: string; firstName: string; lastName: string }
export type AdminBankAccountRow = { account: BankAccountRow; user: BankAccountUser }

export async function insert(db: Executor, values: NewBankAccount): Promise<BankAccountRow> {
  const [row] = await db.insert(bankAccounts).values(values).returning()
  return row!
}

export async function findById(db: Executor, id: number, options: { lock?: boolean } = {}): Promise<BankAccountRow | undefined> {
  const query = db.select().from(bankAccounts).where(eq(bankAccounts.id, id))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** A party's account by id: another party's id is as unknown as a missing one. */
export async function findOfParty(db: Executor, partyKind: string, partyId: number, id: number, options: { lock?: boolean } = {}): Promise<BankAccountRow | undefined> {
  const query = db.select().from(bankAccounts).where(and(eq(bankAccounts.id, id), eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId)))
  const [row] = options.lock ? await query.for('update') : await query
  return row
}

/** The party's activated accounts, locked (accepting a new one deactivates them). */
export async function activatedOfParty(db: Executor, partyKind: string, partyId: number, options: { lock?: boolean } = {}): Promise<BankAccountRow[]> {
  const query = db.select().from(bankAccounts)
    .where(and(eq(bankAccounts.partyKind, partyKind), eq(bankAccounts.partyId, partyId), eq(bankAccounts.state, 'activated')))
    .orderBy(asc(bankAccounts.id))
  return options.lock ? query.for('update') : query
}

/** Writes a state (and what goes with it); callers check the move with the state tables first. */
export async function updateStates(db: Executor, id: number, values: Partial<Pick<NewBankAccount,
  'state' | 'legitimationState' | 'rejectionReason' | 'rejectionComment' | 'activatedAt' | 'deactivatedAt' | 'reviewedAt' | 'reviewedBy' | 'updatedAt'>>): Promise<BankAccountRow> {
  const [row] = await db.update(bankAccounts).set(values).where(eq(bankAccounts.id, id)).returning()
  return row!
}

export async function usersOf(db: Executor, ids: readonly number[]): Promise<Map<number, BankAccountUser>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, [...ids]))
  return new Map(rows.map((u) => [u.id, u]))
}

export type AdminBankAccountFilters = {
  /** The managers' queue: accounts submitted and not yet checked. */
  awaitingCheck?: boolean
  state?: string
  legitimationState?: string
  partyKind?: string
  countryCode?: string
  currency?: string
  query?: string
  createdFrom?: Date
  createdTill?: Date
  sortKey?: string
  sortDir?: 'asc' | 'desc'
  offset: number
  limit: number
}

function like(value: string): string {
  return `%${value.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
}

/** The state filter; `*_by_lw` are accounts the e-money provider holds (they carry its reference). */
function stateCondition(state: string): SQL {
  if (state === 'activated_by_lw') return and(eq(bankAccounts.state, 'activated'), isNotNull(bankAccounts.providerRef))!
  if (state === 'deactivated_by_lw') return and(eq(bankAccounts.state, 'deactivated'), isNotNull(bankAccounts.providerRef))!
  return eq(bankAccounts.state, state)
}

const sortColumns = {
  id: bankAccounts.id, created_at: bankAccounts.createdAt, state: bankAccounts.state, legitimation_state: bankAccounts.legitimationState,
  country_code: bankAccounts.countryCode, currency: bankAccounts.currency, holder: bankAccounts.holder, activated_at: bankAccounts.activatedAt,
} as const

export async function listForManagers(db: Executor, f: AdminBankAccountFilters) {
  const scope = f.awaitingCheck ? and(eq(bankAccounts.state, 'waiting'), inArray(bankAccounts.legitimationState, ['init', 'change'])) : undefined
  const ibanQuery = f.query ? f.query.replace(/\s+/g, '').toUpperCase() : ''
  const where = and(
    scope,
    f.state ? stateCondition(f.state) : undefined,
    f.legitimationState ? eq(bankAccounts.legitimationState, f.legitimationState) : undefined,
    f.partyKind ? eq(bankAccounts.partyKind, f.partyKind) : undefined,
    f.countryCode ? eq(bankAccounts.countryCode, f.countryCode.toUpperCase()) : undefined,
    f.currency ? eq(bankAccounts.currency, f.currency.toLowerCase()) : undefined,
    f.query
      ? sql`(${bankAccounts.iban} ilike ${like(ibanQuery || f.query)} or ${bankAccounts.holder} ilike ${like(f.query)} or ${users.email} ilike ${like(f.query)})`
      : undefined,
    f.createdFrom ? gte(bankAccounts.createdAt, f.createdFrom) : undefined,
    f.createdTill ? lte(bankAccounts.createdAt, f.createdTill) : undefined,
  )
  const column = sortColumns[(f.sortKey ?? 'created_at') as keyof typeof sortColumns] ?? bankAccounts.createdAt
  const rows = await db.select({ account: bankAccounts, user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
    .from(bankAccounts).innerJoin(users, eq(users.id, bankAccounts.userId)).where(where)
    .orderBy((f.sortDir ?? 'desc') === 'desc' ? desc(column) : asc(column), desc(bankAccounts.id))
    .offset(f.offset).limit(f.limit)
  const countOf = (w: SQL | undefined) => db.select({ n: count() }).from(bankAccounts).innerJoin(users, eq(users.id, bankAccounts.userId)).where(w)
  const [filtered] = await countOf(where)
  const [all] = await countOf(scope)
  const states = await db.select({ state: bankAccounts.state, n: count() }).from(bankAccounts).where(scope).groupBy(bankAccounts.state)
  const held = await db.select({ state: bankAccounts.state, n: count() }).from(bankAccounts)
    .where(and(scope, isNotNull(bankAccounts.providerRef), inArray(bankAccounts.state, ['activated', 'deactivated']))).groupBy(bankAccounts.state)
  const counts: Record<string, number> = Object.fromEntries(states.map((s) => [s.state, s.n]))
  for (const h of held) counts[`${h.state}_by_lw`] = h.n
  return { rows: rows as AdminBankAccountRow[], total: filtered?.n ?? 0, totalMax: all?.n ?? 0, counts }
}
