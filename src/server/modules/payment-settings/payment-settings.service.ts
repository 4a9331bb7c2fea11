import { AppError, type FieldError } from '../../../shared/errors'
import {
  checkoutMethods, providerAllowedFor, providerKeepsMethod, providersOfMethod, sellerCredentialProviders, type CheckoutMethod, type PaymentProvider,
  type SellerCredentialProvider,
} from '../../../shared/payments'
import {
  stripeKeyMode, type BankWireCredentialsInput, type MethodSettingOutput, type PaymentSettingsInput, type PaymentSettingsOutput,
  type PayPalCredentialsInput, type ProviderAccountOutput, type ProviderListOutput, type StripeCredentialsInput,
} from '../../../shared/schemas/payment-settings'
import { actingSellerId } from '../../auth/permissions'
import { methodFlagOff } from '../../../shared/feature-gates'
import { assertFeature, type Ctx } from '../../context'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { paymentSecrets, SecretDecryptionError } from '../../payment-secrets'
import { createProvider } from '../../payments/providers'
import type { EmoneyCredentials } from '../../payments/providers/emoney'
import type { BankWireCredentials, PaymentProviderAdapter, PayPalCredentials, StripeCredentials } from '../../payments/providers/types'
import type { EmoneyAccount, MoneyOutPort } from '../../ports/money-out'
import * as repo from './payment-settings.repository'

// A seller's payment providers and method x provider matrix (docs/reference/catalogue-and-selling.md §3; docs/reference/readings.md 23, 27;
// README.md in this folder). Credentials are sealed with AES-256-GCM (src/server/payment-secrets.ts) and
// never leave the server except through `providerCredentials` for the checkout. Changes of one seller run
// one at a time under a lock on the seller's row. `paymentAccountDone` is never stored: it is derived from
// the providers and the platform's configuration (test mode, connect) each time it is read.

/** The platform's side of the providers: its keys (environment) and test mode (a platform setting). */
type Platform = Pick<AppDeps, 'config' | 'settings'>
type NvpCredentials = { user: string; password: string; signature: string }
/** What is sealed per provider: the provider types of src/server/payments, plus PayPal's NVP credentials. */
type StoredCredentials = {
  stripe: StripeCredentials
  paypal: PayPalCredentials & { nvp?: NvpCredentials }
  bank_wire: BankWireCredentials
}
export type ProviderCredentials = StripeCredentials | PayPalCredentials | BankWireCredentials

const sealContext = (sellerId: number, provider: string) => `seller:${sellerId}:provider:${provider}`
const notConfigured = () => new AppError('not_found', 'This payment provider is not configured')

function isSellerProvider(provider: string): provider is SellerCredentialProvider {
  return (sellerCredentialProviders as readonly string[]).includes(provider)
}

// ------------------------------------------------------------------ what is available

/**
 * The seller's account at the e-money provider (the payouts module's, through ports/money-out.ts) while the
 * provider is configured; null otherwise.
 */
async function emoneyAccountOf(db: Executor, deps: AppDeps, sellerId: number): Promise<EmoneyAccount | null> {
  return deps.config.MANGOPAY_CLIENT_ID ? deps.moneyOut.emoneyAccountOf(db, sellerId) : null
}

/** The e-money provider takes pay-ins while the seller's account there may receive them (docs/decisions/0052-emoney-pay-ins.md). */
function emoneyReady(account: EmoneyAccount | null): boolean {
  return account !== null && (account.state === 'kyc_1' || account.state === 'kyc_2')
}

/**
 * The platform's own providers: the sandbox in test mode, connect when its keys are configured, the
 * e-money provider when configured and the seller's wallet there is active.
 */
function builtInProviders(platform: Platform, emoney: EmoneyAccount | null = null): PaymentProvider[] {
  return [
    ...(platform.settings.paymentsTestMode ? ['sandbox' as const] : []), ...(platform.config.CONNECT_STRIPE_SECRET_KEY ? ['connect' as const] : []),
    ...(platform.config.MANGOPAY_CLIENT_ID && emoneyReady(emoney) ? ['emoney' as const] : []),
  ]
}

