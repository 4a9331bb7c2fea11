import { AppError } from '../../../shared/errors'
import { htmlLang } from '../../../shared/i18n/locales'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import {
  defaultDunningSettings, nextStepAt, type ClaimInkassoInput, type ClaimListQuery, type ClaimOutcomeInput, type ClaimOutput, type ClaimWriteOffInput,
  type DunningListQuery, type DunningOutput, type DunningSettingsInput, type DunningSettingsOutput,
} from '../../../shared/schemas/dunning'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  assertTransition, canSetOutcome, canTransition, dunningTransitions, finalClaimOutcomes, inkassoTransitions, nextStates, orderRateTransitions,
  managerOnlyStrategyStages, restrictedInkassoStates, visibleInkassoStates, type ClaimOutcomeState, type ClaimStrategyStage, type ClaimStrategyStatus, type ClaimStrategyType, type DunningResult, type DunningState, type InkassoState, type OrderRateState,
} from '../../../shared/states'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { RateEvent } from '../../ports/rate-events'
import * as installments from '../billing/charge-next-installment.service'
import * as catalog from '../catalog/catalog.service'
import * as delivery from '../delivery/delivery.service'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as repo from './dunning.repository'

// Dunning and collection: a failed rate is retried on the seller's schedule with reminder mails and a pay
// link; what stays unpaid becomes a claim followed through collection (inkasso).
// docs/decisions/0027-dunning-and-claims.md has the schedule and the rules; in short:
// - the first failure opens the rate's dunning (step 0) and sends a reminder; retry k runs retry_days[k]
//   days after the first failure (runDueDunning); each failed retry sends a reminder, the last one ends the
//   dunning unpaid: the rate goes to debt, a claim opens and a final notice goes out;
// - a retry is claimed (step + 1) in a short transaction before the provider is asked, so the same step
//   never runs twice; a claim is "outstanding" while reminders_sent <= step, and the failure that answers
//   it (rateChargeFailed, in the billing's transaction) records it;
// - rates in dunning carry next_attempt_at = the next step, so the billing's own sweep leaves them alone.

/** How long a claimed retry may take before the billing sweep or a later run may touch the rate again. */
const stepLeaseMs = 15 * 60_000
const dueBatch = 100
const accessReason = 'dunning'

type Settings = { enabled: boolean; retryDays: number[]; pauseAccess: boolean; createClaims: boolean }

async function settingsOf(db: Executor, sellerId: number): Promise<Settings & { isDefault: boolean }> {
  const row = await repo.findSettings(db, sellerId)
  if (!row) {
    return { enabled: defaultDunningSettings.enabled, retryDays: [...defaultDunningSettings.retry_days], pauseAccess: defaultDunningSettings.pause_access, createClaims: defaultDunningSettings.create_claims, isDefault: true }
  }
  return { enabled: row.enabled, retryDays: [...row.retryDays], pauseAccess: row.pauseAccess, createClaims: row.createClaims, isDefault: false }
}

/** Writes a dunning's state, checking the table (docs/STYLE.md 6). */
async function endDunning(tx: Executor, dunning: repo.DunningRow, result: DunningResult, now: Date, values: Partial<repo.DunningRow> = {}): Promise<repo.DunningRow> {
  assertTransition(dunningTransitions, dunning.state as DunningState, 'completed', 'dunning')
  return repo.updateDunning(tx, dunning.id, { ...values, state: 'completed', result, nextStepAt: null, endedAt: now, updatedAt: now })
}

type RateRow = orders.RateRow

/** Moves a locked rate through the orders module when the order-rate table allows it; answers whether it moved. */
async function moveRate(deps: AppDeps, tx: Executor, rate: RateRow, to: OrderRateState, values: Partial<Omit<RateRow, 'id' | 'state'>> = {}): Promise<boolean> {
  if (!canTransition(orderRateTransitions, rate.state as OrderRateState, to)) return false
  await orders.moveRate(deps, tx, rate, to, values)
  return true
}

/** When the billing's sweep may charge the rate again (its own retry rule): the dunning's next step. */
async function setNextAttempt(deps: AppDeps, tx: Executor, rate: RateRow, at: Date | null): Promise<void> {
  await orders.moveRate(deps, tx, rate, rate.state as OrderRateState, { nextAttemptAt: at })
}

