import { AppError } from '../../../shared/errors'
import type { PartyKind } from '../../../shared/ledger/accounts'
import type { BusinessType, KycDocumentKind } from '../../../shared/payouts/documents'
import { isPayoutCountry, payoutCurrencyOf } from '../../../shared/payouts/countries'
import type {
  AdminBankAccountOutput, BankAccountList, BankAccountOutput, RejectBankAccountInput,
} from '../../../shared/schemas/payouts'
import type { adminBankAccountListQuery, bankAccountListQuery, createBankAccountInput } from '../../../shared/schemas/payouts'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { BankAccountLegitimationState, BankAccountState } from '../../../shared/states/bank-account'
import { bankAccountLegitimationTransitions, bankAccountRejectionReasons, bankAccountTransitions } from '../../../shared/states/bank-account'
import type { KycDocumentState } from '../../../shared/states/kyc-document'
import type { ProviderAccountState } from '../../../shared/states/provider-account'
import type { LegitimationStep } from '../../../shared/states/legitimation'
import { assertTransition } from '../../../shared/states/transitions'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from '../accounts/accounts.service'
import * as email from '../email/email.service'
import { moneyFactsOf, type PartyMoneyFacts } from './availability.service'
import * as repo from './bank-accounts.repository'
import type { BankAccountRow } from './money-out.repository'
import * as shared from './money-out.repository'
import { areaOfParty, partyOf, type PartyArea } from './parties'
import type { z } from 'zod'
import * as emoney from './emoney.service'

// Payout bank accounts and the managers' check of them (docs/decisions/0049-money-out.md "Bank accounts"):
// a party submits an account (waiting, legitimation init or change), a manager accepts it (activated; the
// party's previously activated account is deactivated) or rejects it with a reason; the party is mailed
// either way. Parties reach only their own accounts: the area decides the party (parties.ts).

type Area = PartyArea

const notFound = () => new AppError('not_found', 'No such bank account')

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null
}

export function bankAccountOutputOf(row: BankAccountRow): BankAccountOutput {
  return {
    id: row.id,
    state: row.state as BankAccountState,
    legitimation_state: row.legitimationState as BankAccountLegitimationState,
    iban: row.iban,
    bic: row.bic,
    holder: row.holder,
    country_code: row.countryCode,
    currency: row.currency,
    rejection_reason: row.rejectionReason,
    rejection_comment: row.rejectionComment,
    activated_at: iso(row.activatedAt),
    created_at: row.createdAt.toISOString(),
    connect_account: row.providerRef?.startsWith('acct_') ? row.providerRef : null,
    provider_account_state: row.providerRef?.startsWith('acct_') ? (row.providerAccountState as ProviderAccountState | null) : null,
  }
}

/** The configured payout countries (never RU) with the currency each is paid in. */
export function payoutCountries(configured: readonly string[]) {
  return configured.filter((code) => isPayoutCountry(code, configured)).map((code) => ({ country_code: code, currency: payoutCurrencyOf(code) as 'eur' | 'pln' | 'chf' | 'gbp' }))
}

// ------------------------------------------------------------------ the party's own accounts

export async function listOwn(ctx: Ctx, area: Area, query: z.output<typeof bankAccountListQuery>): Promise<BankAccountList> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    const rows = await shared.bankAccountsOf(tx, party.kind, party.id, { withDeactivated: query.with_deactivated === true })
    // Deactivated accounts come last: the list shows where money goes first.
    const ordered = [...rows.filter((r) => r.state !== 'deactivated'), ...rows.filter((r) => r.state === 'deactivated')]
    return {
      list: ordered.map(bankAccountOutputOf), payout_countries: payoutCountries(ctx.deps.config.PAYOUT_COUNTRIES),
      connect_onboarding: Boolean(ctx.deps.config.CONNECT_STRIPE_SECRET_KEY),
    }
  })
}

