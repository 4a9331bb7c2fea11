import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { payoutCanceledPostings, payoutPostings, payoutSettledPostings } from '../../../shared/ledger/postings'
import { formatMoney, isCurrencyId, toMajorUnitsString, type CurrencyId } from '../../../shared/money'
import { allowsPayouts, type AvailabilityAnswer, type MissingItem } from '../../../shared/payouts/availability'
import { payableAmount } from '../../../shared/payouts/balance'
import { dayOf, isPayoutDay, nextPayoutDay } from '../../../shared/payouts/schedule'
import type {
  adminPayoutListQuery, adminPayoutOutput, cancelPayoutInput, CreatePayoutInput, payoutListQuery, payoutOutput, payoutSettingsOutput,
  payoutsBalanceOutput, updatePayoutSettingsInput,
} from '../../../shared/schemas/payouts'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { payoutCsvColumns } from '../../../shared/schemas/payouts'
import { payoutTransitions, type PayoutState } from '../../../shared/states/payout'
import { assertTransition } from '../../../shared/states/transitions'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import { pdfTexts } from '../../pdf/pdf-texts'
import { pdfLocaleOf } from '../../pdf/pdf-writer'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as accounts from '../accounts/accounts.service'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as teams from '../teams/teams.service'
import { moneyFactsOf } from './availability.service'
import { balanceIn, balancesOf } from './balances.service'
import * as money from './money-out.repository'
import type { PayoutRow } from './money-out.repository'
import { areaOfParty, balanceAccountOf, partyOf, type Party, type PartyArea } from './parties'
import { payoutMemoNumber, renderPayoutMemoPdf } from './payout-credit-memos'
import * as repo from './payouts.repository'
import { railAdapters, railFor, type PayoutRail, type RailAnswer } from './rails'
import { owedOf } from './owed.service'

// Balances, payout requests, settings and the managers' payout actions (docs/decisions/0049-money-out.md
// "Balances", "Payouts"). A request locks the party's payout_settings row first and reads the availability
// and balance inside that lock, so concurrent requests are counted one after another; the ledger's `payout`
// transaction is booked in the same transaction as the payout row.

/** Sends a payout over a rail other than SEPA (connect, emoney), outside any transaction. */
export const sendPayoutJob = 'payouts.send'

type PayoutOutput = z.infer<typeof payoutOutput>
type AdminPayoutOutput = z.infer<typeof adminPayoutOutput>
type PartyRef = Pick<Party, 'kind' | 'id'>

const notFound = () => new AppError('not_found', 'This payout does not exist')

function moneyText(amount: number, currency: string): string {
  return isCurrencyId(currency) ? formatMoney({ amount, currency }) : `${amount} ${currency}`
}

export function toPayoutOutput(row: repo.PayoutWithAccount): PayoutOutput {
  const p = row.payout
  return {
    id: p.id, state: p.state as PayoutState, amount: p.amount, currency: p.currency, rail: p.rail as PayoutRail, origin: p.origin as 'manual' | 'schedule',
    transfer_country_code: p.transferCountryCode, iban_last4: row.account.iban.slice(-4), batch_id: p.batchId, canceled_reason: p.canceledReason,
    issued_at: p.issuedAt?.toISOString() ?? null, succeeded_at: p.succeededAt?.toISOString() ?? null, canceled_at: p.canceledAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  }
}

function toAdminOutput(row: repo.AdminPayoutRow): AdminPayoutOutput {
  return {
    ...toPayoutOutput(row), party_kind: row.payout.partyKind as AdminPayoutOutput['party_kind'], party_id: row.payout.partyId,
    holder: row.account.holder, iban: row.account.iban, bic: row.account.bic, user: row.user,
  }
}