/**
 * Locks in the order every writer of a rate uses (the order, then the rate, then its dunning and claim),
 * so the billing's outcome and a dunning step queue instead of deadlocking.
 */
async function lockRate(tx: Executor, rateId: number): Promise<RateRow | undefined> {
  const peek = await orders.findRate(tx, rateId)
  if (!peek) return undefined
  await orders.findOrder(tx, peek.orderId, { lock: true })
  return orders.findRate(tx, rateId, { lock: true })
}

// ------------------------------------------------------------------ mails

/**
 * A day in the mail's locale, long form, in UTC ("14. Mai 2025", "14 maja 2025", "2025년 5월 14일"); Arabic with Latin
 * digits, like the amount beside it (as the PDFs, docs/decisions/0096-pdfs-in-every-locale.md).
 */
export function dunningDate(date: Date, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar-u-nu-latn' : htmlLang(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date)
}

/** The payer's manage page, where "pay now" pays an open rate (the pay link of every dunning mail). */
export function payLinkOf(deps: AppDeps, username: string, orderToken: string): string {
  return `${deps.config.appUrl}/s/${encodeURIComponent(username)}/payment/${orderToken}/manage`
}

/**
 * A reminder or final notice in the order's language (orders.locale, the payer's when they ordered;
 * docs/decisions/0094-storefront-languages.md), not the account's today, like every mail of the order: the texts of
 * the 20 locales are the email module's (mail-texts/<code>.ts), the product's name its translation
 * (docs/decisions/0095-product-translations.md), the dates through Intl.
 */
async function sendDunningMail(deps: AppDeps, tx: Executor, kind: 'payment_reminder' | 'payment_final_notice', rate: RateRow, owed: number, retryAt: Date | null): Promise<void> {
  const facts = await repo.mailFacts(tx, rate.orderId)
  if (!facts) return
  const payer = facts.payer as { email?: string; first_name?: string }
  if (!payer.email) return
  const locale = email.mailLocale(facts.locale)
  const currency = isCurrencyId(facts.currency) ? facts.currency : 'eur'
  const product = await orders.productBrief(tx, facts.productId, locale)
  await email.queueEmail(deps, tx, {
    to: payer.email, kind, locale, userId: facts.payerUserId, firstName: payer.first_name ?? '', sellerId: facts.sellerId,
    link: payLinkOf(deps, facts.username, facts.token), productName: product.name, sellerName: facts.username,
    amount: formatMoney({ amount: owed, currency }), dueDate: dunningDate(rate.dueDate, locale), retryDate: retryAt ? dunningDate(retryAt, locale) : undefined,
  })
}

// ------------------------------------------------------------------ the engine's entry points

/** A charge of this rate failed (scheduler or retry): start or advance its dunning, in the caller's transaction. */
export async function rateChargeFailed(deps: AppDeps, tx: Executor, event: { orderId: number; rateId: number; failureReason: string | null }): Promise<void> {
  const now = deps.now()
  const rate = await lockRate(tx, event.rateId)
  if (!rate || rate.orderId !== event.orderId) return
  const dunning = await repo.findDunningOfRate(tx, rate.id, { lock: true })
  if (dunning) {
    if (dunning.state === 'in_progress') {
      // The answer to a claimed retry; or the billing's sweep ran the due retry before runDueDunning did.
      if (dunning.remindersSent <= dunning.step) await recordFailedStep(deps, tx, dunning, rate, now)
      else if (dunning.nextStepAt && dunning.nextStepAt.getTime() <= now.getTime()) {
        const claimed = await claimStep(tx, dunning, now)
        await recordFailedStep(deps, tx, claimed, rate, now)
      }
      // Otherwise a payment outside the schedule failed (the payer's pay-now): the schedule stays as it is.
      return
    }
    // Ended unpaid before (the rate was in debt): a failed pay-now leaves the rate in debt.
    if ((dunning.state === 'skipped' || dunning.result === 'unpaid') && rate.state === 'unpaid') await moveRate(deps, tx, rate, 'debt', { nextAttemptAt: null })
    return
  }

  const settings = await settingsOf(tx, await sellerOfOrder(tx, rate.orderId))
  const owed = Math.max(0, rate.amount - rate.paidAmount)
  const facts = await repo.mailFacts(tx, rate.orderId)
  if (!facts) return
  const base = { sellerId: facts.sellerId, orderId: rate.orderId, rateId: rate.id, amount: owed, currency: facts.currency, startedAt: now, updatedAt: now }
  const paused = settings.pauseAccess ? (await delivery.pauseAccessOfOrder(tx, rate.orderId, accessReason, now)) > 0 : false
  if (!settings.enabled) {
    // Dunning off: not retried or chased; the rate is debt at once and a claim records it.
    const row = await repo.insertDunning(tx, { ...base, state: 'skipped', step: 0, nextStepAt: null, accessPaused: paused, endedAt: now })
    if (!row) return
    await moveRate(deps, tx, rate, 'debt', { nextAttemptAt: null })
    await openClaim(tx, row, rate, settings, now)
    return
  }
  const next = nextStepAt(now, settings.retryDays, 0)
  const row = await repo.insertDunning(tx, { ...base, state: 'in_progress', step: 0, remindersSent: 0, nextStepAt: next, accessPaused: paused })
  if (!row) return
  await recordFailedStep(deps, tx, row, rate, now)
}