/** Providers a method may run through now: built-ins plus the seller's configured and active accounts. */
function availableProviders(platform: Platform, accounts: readonly repo.ProviderAccountRow[], emoney: EmoneyAccount | null): Set<PaymentProvider> {
  const available = new Set<PaymentProvider>(builtInProviders(platform, emoney))
  for (const account of accounts) if (account.active && isSellerProvider(account.provider)) available.add(account.provider)
  return available
}

function allowedProviders(method: CheckoutMethod, available: ReadonlySet<PaymentProvider>): PaymentProvider[] {
  return (providersOfMethod[method] as readonly PaymentProvider[]).filter((provider) => available.has(provider))
}

/**
 * The choice for a method the seller has not set: their own configured provider, else the sandbox in test
 * mode (so a fresh install sells at once; bank wire has no sandbox). Connect is never chosen unasked: it
 * means the platform collects the money.
 */
function defaultProvider(method: CheckoutMethod, available: ReadonlySet<PaymentProvider>): PaymentProvider | null {
  const allowed = allowedProviders(method, available)
  return allowed.find(isSellerProvider) ?? allowed.find((provider) => provider === 'sandbox') ?? null
}

/**
 * The matrix in effect: a stored row keeps its provider while that provider is available (otherwise the
 * method is off, never silently moved elsewhere); a method without a row takes the default choice.
 */
function effectiveMatrix(platform: Platform, accounts: readonly repo.ProviderAccountRow[], rows: readonly repo.MethodSettingRow[], emoney: EmoneyAccount | null): MethodSettingOutput[] {
  const available = availableProviders(platform, accounts, emoney)
  const stored = new Map(rows.map((row) => [row.method, row]))
  return checkoutMethods.map((method) => {
    const allowed = allowedProviders(method, available)
    const row = stored.get(method)
    if (row) {
      const provider = (allowed as string[]).includes(row.provider) ? (row.provider as PaymentProvider) : null
      return { method, allowed_providers: allowed, provider, active: provider !== null && row.active, stored: true }
    }
    const provider = defaultProvider(method, available)
    return { method, allowed_providers: allowed, provider, active: provider !== null, stored: false }
  })
}

/** What of the platform's configuration `paymentAccountDone` depends on. */
export type PaymentAccountConfig = Pick<AppDeps['config'], 'CONNECT_STRIPE_SECRET_KEY' | 'MANGOPAY_CLIENT_ID'>

/** What `paymentAccountDone` is derived with: the configuration, test mode, and the payouts module's e-money wallets (ports/money-out.ts). */
export type PaymentAccountDeps = { config: PaymentAccountConfig; settings: Pick<AppDeps['settings'], 'paymentsTestMode'>; moneyOut: Pick<MoneyOutPort, 'emoneyAccountOf' | 'emoneyReceivingSql'> }

const accountRuleOf = (deps: PaymentAccountDeps): repo.AccountRule => ({
  testMode: deps.settings.paymentsTestMode, connect: Boolean(deps.config.CONNECT_STRIPE_SECRET_KEY),
  emoneyReceiving: deps.config.MANGOPAY_CLIENT_ID ? deps.moneyOut.emoneyReceivingSql : null,
})

/**
 * docs/reference/readings.md 23: at least one provider configured and active. The sandbox counts in test mode; connect
 * counts once the seller runs a method through it; the e-money provider (when configured) while the seller's
 * wallet there may receive payments (docs/decisions/0052-emoney-pay-ins.md). Derived on every read, never
 * stored: turning test mode off (or connect's keys) changes it at once. `repo.accountDoneSql` is the same rule in SQL.
 */
function accountDone(platform: Omit<PaymentAccountDeps, 'moneyOut'>, accounts: readonly repo.ProviderAccountRow[], rows: readonly repo.MethodSettingRow[], emoney: EmoneyAccount | null): boolean {
  if (platform.settings.paymentsTestMode) return true
  if (accounts.some((account) => account.active && isSellerProvider(account.provider))) return true
  if (platform.config.MANGOPAY_CLIENT_ID && emoneyReady(emoney)) return true
  return Boolean(platform.config.CONNECT_STRIPE_SECRET_KEY) && rows.some((row) => row.provider === 'connect' && row.active)
}