/** What is missing, in words, for the payouts_not_available message. */
function missingText(answer: AvailabilityAnswer): string {
  const words = (m: MissingItem): string => {
    switch (m.kind) {
      case 'document': return m.refused ? `a new ${m.document} document (the last was refused)` : `the ${m.document} document`
      case 'submit': return 'submitting your identity check'
      case 'review': return 'the review of your identity check'
      case 'bank_account': return 'an activated bank account'
      case 'bank_account_review': return 'the review of your bank account'
      case 'provider': return `the payment provider's approval (account ${m.state})`
    }
  }
  if (answer.value === 'rejected' && answer.missing.length === 0) return 'your identity check was rejected'
  return answer.missing.length > 0 ? `missing ${answer.missing.map(words).join(', ')}` : `availability is ${answer.value}`
}

// ------------------------------------------------------------------ mails

async function mailPayout(deps: AppDeps, tx: Executor, row: repo.PayoutWithAccount, kind: 'payout_requested' | 'payout_successful' | 'payout_canceled', reason?: string) {
  // A team member may switch these mails off (docs/decisions/0053-team-members.md "Notification settings").
  if (row.payout.partyKind === 'team_member' && !(await teams.wantsMail(tx, row.payout.partyId, 'payouts'))) return
  const user = await accounts.userContact(tx, row.account.userId)
  if (!user) return
  await email.queueEmail(deps, tx, {
    to: user.email, kind, locale: user.locale, userId: user.id, firstName: user.firstName,
    amount: moneyText(row.payout.amount, row.payout.currency), notificationText: reason,
    link: `${deps.config.appUrl}/${areaOfParty[row.payout.partyKind as Party['kind']] ?? 'cabinet'}/payouts`,
  })
}

// ------------------------------------------------------------------ state changes (ledger and mail with each)

function ledgerAmount(payout: PayoutRow) {
  return { amount: payout.amount, currency: payout.currency as CurrencyId }
}

/** payout.changed for a seller's own payouts (signed webhooks, ports/platform-events.ts); other parties have no endpoints. */
async function emitPayoutChanged(deps: AppDeps, tx: Executor, before: PayoutRow, after: PayoutRow, now: Date) {
  if (after.partyKind !== 'seller') return
  await deps.platformEvents.emit(deps, tx, {
    type: 'payout.changed', sellerId: after.partyId, orderId: null, productIds: [], occurredAt: now,
    data: { payout_id: after.id, amount: after.amount, currency: after.currency, from: before.state, to: after.state },
  })
}

async function issueRow(deps: AppDeps, tx: Executor, row: repo.PayoutWithAccount, now: Date, providerRef?: string): Promise<repo.PayoutWithAccount> {
  assertTransition(payoutTransitions, row.payout.state as PayoutState, 'issued', 'payout')
  const payout = await repo.updatePayout(tx, row.payout.id, { state: 'issued', issuedAt: now, updatedAt: now, ...(providerRef ? { providerRef } : {}) })
  await emitPayoutChanged(deps, tx, row.payout, payout, now)
  return { ...row, payout }
}

async function settleRow(deps: AppDeps, tx: Executor, row: repo.PayoutWithAccount, now: Date): Promise<repo.PayoutWithAccount> {
  assertTransition(payoutTransitions, row.payout.state as PayoutState, 'successful', 'payout')
  const payout = await repo.updatePayout(tx, row.payout.id, { state: 'successful', succeededAt: now, updatedAt: now })
  await orders.bookPartyTransaction(tx, payoutSettledPostings({ amount: ledgerAmount(payout) }), 'payout_settled', now)
  await mailPayout(deps, tx, { ...row, payout }, 'payout_successful')
  await emitPayoutChanged(deps, tx, row.payout, payout, now)
  return { ...row, payout }
}

async function cancelRow(deps: AppDeps, tx: Executor, row: repo.PayoutWithAccount, reason: string, now: Date): Promise<repo.PayoutWithAccount> {
  assertTransition(payoutTransitions, row.payout.state as PayoutState, 'canceled', 'payout')
  const payout = await repo.updatePayout(tx, row.payout.id, { state: 'canceled', canceledAt: now, canceledReason: reason, updatedAt: now })
  await orders.bookPartyTransaction(tx, payoutCanceledPostings({ from: balanceAccountOf({ kind: payout.partyKind as Party['kind'], id: payout.partyId }), amount: ledgerAmount(payout) }), 'payout_canceled', now)
  await mailPayout(deps, tx, { ...row, payout }, 'payout_canceled', reason)
  await emitPayoutChanged(deps, tx, row.payout, payout, now)
  return { ...row, payout }
}