/** The rate was paid (by a retry, the pay link or the payer): end its dunning and give access back. */
export async function rateSettled(deps: AppDeps, tx: Executor, event: { orderId: number; rateId: number }): Promise<void> {
  const now = deps.now()
  const rate = await lockRate(tx, event.rateId)
  if (!rate || rate.orderId !== event.orderId) return
  await settle(tx, rate, now)
}

/**
 * Dunning's listener of the rate events (ports/rate-events.ts, registered in bootstrap.ts): the order store
 * and the billing engine tell what happened to a rate without importing dunning.
 */
export async function onRateEvent(deps: AppDeps, tx: Executor, event: RateEvent): Promise<void> {
  if (event.type === 'charge_failed') await rateChargeFailed(deps, tx, event)
  else if (event.type === 'settled') await rateSettled(deps, tx, event)
  else if (event.type === 'plan_ended') await planEnded(deps, tx, event)
}

/** The plan ended (canceled, refunded, charged back): stop its dunning runs. */
export async function planEnded(deps: AppDeps, tx: Executor, event: { orderId: number }): Promise<void> {
  const now = deps.now()
  for (const dunning of await repo.runningDunningsOfOrder(tx, event.orderId)) await endDunning(tx, dunning, 'canceled', now)
}

async function sellerOfOrder(tx: Executor, orderId: number): Promise<number> {
  const facts = await repo.mailFacts(tx, orderId)
  if (!facts) throw new AppError('not_found', 'This order does not exist')
  return facts.sellerId
}

/** Takes the next retry: step + 1 and the time of the one after it (null: this is the last). The row is locked. */
async function claimStep(tx: Executor, dunning: repo.DunningRow, now: Date): Promise<repo.DunningRow> {
  const settings = await settingsOf(tx, dunning.sellerId)
  const step = dunning.step + 1
  return repo.updateDunning(tx, dunning.id, { step, nextStepAt: nextStepAt(dunning.startedAt, settings.retryDays, step), updatedAt: now })
}

/**
 * Records the failure of the current step (the first failure, or the retry claimed): a reminder with the
 * next retry, or, with no retry left, the end: rate debt, a claim, the final notice.
 */
async function recordFailedStep(deps: AppDeps, tx: Executor, dunning: repo.DunningRow, rate: RateRow, now: Date): Promise<void> {
  const owed = Math.max(0, rate.amount - rate.paidAmount)
  const reminders = dunning.step + 1
  if (dunning.nextStepAt) {
    await repo.updateDunning(tx, dunning.id, { remindersSent: reminders, updatedAt: now })
    await setNextAttempt(deps, tx, rate, dunning.nextStepAt)
    await sendDunningMail(deps, tx, 'payment_reminder', rate, owed, dunning.nextStepAt)
    return
  }
  const settings = await settingsOf(tx, dunning.sellerId)
  const ended = await endDunning(tx, dunning, 'unpaid', now, { remindersSent: reminders, amount: owed })
  await moveRate(deps, tx, rate, 'debt', { nextAttemptAt: null })
  await openClaim(tx, ended, rate, settings, now)
  await sendDunningMail(deps, tx, 'payment_final_notice', rate, owed, null)
}