export async function create(ctx: Ctx, area: Area, input: z.output<typeof createBankAccountInput>): Promise<{ bank_account: BankAccountOutput }> {
  const countryCode = input.country_code.toUpperCase()
  if (!isPayoutCountry(countryCode, ctx.deps.config.PAYOUT_COUNTRIES)) {
    throw new AppError('INVALID_INPUT', 'Payouts cannot go to this country', [{ path: 'country_code', message: 'invalid_value' }])
  }
  const currency = payoutCurrencyOf(countryCode)
  if (input.currency !== currency) {
    throw new AppError('INVALID_INPUT', `Payouts to ${countryCode} are made in ${currency.toUpperCase()}`, [{ path: 'currency', message: 'invalid_value' }])
  }
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'write')
    // Locked so two submissions at once agree whether they replace an activated account.
    const activated = await repo.activatedOfParty(tx, party.kind, party.id, { lock: true })
    assertTransition(bankAccountTransitions, 'not_sent', 'waiting', 'bank account')
    const row = await repo.insert(tx, {
      partyKind: party.kind, partyId: party.id, userId: party.userId,
      iban: input.iban, bic: input.bic ?? null, holder: input.holder, countryCode, currency,
      state: 'waiting', legitimationState: activated.length > 0 ? 'change' : 'init',
      createdAt: ctx.now, updatedAt: ctx.now,
    })
    // The e-money provider learns the account with the party's next sync (nothing without the provider).
    await emoney.enqueueSyncOfParty(ctx.deps, tx, party.kind, party.id)
    return { bank_account: bankAccountOutputOf(row) }
  })
}

/** The party switches an account off (it no longer receives payouts). */
export async function deactivateOwn(ctx: Ctx, area: Area, id: number): Promise<{ bank_account: BankAccountOutput }> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'write')
    const row = await repo.findOfParty(tx, party.kind, party.id, id, { lock: true })
    if (!row) throw notFound()
    return { bank_account: bankAccountOutputOf(await deactivate(ctx, tx, row)) }
  })
}

async function deactivate(ctx: Ctx, tx: Executor, row: BankAccountRow): Promise<BankAccountRow> {
  if (row.state === 'deactivated') return row
  assertTransition(bankAccountTransitions, row.state as BankAccountState, 'deactivated', 'bank account')
  return repo.updateStates(tx, row.id, { state: 'deactivated', deactivatedAt: ctx.now, updatedAt: ctx.now })
}

// ------------------------------------------------------------------ managers

function adminOutputOf(row: repo.AdminBankAccountRow, facts: PartyMoneyFacts): AdminBankAccountOutput {
  return {
    ...bankAccountOutputOf(row.account),
    party_kind: row.account.partyKind as PartyKind,
    party_id: row.account.partyId,
    user: { id: row.user.id, email: row.user.email, first_name: row.user.firstName, last_name: row.user.lastName },
    legitimation: {
      id: facts.legitimation?.id ?? null,
      step: (facts.legitimation?.step ?? 'head_quarter') as LegitimationStep,
      business_type: facts.businessType as BusinessType,
      documents: facts.documents.map((d) => ({
        id: d.id, kind: d.kind as KycDocumentKind, state: d.state as KycDocumentState,
        refused_reason: d.refusedReason as AdminBankAccountOutput['legitimation']['documents'][number]['refused_reason'],
        refused_comment: d.refusedComment, file_name: d.fileName, content_type: d.contentType, size: d.size, created_at: d.createdAt.toISOString(),
      })),
    },
  }
}

/** Each row with its party's identity step and documents (the manager checks the holder against them). */
async function adminOutputsOf(tx: Executor, rows: repo.AdminBankAccountRow[]): Promise<AdminBankAccountOutput[]> {
  const factsByParty = new Map<string, PartyMoneyFacts>()
  for (const row of rows) {
    const key = `${row.account.partyKind}:${row.account.partyId}`
    if (!factsByParty.has(key)) factsByParty.set(key, await moneyFactsOf(tx, { kind: row.account.partyKind as PartyKind, id: row.account.partyId }))
  }
  return rows.map((row) => adminOutputOf(row, factsByParty.get(`${row.account.partyKind}:${row.account.partyId}`)!))
}

export async function listForManagers(ctx: Ctx, query: z.output<typeof adminBankAccountListQuery>, options: { awaitingCheck?: boolean } = {}): Promise<ListAnswer<AdminBankAccountOutput>> {
  assertCan(ctx.actor, 'admin.read')
  return ctx.db.transaction(async (tx) => {
    const result = await repo.listForManagers(tx, {
      awaitingCheck: options.awaitingCheck,
      state: query.state, legitimationState: query.legitimation_state, partyKind: query.party_kind, countryCode: query.country_code, currency: query.currency,
      query: query.query, createdFrom: query.created_from_time ? new Date(query.created_from_time) : undefined,
      createdTill: query.created_till_time ? new Date(query.created_till_time) : undefined,
      sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
    })
    return {
      list: await adminOutputsOf(tx, result.rows),
      total_count: result.total,
      total_count_max: result.totalMax,
      ...(query.counts ? { counts: result.counts } : {}),
    }
  })
}