/** The seller flag `paymentAccountDone` now (docs/reference/readings.md 23), for the profile, the dashboard and the API's answers. */
export async function paymentAccountDone(db: Executor, deps: PaymentAccountDeps, sellerId: number): Promise<boolean> {
  if (deps.settings.paymentsTestMode) return true
  const { accounts, settings } = await repo.accountsAndMethodSettings(db, sellerId)
  return accountDone(deps, accounts, settings, deps.config.MANGOPAY_CLIENT_ID ? await deps.moneyOut.emoneyAccountOf(db, sellerId) : null)
}

/**
 * The same flag as an SQL boolean for the seller whose id is `sellerId` (a column or value), for reads that
 * filter or list sellers by it (the catalogue's sellers, its checkout facts, the managers' lists).
 */
export function paymentAccountDoneSql(deps: PaymentAccountDeps, sellerId: SQLWrapper): SQL<boolean> {
  return repo.accountDoneSql(sellerId, accountRuleOf(deps))
}

async function lockSeller(tx: Executor, sellerId: number) {
  if (!(await repo.lockSeller(tx, sellerId))) throw new AppError('not_found', 'This seller does not exist')
}

// ------------------------------------------------------------------ public info (what may be shown)

/** "sk_test_…" style prefix kept, the last 4 characters shown: 'sk_…1234'. */
export function maskSecret(value: string): string {
  const prefix = /^[a-z]{2,6}_/.exec(value)?.[0] ?? ''
  return value.length >= 12 ? `${prefix}…${value.slice(-4)}` : `${prefix}…`
}

function publicInfoOf(provider: SellerCredentialProvider, credentials: StoredCredentials[SellerCredentialProvider]): Record<string, string | boolean | null> {
  switch (provider) {
    case 'stripe': {
      const c = credentials as StripeCredentials
      return {
        publishable_key: c.publishableKey, secret_key: maskSecret(c.secretKey), webhook_secret: c.webhookSecret ? maskSecret(c.webhookSecret) : null,
        mode: stripeKeyMode(c.publishableKey),
      }
    }
    case 'paypal': {
      const c = credentials as StoredCredentials['paypal']
      return {
        email: c.email, client_id: maskSecret(c.clientId), client_secret: maskSecret(c.clientSecret), merchant_id: c.merchantId ?? null,
        webhook_id: c.webhookId ?? null, nvp_user: c.nvp?.user ?? null, nvp_configured: Boolean(c.nvp),
      }
    }
    case 'bank_wire': {
      const c = credentials as BankWireCredentials
      return { account_holder: c.accountHolder, iban: `…${c.iban.slice(-4)}`, bic: c.bic ?? null, bank_name: c.bankName ?? null }
    }
  }
}

