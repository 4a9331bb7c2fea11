import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { sellerCredentialProviders } from '../../../shared/payments'
import { rowsOfJson, type Executor } from '../../db/client'
import { paymentMethodSettings, paymentProviderAccounts, sellerEffectiveFeatures, sellers } from '../../db/schema'
import { param, reusableQuery, reusableSql } from '../../db/fast-path'

// The SQL of payment providers and the method x provider matrix, always scoped by the seller.

export type ProviderAccountRow = typeof paymentProviderAccounts.$inferSelect
export type MethodSettingRow = typeof paymentMethodSettings.$inferSelect

/** Holds the seller's row until the transaction ends: changes of one seller's payment setup run one at a time. */
export async function lockSeller(db: Executor, sellerId: number): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.id, sellerId)).limit(1).for('update')
  return row
}

/**
 * What of the platform's configuration the flag depends on: test mode (the sandbox counts), connect's keys,
 * and (the e-money provider configured) the payouts module's SQL for a wallet that may receive payments.
 */
export type AccountRule = { testMode: boolean; connect: boolean; emoneyReceiving: ((sellerId: SQLWrapper) => SQL<boolean>) | null }

const sellerProviderList = sql.raw(sellerCredentialProviders.map((p) => `'${p}'`).join(', '))
const bool = (value: boolean) => sql.raw(value ? 'true' : 'false')

/**
 * docs/reference/readings.md 23 in SQL, the same rule as `accountDone` in payment-settings.service.ts: test mode, or an
 * active provider of the seller's own, or (connect configured) a method the seller runs through connect, or
 * (the e-money provider configured) a wallet there that may receive payments.
 * The rule's values are written into the statement, so it may be part of a reusable one.
 */
export function accountDoneSql(sellerId: SQLWrapper, rule: AccountRule): SQL<boolean> {
  return sql<boolean>`(${bool(rule.testMode)}
    or exists (select 1 from ${paymentProviderAccounts} where ${paymentProviderAccounts.sellerId} = ${sellerId} and ${paymentProviderAccounts.active} and ${paymentProviderAccounts.provider} in (${sellerProviderList}))
    or (${bool(rule.connect)} and exists (select 1 from ${paymentMethodSettings} where ${paymentMethodSettings.sellerId} = ${sellerId} and ${paymentMethodSettings.provider} = 'connect' and ${paymentMethodSettings.active}))
    or ${rule.emoneyReceiving ? rule.emoneyReceiving(sellerId) : bool(false)})`
}

export async function listAccounts(db: Executor, sellerId: number): Promise<ProviderAccountRow[]> {
  return db.select().from(paymentProviderAccounts).where(eq(paymentProviderAccounts.sellerId, sellerId)).orderBy(asc(paymentProviderAccounts.id))
}

export async function findAccount(db: Executor, sellerId: number, provider: string): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.select().from(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.sellerId, sellerId), eq(paymentProviderAccounts.provider, provider))).limit(1)
  return row
}

/** Inserts the seller's account with this provider or replaces its credentials. */
export async function saveAccount(db: Executor, values: {
  sellerId: number; provider: string; credentialsEncrypted: string; publicInfo: Record<string, unknown>; active: boolean; now: Date
}): Promise<ProviderAccountRow> {
  const [row] = await db.insert(paymentProviderAccounts).values({
    sellerId: values.sellerId, provider: values.provider, credentialsEncrypted: values.credentialsEncrypted,
    publicInfo: values.publicInfo, active: values.active, createdAt: values.now, updatedAt: values.now,
  }).onConflictDoUpdate({
    target: [paymentProviderAccounts.sellerId, paymentProviderAccounts.provider],
    set: { credentialsEncrypted: values.credentialsEncrypted, publicInfo: values.publicInfo, active: values.active, updatedAt: values.now },
  }).returning()
  return row!
}

export async function setAccountActive(db: Executor, sellerId: number, provider: string, active: boolean, now: Date): Promise<ProviderAccountRow | undefined> {
  const [row] = await db.update(paymentProviderAccounts).set({ active, updatedAt: now })
    .where(and(eq(paymentProviderAccounts.sellerId, sellerId), eq(paymentProviderAccounts.provider, provider))).returning()
  return row
}

export async function deleteAccount(db: Executor, sellerId: number, provider: string): Promise<boolean> {
  const rows = await db.delete(paymentProviderAccounts)
    .where(and(eq(paymentProviderAccounts.sellerId, sellerId), eq(paymentProviderAccounts.provider, provider))).returning({ id: paymentProviderAccounts.id })
  return rows.length > 0
}

/** The seller's provider accounts and method settings in one round trip (every checkout asks which methods it offers). */
const accountsAndMethodSettingsSql = reusableSql<{ accounts: unknown; settings: unknown }>(() => sql`select
    (select coalesce(json_agg(a order by a.id), '[]') from ${paymentProviderAccounts} a where a.seller_id = ${param('sellerId')}) as accounts,
    (select coalesce(json_agg(m), '[]') from ${paymentMethodSettings} m where m.seller_id = ${param('sellerId')}) as settings`)

export async function accountsAndMethodSettings(db: Executor, sellerId: number): Promise<{ accounts: ProviderAccountRow[]; settings: MethodSettingRow[] }> {
  const [row] = await accountsAndMethodSettingsSql(db, { sellerId })
  return { accounts: rowsOfJson(paymentProviderAccounts, row!.accounts), settings: rowsOfJson(paymentMethodSettings, row!.settings) }
}

export async function listMethodSettings(db: Executor, sellerId: number): Promise<MethodSettingRow[]> {
  return db.select().from(paymentMethodSettings).where(eq(paymentMethodSettings.sellerId, sellerId))
}

export async function replaceMethodSettings(db: Executor, sellerId: number, rows: { method: string; provider: string; active: boolean }[], now: Date) {
  await db.delete(paymentMethodSettings).where(eq(paymentMethodSettings.sellerId, sellerId))
  if (rows.length > 0) await db.insert(paymentMethodSettings).values(rows.map((row) => ({ sellerId, ...row, updatedAt: now })))
}

/** Drops the matrix rows that name a provider the seller removed (those methods fall back to the default choice). */
export async function deleteMethodSettingsOf(db: Executor, sellerId: number, provider: string) {
  await db.delete(paymentMethodSettings).where(and(eq(paymentMethodSettings.sellerId, sellerId), eq(paymentMethodSettings.provider, provider)))
}

/** The seller's effective feature flags (the payment methods behind flags: twint, klarna, klarna_subscriptions). */
const sellerFeaturesQuery = reusableQuery((db) => db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, param('sellerId'))).limit(1))

export async function sellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean>> {
  const [row] = await sellerFeaturesQuery(db, { sellerId })
  return row?.features ?? {}
}