async function openClaim(tx: Executor, dunning: repo.DunningRow, rate: RateRow, settings: Settings, now: Date): Promise<void> {
  await repo.insertClaim(tx, {
    sellerId: dunning.sellerId, orderId: dunning.orderId, rateId: rate.id, dunningId: dunning.id, amount: Math.max(0, rate.amount - rate.paidAmount),
    currency: dunning.currency, inkassoStatus: settings.createClaims ? 'ready_for_inkasso' : 'not_ready_for_inkasso', createdAt: now, updatedAt: now,
  })
}

/** Money arrived for the rate: the dunning ends paid (when all of it came), the claim records what was collected, access comes back. */
async function settle(tx: Executor, rate: RateRow, now: Date): Promise<void> {
  const fullyPaid = rate.state === 'paid'
  const dunning = await repo.findDunningOfRate(tx, rate.id, { lock: true })
  if (dunning?.state === 'in_progress' && fullyPaid) await endDunning(tx, dunning, 'paid', now)
  const claim = await repo.findClaimOfRate(tx, rate.id, { lock: true })
  if (claim && rate.paidAmount > 0) {
    // What the claim was for is what was owed when it opened; whatever the rate received since is collected.
    const collected = Math.min(claim.amount - claim.writtenOffAmount, Math.max(0, rate.paidAmount - (rate.amount - claim.amount)))
    const outcome: ClaimOutcomeState = fullyPaid || collected >= claim.amount - claim.writtenOffAmount ? 'collected' : 'partially_collected'
    if (collected > claim.collectedAmount && canSetOutcome(claim.outcomeStatus as ClaimOutcomeState | null, outcome)) {
      await repo.updateClaim(tx, claim.id, { collectedAmount: collected, outcomeStatus: outcome, dateResolved: outcome === 'collected' ? now : null, updatedAt: now })
    }
  }
  if (fullyPaid) await resumeAccessIfClear(tx, rate.orderId, now)
}

/** Gives the order's paused access back unless another rate of it is still in dunning or an open claim. */
export async function resumeAccessIfClear(tx: Executor, orderId: number, now: Date): Promise<void> {
  if (await repo.otherOutstanding(tx, orderId, null)) return
  await delivery.resumeAccessOfOrder(tx, orderId, 'dunning_settled', now)
}

// ------------------------------------------------------------------ the sweep

/** The scheduled job `dunning.run-due` (pg-boss cron, UTC): every five minutes. */
export const runDueDunningJob = 'dunning.run-due'
export const runDueDunningCron = '*/5 * * * *'

/**
 * Runs every dunning step due now: each retry is claimed in a short transaction (the same step never runs
 * twice, on any number of workers), charged outside any transaction through the billing engine, and then
 * recorded unless the billing's outcome already did. Answers how many steps ran.
 */
export async function runDueDunning(deps: AppDeps): Promise<number> {
  const now = deps.now()
  let ran = 0
  for (const due of await repo.dueDunnings(deps.db, now, dueBatch)) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rate = await lockRate(tx, due.rateId)
      const dunning = await repo.findDunning(tx, due.id, { lock: true })
      if (!rate || !dunning || dunning.state !== 'in_progress' || dunning.step !== due.step) return null
      if (!dunning.nextStepAt || dunning.nextStepAt.getTime() > now.getTime() || dunning.remindersSent <= dunning.step) return null
      const row = await claimStep(tx, dunning, now)
      // Keeps the billing's own sweep off the rate while this retry is in flight.
      await setNextAttempt(deps, tx, rate, new Date(now.getTime() + stepLeaseMs))
      return row
    })
    if (!claimed) continue
    ran++
    let result: installments.ChargeRateResult | 'error'
    try {
      result = await installments.chargeRate(deps, claimed.rateId, { reason: 'dunning' })
    } catch (error) {
      // The billing reconciles a charge that threw; the step counts as tried without an answer.
      deps.logger.error({ err: error, dunningId: claimed.id }, 'dunning retry failed to run')
      result = 'error'
    }
    await deps.db.transaction(async (tx) => recordStepAfterCharge(deps, tx, claimed, deps.now()))
    deps.logger.info({ dunningId: claimed.id, step: claimed.step, result }, 'dunning step ran')
  }
  return ran
}