function accountOutput(row: repo.ProviderAccountRow): ProviderAccountOutput {
  return {
    provider: row.provider as PaymentProvider, built_in: false, configured: true, active: row.active,
    public_info: row.publicInfo as ProviderAccountOutput['public_info'],
    configured_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

function builtInOutput(platform: Platform, provider: PaymentProvider): ProviderAccountOutput {
  const info: Record<string, string | boolean | null> = provider === 'connect'
    ? { publishable_key: platform.config.CONNECT_STRIPE_PUBLISHABLE_KEY ?? null } : provider === 'emoney' ? {} : { test_mode: true }
  return { provider, built_in: true, configured: true, active: true, public_info: info, configured_at: null, updated_at: null }
}

function unconfiguredOutput(provider: SellerCredentialProvider): ProviderAccountOutput {
  return { provider, built_in: false, configured: false, active: false, public_info: {}, configured_at: null, updated_at: null }
}

// ------------------------------------------------------------------ providers (cabinet)

/** The built-in providers, then stripe, paypal and bank_wire: configured (public info only) or not. */
export async function listProviders(ctx: Ctx): Promise<ProviderListOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const accounts = new Map((await repo.listAccounts(ctx.db, sellerId)).map((row) => [row.provider, row]))
  const platform = ctx.deps
  return {
    list: [
      ...builtInProviders(platform, await emoneyAccountOf(ctx.db, ctx.deps, sellerId)).map((provider) => builtInOutput(platform, provider)),
      ...sellerCredentialProviders.map((provider) => {
        const row = accounts.get(provider)
        return row ? accountOutput(row) : unconfiguredOutput(provider)
      }),
    ],
    test_mode: platform.settings.paymentsTestMode,
    payment_account_done: await paymentAccountDone(ctx.db, ctx.deps, sellerId),
  }
}

type ProviderInput = {
  stripe: StripeCredentialsInput
  paypal: PayPalCredentialsInput
  bank_wire: BankWireCredentialsInput
}

const required = (path: string): FieldError => ({ path, message: 'required' })

/**
 * The credentials to store from the input and what was stored: a secret left out stays, as long as the
 * public part it belongs to (publishable key, client id, NVP user) is unchanged; other fields are replaced.
 */
function mergeCredentials<P extends SellerCredentialProvider>(provider: P, input: ProviderInput[P], previous: StoredCredentials[P] | null): StoredCredentials[P] {
  const missing: FieldError[] = []
  let merged: StoredCredentials[SellerCredentialProvider]
  if (provider === 'stripe') {
    const i = input as StripeCredentialsInput
    const p = previous as StripeCredentials | null
    const samePublic = p?.publishableKey === i.publishable_key
    const secretKey = i.secret_key ?? (samePublic ? p?.secretKey : undefined)
    if (!secretKey) missing.push(required('secret_key'))
    else if (stripeKeyMode(secretKey) !== stripeKeyMode(i.publishable_key)) missing.push({ path: 'secret_key', message: 'invalid_value' })
    const webhookSecret = i.webhook_secret === undefined ? p?.webhookSecret : (i.webhook_secret ?? undefined)
    merged = { publishableKey: i.publishable_key, secretKey: secretKey ?? '', ...(webhookSecret ? { webhookSecret } : {}) }
  } else if (provider === 'paypal') {
    const i = input as PayPalCredentialsInput
    const p = previous as StoredCredentials['paypal'] | null
    const clientSecret = i.client_secret ?? (p?.clientId === i.client_id ? p?.clientSecret : undefined)
    if (!clientSecret) missing.push(required('client_secret'))
    let nvp = i.nvp === undefined ? p?.nvp : undefined
    if (i.nvp) {
      const sameUser = p?.nvp?.user === i.nvp.user
      const password = i.nvp.password ?? (sameUser ? p?.nvp?.password : undefined)
      const signature = i.nvp.signature ?? (sameUser ? p?.nvp?.signature : undefined)
      if (!password) missing.push(required('nvp.password'))
      if (!signature) missing.push(required('nvp.signature'))
      nvp = { user: i.nvp.user, password: password ?? '', signature: signature ?? '' }
    }
    merged = {
      email: i.email, clientId: i.client_id, clientSecret: clientSecret ?? '',
      ...(i.merchant_id ? { merchantId: i.merchant_id } : {}), ...(i.webhook_id ? { webhookId: i.webhook_id } : {}), ...(nvp ? { nvp } : {}),
    }
  } else {
    const i = input as BankWireCredentialsInput
    merged = { accountHolder: i.account_holder, iban: i.iban, ...(i.bic ? { bic: i.bic } : {}), ...(i.bank_name ? { bankName: i.bank_name } : {}) }
  }
  if (missing.length > 0) throw new AppError('validation_failed', missing[0]!.message, missing)
  return merged as StoredCredentials[P]
}

/** PUT /cabinet/payment_providers/{provider}: stores (or replaces) the seller's credentials, sealed. */
export async function saveProvider<P extends SellerCredentialProvider>(ctx: Ctx, provider: P, input: ProviderInput[P]): Promise<ProviderAccountOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const box = paymentSecrets(ctx.deps)
  return ctx.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId)
    const existing = await repo.findAccount(tx, sellerId, provider)
    let previous: StoredCredentials[P] | null = null
    if (existing) {
      try {
        previous = box.open(existing.credentialsEncrypted, sealContext(sellerId, provider)) as StoredCredentials[P]
      } catch (error) {
        if (!(error instanceof SecretDecryptionError)) throw error
        ctx.deps.logger.warn({ sellerId, provider }, 'stored payment credentials cannot be decrypted; all secrets must be entered again')
      }
    }
    const credentials = mergeCredentials(provider, input, previous)
    const row = await repo.saveAccount(tx, {
      sellerId, provider,
      credentialsEncrypted: box.seal(credentials as Record<string, unknown>, sealContext(sellerId, provider)),
      publicInfo: publicInfoOf(provider, credentials),
      active: input.active ?? existing?.active ?? true,
      now: ctx.now,
    })
    return accountOutput(row)
  })
}