export { cancelRow, issueRow, settleRow }

// ------------------------------------------------------------------ balances

export async function payoutsBalance(ctx: Ctx, area: PartyArea): Promise<z.infer<typeof payoutsBalanceOutput>> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    const balances = await balancesOf(ctx.deps, tx, party, ctx.now)
    const inPayout = await repo.inPayoutOf(tx, party.kind, party.id)
    const facts = await moneyFactsOf(tx, party)
    // What sellers' own providers collected and is still owed (to a publisher) or owing (by a seller).
    const owed = await owedOf(tx, party)
    return { balances: balances.map((b) => ({ ...b, in_payout: inPayout.get(b.currency) ?? 0 })), availability: facts.availability, owed }
  })
}

// ------------------------------------------------------------------ payout requests

/**
 * Makes one payout inside the caller's transaction: the settings lock, then availability, bank account and
 * balance read under it, then the row, the ledger's `payout` transaction, the mail and (rails other than
 * SEPA) the job that sends it.
 */
export async function makePayout(
  deps: AppDeps, tx: Executor, party: PartyRef, input: { amount: number; currency: string }, options: { origin: 'manual' | 'schedule'; now: Date; requestedBy: number | null },
): Promise<repo.PayoutWithAccount> {
  await repo.lockSettings(tx, party.kind, party.id)
  const facts = await moneyFactsOf(tx, party)
  if (!allowsPayouts(facts.availability.value)) throw new AppError('payouts_not_available', `Payouts are not available yet: ${missingText(facts.availability)}`)
  const account = await money.payoutBankAccount(tx, party.kind, party.id)
  if (!account) throw new AppError('payouts_not_available', 'Payouts are not available yet: missing an activated bank account')
  if (account.currency !== input.currency) {
    throw new AppError('payouts_not_available', `Your bank account receives ${account.currency.toUpperCase()}: a payout in ${input.currency.toUpperCase()} needs a bank account in ${input.currency.toUpperCase()}`)
  }
  const payable = payableAmount(await balanceIn(deps, tx, party, input.currency, options.now))
  if (input.amount > payable) throw new AppError('insufficient_balance', `At most ${moneyText(payable, input.currency)} can be paid out now`, [{ path: 'amount', message: 'out_of_range' }])
  const rail = railFor(deps, { bankAccount: account, legitimation: facts.legitimation })
  const payout = await repo.insertPayout(tx, {
    partyKind: party.kind, partyId: party.id, bankAccountId: account.id, amount: input.amount, currency: input.currency, state: 'pending', rail,
    origin: options.origin, transferCountryCode: account.countryCode, requestedBy: options.requestedBy, createdAt: options.now, updatedAt: options.now,
  })
  await orders.bookPartyTransaction(tx, payoutPostings({ from: balanceAccountOf(party), amount: ledgerAmount(payout) }), 'payout', options.now)
  const row = { payout, account }
  await mailPayout(deps, tx, row, 'payout_requested')
  if (rail !== 'sepa') await deps.jobs.enqueue(tx, sendPayoutJob, { payoutId: payout.id }, { singletonKey: `payout-send-${payout.id}` })
  return row
}

export async function createPayout(ctx: Ctx, area: PartyArea, input: CreatePayoutInput, origin: 'manual' | 'schedule' = 'manual'): Promise<{ payout: PayoutOutput }> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'write')
    const row = await makePayout(ctx.deps, tx, party, input, { origin, now: ctx.now, requestedBy: ctx.actor?.userId ?? null })
    return { payout: toPayoutOutput(row) }
  })
}