/** After the retry's charge: nothing to do when its outcome was recorded; else per the rate's state now. */
async function recordStepAfterCharge(deps: AppDeps, tx: Executor, claimed: repo.DunningRow, now: Date): Promise<void> {
  const rate = await lockRate(tx, claimed.rateId)
  const dunning = await repo.findDunning(tx, claimed.id, { lock: true })
  if (!rate || !dunning || dunning.state !== 'in_progress' || dunning.step !== claimed.step || dunning.remindersSent > dunning.step) return
  switch (rate.state as OrderRateState) {
    case 'paid':
      return settle(tx, rate, now)
    case 'pending':
      return // a charge is in flight: its outcome (recordPaymentOutcome) records the step
    case 'skipped': case 'refunded': case 'chargebacked':
      await endDunning(tx, dunning, 'canceled', now)
      return
    default:
      // Not charged (the order is paused, no saved method) or failed without telling us: a failed step.
      await recordFailedStep(deps, tx, dunning, rate, now)
  }
}

// ------------------------------------------------------------------ the seller's settings

function settingsOutput(s: Settings & { isDefault: boolean }): DunningSettingsOutput {
  return { enabled: s.enabled, retry_days: s.retryDays, pause_access: s.pauseAccess, create_claims: s.createClaims, is_default: s.isDefault }
}

export async function getSettings(ctx: Ctx): Promise<DunningSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return settingsOutput(await settingsOf(ctx.db, sellerId))
}

/** New settings apply to later failures and to the next steps of running dunnings. */
export async function saveSettings(ctx: Ctx, input: DunningSettingsInput): Promise<DunningSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const row = await repo.saveSettings(ctx.db, {
    sellerId, enabled: input.enabled, retryDays: input.retry_days, pauseAccess: input.pause_access, createClaims: input.create_claims, updatedAt: ctx.now,
  })
  return settingsOutput({ enabled: row.enabled, retryDays: row.retryDays, pauseAccess: row.pauseAccess, createClaims: row.createClaims, isDefault: false })
}

// ------------------------------------------------------------------ lists

const date = (v: string | undefined) => (v ? new Date(v) : undefined)

function payerOf(payer: Record<string, unknown>) {
  const p = payer as { email?: string; first_name?: string; last_name?: string }
  return { email: p.email ?? '', name: [p.first_name, p.last_name].filter(Boolean).join(' ') }
}

/** GET /cabinet/dunnings: the seller's dunning runs with filters and (asked) counts per state. */
export async function listDunnings(ctx: Ctx, query: DunningListQuery): Promise<ListAnswer<DunningOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters: repo.DunningFilters = {
    state: query.dunning_status, orderId: query.order_id, productId: query.product_id, query: query.query,
    amount: query.amount, amountFrom: query.amount_from, amountTo: query.amount_to, createdFrom: date(query.created_from_time), createdTill: date(query.created_till_time),
  }
  const settings = await settingsOf(ctx.db, sellerId)
  const { rows, total, totalMax } = await repo.listDunnings(ctx.db, sellerId, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<DunningOutput> = {
    list: rows.map((d) => {
      const payer = payerOf(d.payer)
      return {
        id: d.id, state: d.state as DunningState, result: d.result as DunningResult | null, order_id: d.orderId, order_token: d.orderToken, rate_id: d.rateId,
        rate_number: d.rateNumber, product_id: d.productId, product_name: d.productName, payer_email: payer.email, payer_name: payer.name,
        amount: d.amount, currency: d.currency, step: d.step, steps_total: d.state === 'skipped' ? 0 : Math.max(d.step, settings.retryDays.length),
        reminders_sent: d.remindersSent, next_step_at: d.nextStepAt?.toISOString() ?? null, access_paused: d.accessPaused,
        started_at: d.startedAt.toISOString(), ended_at: d.endedAt?.toISOString() ?? null,
      }
    }),
    total_count: total, total_count_max: totalMax,
  }
  if (query.counts) answer.counts = await repo.dunningCounts(ctx.db, sellerId, filters)
  return answer
}

/** Who looks at claims: one seller (power seller or not) or a manager (every seller, every stage). */
export type ClaimScope = { sellerId: number | null; privileged: boolean; manager: boolean }

export async function sellerScope(ctx: Ctx, action: 'orders.read' | 'orders.write'): Promise<ClaimScope> {
  const sellerId = actingSellerId(ctx.actor, action)
  const seller = await catalog.loadSeller(ctx, ctx.db, sellerId)
  return { sellerId, privileged: seller.powerSeller, manager: false }
}