/** Switches a configured provider on or off; its methods stay chosen and go off while it is off. */
export async function setProviderActive(ctx: Ctx, provider: SellerCredentialProvider, active: boolean): Promise<ProviderAccountOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId)
    const row = await repo.setAccountActive(tx, sellerId, provider, active, ctx.now)
    if (!row) throw notConfigured()
    return accountOutput(row)
  })
}

/** Removes the credentials; the methods that ran through the provider go back to the default choice. */
export async function deleteProvider(ctx: Ctx, provider: SellerCredentialProvider): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId)
    if (!(await repo.deleteAccount(tx, sellerId, provider))) throw notConfigured()
    await repo.deleteMethodSettingsOf(tx, sellerId, provider)
  })
}

// ------------------------------------------------------------------ the matrix (cabinet)

export async function getPaymentSettings(ctx: Ctx): Promise<PaymentSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { accounts, settings: rows } = await repo.accountsAndMethodSettings(ctx.db, sellerId)
  const platform = ctx.deps
  const emoney = await emoneyAccountOf(ctx.db, ctx.deps, sellerId)
  return { methods: effectiveMatrix(platform, accounts, rows, emoney), test_mode: platform.settings.paymentsTestMode, payment_account_done: accountDone(platform, accounts, rows, emoney) }
}

/**
 * PUT /cabinet/payment_settings: replaces the matrix. Each provider must be one the spec's matrix allows
 * for the method (Klarna and TWINT: stripe or connect only) and one available to the seller now
 * (configured and active; the sandbox only in test mode; connect only when the platform configured it).
 */
export async function savePaymentSettings(ctx: Ctx, input: PaymentSettingsInput): Promise<PaymentSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const platform = ctx.deps
  return ctx.db.transaction(async (tx) => {
    await lockSeller(tx, sellerId)
    const accounts = await repo.listAccounts(tx, sellerId)
    const emoney = await emoneyAccountOf(tx, ctx.deps, sellerId)
    const available = availableProviders(platform, accounts, emoney)
    const problems: FieldError[] = []
    input.methods.forEach((entry, index) => {
      if (!providerAllowedFor(entry.method, entry.provider) || !available.has(entry.provider)) {
        problems.push({ path: `methods.${index}.provider`, message: 'invalid_value' })
      }
    })
    if (problems.length > 0) {
      throw new AppError('validation_failed', 'This provider is not available for this payment method', problems)
    }
    // A method behind a flag that is off cannot be switched on (docs/decisions/0077-feature-flags.md).
    for (const entry of input.methods) {
      const off = entry.active ? methodFlagOff(ctx.sellerFeatures, entry.method, false) : null
      if (off) assertFeature(ctx, off)
    }
    await repo.replaceMethodSettings(tx, sellerId, input.methods.map((m) => ({ method: m.method, provider: m.provider, active: m.active })), ctx.now)
    const rows = await repo.listMethodSettings(tx, sellerId)
    return { methods: effectiveMatrix(platform, accounts, rows, emoney), test_mode: platform.settings.paymentsTestMode, payment_account_done: accountDone(platform, accounts, rows, emoney) }
  })
}

// ------------------------------------------------------------------ for the checkout

/**
 * The methods a product offers now, in checkoutMethods order, each with the provider it runs through:
 * the seller's matrix in effect (stored rows while their provider is available, defaults otherwise),
 * active methods only, intersected with the product's own selection when it has one (null: all).
 * An empty answer means the product cannot be paid for (no active payment method).
 */