export async function listPayouts(ctx: Ctx, area: PartyArea, query: z.infer<typeof payoutListQuery>): Promise<ListAnswer<PayoutOutput>> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    const { rows, total, max, counts } = await repo.listPayouts(tx, {
      partyKind: party.kind, partyId: party.id, state: query.state, payoutId: query.payout_id, currency: query.currency,
      createdFrom: query.created_from_time, createdTill: query.created_till_time,
    }, { offset: (query.page - 1) * query.per, limit: query.per })
    return { list: rows.map(toPayoutOutput), total_count: total, total_count_max: max, ...(query.counts ? { counts } : {}) }
  })
}

export async function getPayout(ctx: Ctx, area: PartyArea, id: number): Promise<{ payout: PayoutOutput }> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    const row = await repo.findPayout(tx, id, { party })
    if (!row) throw notFound()
    return { payout: toPayoutOutput(row) }
  })
}

/** The party takes back a payout that has not left: pending and in no batch yet. */
export async function cancelOwnPayout(ctx: Ctx, area: PartyArea, id: number): Promise<{ payout: PayoutOutput }> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'write')
    const row = await repo.findPayout(tx, id, { party, lock: true })
    if (!row) throw notFound()
    if (row.payout.state !== 'pending' || row.payout.batchId !== null) throw new AppError('conflict', 'This payout is already on its way to the bank and cannot be canceled')
    return { payout: toPayoutOutput(await cancelRow(ctx.deps, tx, row, 'canceled by you', ctx.now)) }
  })
}

/**
 * A publisher's, team member's or reseller's self-billing credit memo for one payout; sellers get none (404).
 * A reseller's names its legal details: it bills the platform for its fees (docs/decisions/0051-resellers.md).
 */
export async function payoutMemo(ctx: Ctx, area: PartyArea, id: number): Promise<{ filename: string; pdf: Buffer }> {
  const { row, recipient, recipientDetails, locale } = await ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    if (party.kind === 'seller') throw notFound()
    const row = await repo.findPayout(tx, id, { party })
    if (!row || row.payout.state === 'canceled') throw notFound()
    // The memo speaks its recipient's language: the locale of the party's user.
    const user = await accounts.userContact(tx, party.userId)
    const locale = pdfLocaleOf(user?.locale)
    if (party.kind === 'reseller') {
      const issuer = await ctx.deps.resellers.issuerOf(tx, party.id)
      if (issuer) {
        const details = [`${issuer.street}, ${issuer.zip} ${issuer.city}, ${issuer.countryCode}`, ...(issuer.vatId ? [`${pdfTexts[locale].invoice.vatId} ${issuer.vatId}`] : [])]
        return { row, recipient: issuer.legalName, recipientDetails: details, locale }
      }
    }
    return { row, recipient: user ? `${user.firstName} ${user.lastName}`.trim() || user.email : row.account.holder, recipientDetails: [], locale }
  })
  const pdf = await renderPayoutMemoPdf({
    payoutId: row.payout.id, amount: row.payout.amount, currency: row.payout.currency, state: row.payout.state, createdAt: row.payout.createdAt,
    holder: row.account.holder, ibanLast4: row.account.iban.slice(-4), recipient, recipientDetails,
    paysFor: row.payout.partyKind === 'reseller' ? 'reseller_fees' : 'commissions', locale,
  })
  return { filename: `${payoutMemoNumber(row.payout.id)}.pdf`, pdf }
}

// ------------------------------------------------------------------ settings

function settingsOutput(settings: { schedule: string; startDay: number; minimumAmount: number; currency: string }, now: Date): z.infer<typeof payoutSettingsOutput> {
  return {
    schedule: settings.schedule as z.infer<typeof payoutSettingsOutput>['schedule'], start_day: settings.startDay, minimum_amount: settings.minimumAmount,
    currency: settings.currency, next_payout_on: nextPayoutDay(settings, now),
  }
}