export function managerScope(ctx: Ctx, action: 'admin.read' | 'admin.write'): ClaimScope {
  assertCan(ctx.actor, action)
  return { sellerId: null, privileged: true, manager: true }
}

const isRestricted = (state: string) => (restrictedInkassoStates as readonly string[]).includes(state)

/** A court stage shows as pre_court to those who may not see court stages (the last stage they know). */
function shownInkasso(state: string, scope: ClaimScope): InkassoState {
  return !scope.privileged && isRestricted(state) ? 'pre_court' : state as InkassoState
}

export function openAmount(c: repo.ClaimRow): number {
  return Math.max(0, c.amount - c.collectedAmount - c.writtenOffAmount)
}

export function isClosed(c: repo.ClaimRow): boolean {
  return c.outcomeStatus === 'collected' || c.outcomeStatus === 'manually_resolved' || openAmount(c) === 0
}

const isManagerOnlyStage = (stage: string) => (managerOnlyStrategyStages as readonly string[]).includes(stage)

/** A legal strategy stage shows as amicable to anyone but managers (docs/decisions/0057-orders-area-remains.md). */
function shownStrategyStage(stage: string, scope: ClaimScope): ClaimStrategyStage {
  return !scope.manager && isManagerOnlyStage(stage) ? 'amicable' : stage as ClaimStrategyStage
}

function claimOutput(c: repo.ClaimListRow, scope: ClaimScope): ClaimOutput {
  const payer = payerOf(c.payer)
  const visible = visibleInkassoStates(scope.privileged)
  const movable = !isClosed(c) && (scope.privileged || !isRestricted(c.inkassoStatus))
  return {
    id: c.id, seller_id: c.sellerId, order_id: c.orderId, order_token: c.orderToken, rate_id: c.rateId, rate_number: c.rateNumber, dunning_id: c.dunningId,
    product_id: c.productId, product_name: c.productName, payer_id: c.payerUserId, payer_email: payer.email, payer_name: payer.name,
    amount: c.amount, currency: c.currency, collected_amount: c.collectedAmount, written_off_amount: c.writtenOffAmount, open_amount: openAmount(c),
    is_written_off: c.isWrittenOff, written_off_at: c.writtenOffAt?.toISOString() ?? null, inkasso_status: shownInkasso(c.inkassoStatus, scope),
    outcome_status: c.outcomeStatus as ClaimOutcomeState | null, date_resolved: c.dateResolved?.toISOString() ?? null,
    due_date: c.dueDate?.toISOString() ?? null, days_overdue: c.daysOverdue,
    next_inkasso_states: movable ? nextStates(inkassoTransitions, c.inkassoStatus as InkassoState).filter((s) => visible.includes(s)) : [],
    strategy_type: c.strategyType as ClaimStrategyType, strategy_status: c.strategyStatus as ClaimStrategyStatus,
    strategy_stage: shownStrategyStage(c.strategyStage, scope),
    created_at: c.createdAt.toISOString(),
  }
}