export async function activeMethods(
  db: Executor, deps: AppDeps, sellerId: number, productMethods: readonly string[] | null, needs: MethodNeeds = {},
): Promise<{ method: CheckoutMethod; provider: PaymentProvider }[]> {
  const { accounts, settings: rows } = await repo.accountsAndMethodSettings(db, sellerId)
  const wanted = productMethods ? new Set(productMethods) : null
  const features = await repo.sellerFeatures(db, sellerId)
  return effectiveMatrix(deps, accounts, rows, await emoneyAccountOf(db, deps, sellerId)).flatMap((entry) => {
    if (!entry.active || entry.provider === null || (wanted && !wanted.has(entry.method))) return []
    // Methods behind a flag that is off are not offered (TWINT, Klarna; Klarna for later rates: klarna_subscriptions).
    if (methodFlagOff(features, entry.method, needs.keepsMethod === true)) return []
    if (!needs.keepsMethod || providerKeepsMethod(entry.provider)) return [{ method: entry.method, provider: entry.provider }]
    const fallback = keepingFallback(entry.allowed_providers)
    return fallback ? [{ method: entry.method, provider: fallback }] : []
  })
}

/** What a payment needs of its provider: `keepsMethod` when later rates charge the payer's method again (installments, subscriptions). */
export type MethodNeeds = { keepsMethod?: boolean }

/**
 * The provider a method falls back to when its chosen provider keeps no method (the e-money provider,
 * docs/decisions/0052-emoney-pay-ins.md) and the plan is recurring: another of the seller's own providers
 * for the method, else the sandbox in test mode; connect is never chosen unasked. Null: the method is not offered.
 */
function keepingFallback(allowed: readonly PaymentProvider[]): PaymentProvider | null {
  const keeping = allowed.filter(providerKeepsMethod)
  return keeping.find(isSellerProvider) ?? keeping.find((provider) => provider === 'sandbox') ?? null
}

/**
 * The seller's decrypted credentials with a provider they store (stripe, paypal, bank_wire); null for
 * connect, sandbox and free (the platform's own) and when nothing is stored. Answers the credentials of a
 * switched-off provider too (refunds of its earlier payments still need them); whether a method may use it
 * now is activeMethods'. Credentials that cannot be decrypted (the key changed) throw 502 provider_error.
 */
export async function providerCredentials(db: Executor, deps: AppDeps, sellerId: number, provider: PaymentProvider | string): Promise<StripeCredentials | PayPalCredentials | BankWireCredentials | EmoneyCredentials | null> {
  if (provider === 'emoney') {
    const account = await emoneyAccountOf(db, deps, sellerId)
    return account ? { userId: account.userRef, walletId: account.walletRef } : null
  }
  if (!isSellerProvider(provider)) return null
  const row = await repo.findAccount(db, sellerId, provider)
  if (!row) return null
  let stored: Record<string, unknown>
  try {
    stored = paymentSecrets(deps).open(row.credentialsEncrypted, sealContext(sellerId, provider))
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error
    deps.logger.error({ sellerId, provider }, 'stored payment credentials cannot be decrypted')
    throw new AppError('provider_error', 'The payment provider is not set up correctly')
  }
  switch (provider) {
    case 'stripe': {
      const c = stored as StripeCredentials
      return { publishableKey: c.publishableKey, secretKey: c.secretKey, ...(c.webhookSecret ? { webhookSecret: c.webhookSecret } : {}) }
    }
    case 'paypal': {
      const c = stored as StoredCredentials['paypal']
      return {
        email: c.email, clientId: c.clientId, clientSecret: c.clientSecret,
        ...(c.merchantId ? { merchantId: c.merchantId } : {}), ...(c.webhookId ? { webhookId: c.webhookId } : {}),
      }
    }
    case 'bank_wire': {
      const c = stored as BankWireCredentials
      return { accountHolder: c.accountHolder, iban: c.iban, ...(c.bic ? { bic: c.bic } : {}), ...(c.bankName ? { bankName: c.bankName } : {}) }
    }
  }
}

/** The seller's adapter for a provider, with their credentials (the platform's own for the connect provider). */
export async function providerAdapter(db: Executor, deps: AppDeps, sellerId: number, provider: PaymentProvider | string): Promise<PaymentProviderAdapter> {
  const credentials = await providerCredentials(db, deps, sellerId, provider)
  return createProvider(provider as PaymentProvider, { config: deps.config, settings: deps.settings, credentials: credentials ?? undefined })
}