export async function getSettings(ctx: Ctx, area: PartyArea): Promise<z.infer<typeof payoutSettingsOutput>> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'read')
    const row = await repo.findSettings(tx, party.kind, party.id)
    return settingsOutput(row ?? { schedule: 'manual', startDay: 1, minimumAmount: 0, currency: 'eur' }, ctx.now)
  })
}

export async function updateSettings(ctx: Ctx, area: PartyArea, input: z.infer<typeof updatePayoutSettingsInput>): Promise<z.infer<typeof payoutSettingsOutput>> {
  return ctx.db.transaction(async (tx) => {
    const party = await partyOf(ctx, tx, area, 'write')
    await repo.lockSettings(tx, party.kind, party.id)
    const row = await repo.updateSettings(tx, party.kind, party.id, {
      schedule: input.schedule, startDay: input.start_day, minimumAmount: input.minimum_amount, currency: input.currency, updatedAt: ctx.now,
    })
    return settingsOutput(row, ctx.now)
  })
}

// ------------------------------------------------------------------ the schedule (daily job)

/**
 * Every party whose schedule pays out today and did not run today: a payout of the whole payable amount
 * in the settings' currency when payouts are allowed and it reaches the minimum; the day is noted either
 * way, so a second run the same day makes nothing. One transaction per party.
 */
export async function runSchedule(deps: AppDeps): Promise<number> {
  const now = deps.now()
  const today = dayOf(now)
  let made = 0
  for (const candidate of await repo.scheduledSettings(deps.db)) {
    if (!isPayoutDay(candidate, now) || candidate.lastScheduledOn === today) continue
    made += await deps.db.transaction(async (tx) => {
      const settings = await repo.lockSettings(tx, candidate.partyKind, candidate.partyId)
      if (!isPayoutDay(settings, now) || settings.lastScheduledOn === today) return 0
      const party = { kind: settings.partyKind as Party['kind'], id: settings.partyId }
      await repo.updateSettings(tx, party.kind, party.id, { lastScheduledOn: today })
      const facts = await moneyFactsOf(tx, party)
      if (!allowsPayouts(facts.availability.value)) return 0
      const account = await money.payoutBankAccount(tx, party.kind, party.id)
      if (!account || account.currency !== settings.currency) return 0
      const amount = payableAmount(await balanceIn(deps, tx, party, settings.currency, now))
      if (amount < Math.max(settings.minimumAmount, 1)) return 0
      await makePayout(deps, tx, party, { amount, currency: settings.currency }, { origin: 'schedule', now, requestedBy: null })
      return 1
    })
  }
  return made
}

// ------------------------------------------------------------------ rails other than SEPA (job)

/** Applies a rail's answer to a payout still on its way; a payout already past that state is left alone. */
export async function applyRailAnswer(deps: AppDeps, payoutId: number, answer: RailAnswer): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = deps.now()
    let row = await repo.findPayout(tx, payoutId, { lock: true })
    if (!row || (row.payout.state !== 'pending' && row.payout.state !== 'issued')) return
    if (answer.state === 'canceled') {
      await cancelRow(deps, tx, row, answer.reason, now)
      return
    }
    if (row.payout.state === 'pending') row = await issueRow(deps, tx, row, now, answer.providerRef)
    if (answer.state === 'successful') await settleRow(deps, tx, row, now)
  })
}

/** The `payouts.send` job: asks the rail's adapter (none registered: the payout stays pending). */
export async function sendPayout(deps: AppDeps, payoutId: number): Promise<void> {
  const row = await repo.findPayout(deps.db, payoutId)
  if (!row || row.payout.state !== 'pending' || row.payout.rail === 'sepa') return
  const adapter = railAdapters[row.payout.rail as PayoutRail]
  if (!adapter) {
    deps.logger.warn({ payoutId, rail: row.payout.rail }, 'no adapter for this payout rail: the payout stays pending')
    return
  }
  const legitimation = await money.findLegitimation(deps.db, row.payout.partyKind, row.payout.partyId)
  const answer = await adapter.send(deps, { payout: row.payout, bankAccount: row.account, legitimation })
  await applyRailAnswer(deps, payoutId, answer)
}