async function adminAnswerOf(tx: Executor, row: BankAccountRow): Promise<{ bank_account: AdminBankAccountOutput }> {
  const user = (await repo.usersOf(tx, [row.userId])).get(row.userId)
  if (!user) throw notFound()
  const [output] = await adminOutputsOf(tx, [{ account: row, user }])
  return { bank_account: output! }
}

export async function getForManagers(ctx: Ctx, id: number): Promise<{ bank_account: AdminBankAccountOutput }> {
  assertCan(ctx.actor, 'admin.read')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id)
    if (!row) throw notFound()
    return adminAnswerOf(tx, row)
  })
}

/** The manager accepts the account: payouts go to it from now on, the party's older account is switched off. */
export async function accept(ctx: Ctx, id: number): Promise<{ bank_account: AdminBankAccountOutput }> {
  const actor = ctx.actor
  assertCan(actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, { lock: true })
    if (!row) throw notFound()
    assertTransition(bankAccountLegitimationTransitions, row.legitimationState as BankAccountLegitimationState, 'accepted', 'bank account check')
    assertTransition(bankAccountTransitions, row.state as BankAccountState, 'activated', 'bank account')
    for (const older of await repo.activatedOfParty(tx, row.partyKind, row.partyId, { lock: true })) {
      if (older.id !== row.id) await deactivate(ctx, tx, older)
    }
    const updated = await repo.updateStates(tx, row.id, {
      state: 'activated', legitimationState: 'accepted', activatedAt: ctx.now, reviewedAt: ctx.now, reviewedBy: actor.userId, updatedAt: ctx.now,
    })
    await mailParty(ctx, tx, updated, 'bank_account_accepted')
    return adminAnswerOf(tx, updated)
  })
}

export async function reject(ctx: Ctx, id: number, input: RejectBankAccountInput): Promise<{ bank_account: AdminBankAccountOutput }> {
  const actor = ctx.actor
  assertCan(actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, { lock: true })
    if (!row) throw notFound()
    assertTransition(bankAccountLegitimationTransitions, row.legitimationState as BankAccountLegitimationState, 'rejected', 'bank account check')
    assertTransition(bankAccountTransitions, row.state as BankAccountState, 'rejected', 'bank account')
    const updated = await repo.updateStates(tx, row.id, {
      state: 'rejected', legitimationState: 'rejected', rejectionReason: input.reason, rejectionComment: input.comment?.trim() || null, reviewedAt: ctx.now, reviewedBy: actor.userId, updatedAt: ctx.now,
    })
    await mailParty(ctx, tx, updated, 'bank_account_rejected', input.comment)
    return adminAnswerOf(tx, updated)
  })
}

export async function deactivateForManagers(ctx: Ctx, id: number): Promise<{ bank_account: AdminBankAccountOutput }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findById(tx, id, { lock: true })
    if (!row) throw notFound()
    return adminAnswerOf(tx, await deactivate(ctx, tx, row))
  })
}

type RejectionReason = (typeof bankAccountRejectionReasons)[number]
const reasonWords: Record<'en' | 'de', Record<RejectionReason, string>> = {
  en: {
    holder_mismatch: 'the account holder does not match your verified identity',
    invalid_account: 'the account details are not valid',
    country_not_supported: 'payouts cannot go to this country',
    document_missing: 'a document we need is missing',
    other: 'another reason',
  },
  de: {
    holder_mismatch: 'der Kontoinhaber stimmt nicht mit deiner geprüften Identität überein',
    invalid_account: 'die Kontodaten sind ungültig',
    country_not_supported: 'in dieses Land sind keine Auszahlungen möglich',
    document_missing: 'ein benötigtes Dokument fehlt',
    other: 'ein anderer Grund',
  },
}

async function mailParty(ctx: Ctx, tx: Executor, row: BankAccountRow, kind: 'bank_account_accepted' | 'bank_account_rejected', comment?: string) {
  const user = await accounts.userContact(tx, row.userId)
  if (!user) return
  const locale = user.locale === 'de' ? 'de' : 'en'
  const reason = row.rejectionReason && (bankAccountRejectionReasons as readonly string[]).includes(row.rejectionReason)
    ? reasonWords[locale][row.rejectionReason as RejectionReason] : row.rejectionReason ?? ''
  const area = areaOfParty[row.partyKind as PartyKind] ?? 'cabinet'
  await email.queueEmail(ctx.deps, tx, {
    to: user.email, kind, locale: user.locale, userId: user.id, firstName: user.firstName,
    notificationText: kind === 'bank_account_rejected' ? [reason, comment?.trim()].filter(Boolean).join('. ') : undefined,
    link: `${ctx.deps.config.appUrl}/${area}/bank_accounts`,
  })
}