async function listClaimsFor(ctx: Ctx, scope: ClaimScope, query: ClaimListQuery): Promise<ListAnswer<ClaimOutput>> {
  const wanted = query.inkasso_status
  if (wanted && !scope.privileged && isRestricted(wanted)) throw new AppError('forbidden', 'Court stages are shown to managers and power sellers only')
  // A seller's pre_court holds the court stages they cannot see.
  const inkassoIn = wanted ? (!scope.privileged && wanted === 'pre_court' ? ['pre_court', ...restrictedInkassoStates] : [wanted]) : undefined
  const stage = query.strategy_stage
  if (stage && !scope.manager && isManagerOnlyStage(stage)) throw new AppError('forbidden', 'These strategy stages are shown to managers only')
  // A seller's amicable holds the legal stages they cannot see.
  const strategyStageIn = stage ? (!scope.manager && stage === 'amicable' ? ['amicable', ...managerOnlyStrategyStages] : [stage]) : undefined
  const filters: repo.ClaimFilters = {
    sellerId: scope.sellerId ?? query.seller_id, inkassoIn, outcome: query.outcome_status, isWrittenOff: query.is_written_off,
    writtenOffFrom: date(query.written_off_from_time), writtenOffTill: date(query.written_off_till_time),
    resolvedFrom: date(query.date_resolved_from_time), resolvedTill: date(query.date_resolved_till_time),
    daysOverdueFrom: query.days_overdue_from, daysOverdueTo: query.days_overdue_to,
    amount: query.amount, amountFrom: query.amount_from, amountTo: query.amount_to, orderId: query.order_id, payerId: query.payer_id, query: query.query,
    createdFrom: date(query.created_from_time), createdTill: date(query.created_till_time),
    strategyStageIn, strategyStatus: query.strategy_status, strategyType: query.strategy_type, dunningStatus: query.dunning_status,
  }
  const { rows, total, totalMax } = await repo.listClaims(ctx.db, filters, ctx.now, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<ClaimOutput> = { list: rows.map((c) => claimOutput(c, scope)), total_count: total, total_count_max: totalMax }
  if (query.counts) {
    const counts = await repo.claimCounts(ctx.db, filters, ctx.now)
    const inkasso: Record<string, number> = Object.fromEntries(visibleInkassoStates(scope.privileged).map((s) => [s, 0]))
    for (const [state, n] of Object.entries(counts.inkasso)) inkasso[shownInkasso(state, scope)] = (inkasso[shownInkasso(state, scope)] ?? 0) + n
    answer.counts = { ...inkasso, ...counts.outcome }
  }
  return answer
}

/** GET /cabinet/claims: the seller's claims; court stages only for power sellers. */
export async function listClaims(ctx: Ctx, query: ClaimListQuery): Promise<ListAnswer<ClaimOutput>> {
  const scope = await sellerScope(ctx, 'orders.read')
  return listClaimsFor(ctx, scope, { ...query, seller_id: undefined })
}

/** GET /admin/claims: every seller's claims with every stage. */
export async function adminListClaims(ctx: Ctx, query: ClaimListQuery): Promise<ListAnswer<ClaimOutput>> {
  return listClaimsFor(ctx, managerScope(ctx, 'admin.read'), query)
}

// ------------------------------------------------------------------ claim actions

/** The claim locked; another seller's answers 404 like a missing one. */
/** The claim and its rate, locked in the usual order (order, rate, claim); another seller's claim answers 404 like a missing one. */
export async function lockedClaim(tx: Executor, scope: ClaimScope, id: number): Promise<{ claim: repo.ClaimRow; rate: RateRow | undefined }> {
  const peek = await repo.findClaim(tx, id)
  if (!peek || (scope.sellerId !== null && peek.sellerId !== scope.sellerId)) throw new AppError('not_found', 'This claim does not exist')
  let rate: RateRow | undefined
  if (peek.rateId !== null) rate = await lockRate(tx, peek.rateId)
  else await orders.findOrder(tx, peek.orderId, { lock: true })
  const claim = (await repo.findClaim(tx, id, { lock: true }))!
  return { claim, rate }
}

export async function answerClaim(tx: Executor, scope: ClaimScope, id: number, now: Date): Promise<ClaimOutput> {
  return claimOutput((await repo.claimListRow(tx, id, now))!, scope)
}

export async function moveInkasso(ctx: Ctx, scope: ClaimScope, id: number, input: ClaimInkassoInput): Promise<ClaimOutput> {
  if (!scope.privileged && isRestricted(input.status)) throw new AppError('forbidden', 'Only managers and power sellers may move a claim to court stages')
  return ctx.db.transaction(async (tx) => {
    const { claim } = await lockedClaim(tx, scope, id)
    if (!scope.privileged && isRestricted(claim.inkassoStatus)) throw new AppError('forbidden', 'This claim is in a court stage; only managers and power sellers may move it')
    if (isClosed(claim)) throw new AppError('conflict', 'This claim is resolved')
    assertTransition(inkassoTransitions, claim.inkassoStatus as InkassoState, input.status, 'inkasso status')
    await repo.updateClaim(tx, claim.id, { inkassoStatus: input.status, updatedAt: ctx.now })
    return answerClaim(tx, scope, claim.id, ctx.now)
  })
}

async function recordOutcome(ctx: Ctx, scope: ClaimScope, id: number, input: ClaimOutcomeInput): Promise<ClaimOutput> {
  return ctx.db.transaction(async (tx) => {
    const { claim } = await lockedClaim(tx, scope, id)
    if (!canSetOutcome(claim.outcomeStatus as ClaimOutcomeState | null, input.outcome)) {
      throw new AppError('conflict', `The outcome cannot change from ${claim.outcomeStatus ?? 'open'} to ${input.outcome}`)
    }
    const collectable = claim.amount - claim.writtenOffAmount
    let collected = claim.collectedAmount
    if (input.outcome === 'collected') {
      if (input.collected_amount !== undefined && input.collected_amount !== collectable) {
        throw invalid('collected_amount', `collected means all of it (${collectable}); record a smaller amount as partially_collected`)
      }
      collected = collectable
    } else if (input.outcome === 'partially_collected') {
      if (input.collected_amount === undefined || input.collected_amount <= 0 || input.collected_amount >= collectable) {
        throw invalid('collected_amount', `partially_collected needs an amount above 0 and below ${collectable}`)
      }
      collected = input.collected_amount
    } else if (input.collected_amount !== undefined) {
      if (input.collected_amount > collectable) throw invalid('collected_amount', `at most ${collectable}`)
      collected = input.collected_amount
    }
    const final = (finalClaimOutcomes as readonly string[]).includes(input.outcome)
    await repo.updateClaim(tx, claim.id, {
      outcomeStatus: input.outcome, collectedAmount: collected, dateResolved: final ? ctx.now : null, note: input.note ?? claim.note, updatedAt: ctx.now,
    })
    // Resolved in the payer's favour: their paused access comes back (unless something else is still open).
    if (input.outcome === 'collected' || input.outcome === 'manually_resolved') await resumeAccessIfClear(tx, claim.orderId, ctx.now)
    return answerClaim(tx, scope, claim.id, ctx.now)
  })
}

export function invalid(path: string, message: string): AppError {
  return new AppError('validation_failed', message, [{ path, message }])
}

/**
 * Writes off part or all of what is still open. No ledger rows: the unpaid money never entered the ledger
 * (a charge books only when it succeeds), so forgiving it moves no money. All of it written off: the rate
 * is skipped, the claim resolved (not_collected, or partially_collected when some arrived) and access restored.
 */
async function writeOff(ctx: Ctx, scope: ClaimScope, id: number, input: ClaimWriteOffInput): Promise<ClaimOutput> {
  return ctx.db.transaction(async (tx) => {
    const { claim, rate } = await lockedClaim(tx, scope, id)
    const open = openAmount(claim)
    if (open === 0 || claim.outcomeStatus === 'collected' || claim.outcomeStatus === 'manually_resolved') throw new AppError('conflict', 'Nothing of this claim is open')
    const amount = input.amount ?? open
    if (amount > open) throw invalid('amount', `at most the open ${open}`)
    const rest = open - amount
    const values: Partial<repo.ClaimRow> = { writtenOffAmount: claim.writtenOffAmount + amount, isWrittenOff: true, writtenOffAt: ctx.now, updatedAt: ctx.now }
    if (rest === 0) {
      const outcome: ClaimOutcomeState = claim.collectedAmount > 0 ? 'partially_collected' : 'not_collected'
      if (claim.outcomeStatus !== outcome && canSetOutcome(claim.outcomeStatus as ClaimOutcomeState | null, outcome)) values.outcomeStatus = outcome
      values.dateResolved = ctx.now
    }
    await repo.updateClaim(tx, claim.id, values)
    if (rest === 0) {
      if (rate) await moveRate(ctx.deps, tx, rate, 'skipped', { nextAttemptAt: null })
      await resumeAccessIfClear(tx, claim.orderId, ctx.now)
    }
    return answerClaim(tx, scope, claim.id, ctx.now)
  })
}

export async function setClaimOutcome(ctx: Ctx, id: number, input: ClaimOutcomeInput) {
  return recordOutcome(ctx, await sellerScope(ctx, 'orders.write'), id, input)
}
export async function writeOffClaim(ctx: Ctx, id: number, input: ClaimWriteOffInput) {
  return writeOff(ctx, await sellerScope(ctx, 'orders.write'), id, input)
}
export async function adminSetClaimOutcome(ctx: Ctx, id: number, input: ClaimOutcomeInput) {
  return recordOutcome(ctx, managerScope(ctx, 'admin.write'), id, input)
}
export async function adminWriteOffClaim(ctx: Ctx, id: number, input: ClaimWriteOffInput) {
  return writeOff(ctx, managerScope(ctx, 'admin.write'), id, input)
}