// ------------------------------------------------------------------ managers

export async function adminListPayouts(ctx: Ctx, query: z.infer<typeof adminPayoutListQuery>): Promise<ListAnswer<AdminPayoutOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, max, counts } = await repo.listPayouts(ctx.db, {
    state: query.state, payoutId: query.payout_id, transferCountryCode: query.transfer_country_code, amount: query.amount, partyKind: query.party_kind,
    currency: query.currency, batchId: query.batch_id, rail: query.rail, createdFrom: query.created_from_time, createdTill: query.created_till_time,
  }, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(toAdminOutput), total_count: total, total_count_max: max, ...(query.counts ? { counts } : {}) }
}

/** A manager cancels a payout: pending, or issued and returned by the bank. The amount goes back to the balance. */
export async function adminCancelPayout(ctx: Ctx, id: number, input: z.infer<typeof cancelPayoutInput>): Promise<{ payout: PayoutOutput }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPayout(tx, id, { lock: true })
    if (!row) throw notFound()
    // Its batch's file may be at the bank already: canceling now would give the money back to the balance
    // while the bank still pays it. Issued first, then canceled if the bank returns it.
    if (row.payout.state === 'pending' && row.payout.batchId !== null) {
      throw new AppError('conflict', 'This payout is in a SEPA batch: mark the batch issued, then cancel the payout if the bank returns it')
    }
    return { payout: toPayoutOutput(await cancelRow(ctx.deps, tx, row, input.reason, ctx.now)) }
  })
}

/** A manager confirms the bank paid an issued payout. */
export async function adminSettlePayout(ctx: Ctx, id: number): Promise<{ payout: PayoutOutput }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findPayout(tx, id, { lock: true })
    if (!row) throw notFound()
    return { payout: toPayoutOutput(await settleRow(ctx.deps, tx, row, ctx.now)) }
  })
}

/** The party's payouts as CSV (payoutCsvColumns), read page by page like the list (docs/decisions/0057-orders-area-remains.md). */
export async function exportPayoutsCsv(ctx: Ctx, area: PartyArea, query: z.infer<typeof payoutListQuery>): Promise<string> {
  const major = (amount: number, currency: string) => (isCurrencyId(currency) ? toMajorUnitsString(amount, currency) : String(amount))
  return csvFromPages(payoutCsvColumns, async ({ offset, limit }) => {
    const pageNumber = Math.floor(offset / limit) + 1
    const { list } = await listPayouts(ctx, area, { ...query, page: pageNumber, per: limit, counts: false })
    return list.map((p) => ({
      id: String(p.id), state: p.state, amount: major(p.amount, p.currency), currency_key: p.currency, rail: p.rail, origin: p.origin,
      transfer_country_code: p.transfer_country_code, iban_last4: p.iban_last4, batch_id: p.batch_id === null ? '' : String(p.batch_id),
      canceled_reason: p.canceled_reason ?? '', issued_at: p.issued_at ?? '', succeeded_at: p.succeeded_at ?? '', canceled_at: p.canceled_at ?? '', created_at: p.created_at,
    }))
  }, { raw: ['amount'] })
}

/**
 * GET /team_member/transfers: every ledger movement of the team member's balance (what the seller paid
 * them, payouts), credits shown positive, like a publisher's transfers (docs/decisions/0057-orders-area-remains.md).
 */
export async function listPartyTransfers(ctx: Ctx, area: PartyArea, query: { page: number; per: number }) {
  const party = await ctx.db.transaction((tx) => partyOf(ctx, tx, area, 'read'))
  const { rows, total } = await orders.entriesOfAccount(ctx.db, balanceAccountOf(party), { offset: (query.page - 1) * query.per, limit: query.per })
  return {
    list: rows.map((r) => ({ id: r.id, kind: r.kind, amount: -r.amount, currency: r.currency, order_id: r.orderId, created_at: r.createdAt.toISOString() })),
    total_count: total, total_count_max: total,
  }
}
