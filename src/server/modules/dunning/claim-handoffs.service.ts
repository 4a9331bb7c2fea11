import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import type { ClaimHandoffOutput, ClaimInkassoInput, ClaimOutput, HandoffAnswerInput } from '../../../shared/schemas/dunning'
import {
  assertTransition, canSetOutcome, canTransition, claimStrategyStages, claimStrategyStatusTransitions, inkassoTransitions, managerOnlyStrategyStages,
  type ClaimOutcomeState, type ClaimStrategyStage, type ClaimStrategyStatus, type CollectionPartner, type HandoffEventKind, type InkassoState,
} from '../../../shared/states'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { partnerClient, type PartnerAnswer } from './collection-partners'
import * as repo from './claim-handoffs.repository'
import * as dunningRepo from './dunning.repository'
import * as dunning from './dunning.service'

// Handing a claim to a collection partner (docs/decisions/0057-orders-area-remains.md):
// - POST .../claims/{id}/inkasso { status: in_inkasso, partner } writes the claim file (CSV), a hand-off row
//   (queued) and enqueues `dunning.send-claim-handoff` in the same transaction (once per hand-off);
// - the job posts the file to the partner's case API outside any transaction (the same reference on a
//   retry, so the partner opens one case) and records `sent` in a short transaction, re-checked under the
//   locks; without a configured partner address (export mode) it records `sent` at once and the file
//   waits at claim_file.csv for the seller to send;
// - `dunning.poll-claim-handoffs` reads the partner's answers (accepted, rejected, paid, closed) and records
//   each once (unique per partner answer id); managers record answers that came by letter.
// A partner's payment is money outside the platform: like an outcome recorded by hand it books nothing
// and leaves the rate in debt (docs/decisions/0027-dunning-and-claims.md).

export const sendHandoffJob = 'dunning.send-claim-handoff'
export const pollHandoffsJob = 'dunning.poll-claim-handoffs'
export const pollHandoffsCron = '*/30 * * * *'
const pollBatch = 50
const pollEveryMs = 25 * 60_000

// ------------------------------------------------------------------ the claim file

export const claimFileColumns = [
  'claim_id', 'order_token', 'rate_number', 'product', 'payer_name', 'payer_email', 'payer_company', 'street', 'street_number', 'zip', 'city',
  'country_code', 'amount', 'collected_amount', 'written_off_amount', 'open_amount', 'currency_key', 'due_date', 'days_overdue', 'claim_created_at',
] as const

function major(amount: number, currency: string): string {
  return isCurrencyId(currency) ? toMajorUnitsString(amount, currency) : String(amount)
}

async function claimFileCsv(row: dunningRepo.ClaimListRow): Promise<string> {
  const p = row.payer as Record<string, string | undefined>
  const text = (v: unknown) => (typeof v === 'string' ? v : '')
  return csvFromPages(claimFileColumns, async ({ offset }) => offset > 0 ? [] : [{
    claim_id: String(row.id), order_token: row.orderToken, rate_number: row.rateNumber === null ? '' : String(row.rateNumber), product: row.productName,
    payer_name: [p.first_name, p.last_name].filter(Boolean).join(' '), payer_email: text(p.email), payer_company: text(p.company),
    street: text(p.street), street_number: text(p.street_number), zip: text(p.zip), city: text(p.city), country_code: text(p.country_code),
    amount: major(row.amount, row.currency), collected_amount: major(row.collectedAmount, row.currency),
    written_off_amount: major(row.writtenOffAmount, row.currency), open_amount: major(dunning.openAmount(row), row.currency), currency_key: row.currency,
    due_date: row.dueDate?.toISOString().slice(0, 10) ?? '', days_overdue: String(row.daysOverdue), claim_created_at: row.createdAt.toISOString(),
  }], { raw: ['amount', 'collected_amount', 'written_off_amount', 'open_amount'] })
}

// ------------------------------------------------------------------ hand-off

async function moveOrHandOff(ctx: Ctx, scope: dunning.ClaimScope, id: number, input: ClaimInkassoInput): Promise<ClaimOutput> {
  const partner = input.partner
  if (!partner) return dunning.moveInkasso(ctx, scope, id, input)
  if (input.status !== 'in_inkasso') throw dunning.invalid('partner', 'A partner is named only when the claim goes to in_inkasso')
  return ctx.db.transaction(async (tx) => {
    const { claim } = await dunning.lockedClaim(tx, scope, id)
    if (dunning.isClosed(claim)) throw new AppError('conflict', 'This claim is resolved')
    assertTransition(inkassoTransitions, claim.inkassoStatus as InkassoState, 'in_inkasso', 'inkasso status')
    assertTransition(claimStrategyStatusTransitions, claim.strategyStatus as ClaimStrategyStatus, 'queued', 'hand-off')
    const latest = await repo.latestOfClaim(tx, claim.id)
    const row = (await dunningRepo.claimListRow(tx, claim.id, ctx.now))!
    const handoff = await repo.insert(tx, {
      claimId: claim.id, sellerId: claim.sellerId, partner, attempt: (latest?.attempt ?? 0) + 1, status: 'queued', file: await claimFileCsv(row),
      mode: partnerClient(ctx.deps.config, partner) ? 'api' : 'export', createdAt: ctx.now, updatedAt: ctx.now,
    })
    await dunningRepo.updateClaim(tx, claim.id, {
      inkassoStatus: 'in_inkasso', strategyType: partner, strategyStatus: 'queued', strategyStage: 'amicable', updatedAt: ctx.now,
    })
    await ctx.deps.jobs.enqueue(tx, sendHandoffJob, { handoffId: handoff.id }, { singletonKey: `claim-handoff-${handoff.id}` })
    return dunning.answerClaim(tx, scope, claim.id, ctx.now)
  })
}

/** POST /cabinet/claims/{id}/inkasso: moves the stage; with a partner, hands the claim over. */
export async function setClaimInkasso(ctx: Ctx, id: number, input: ClaimInkassoInput): Promise<ClaimOutput> {
  return moveOrHandOff(ctx, await dunning.sellerScope(ctx, 'orders.write'), id, input)
}

/** POST /admin/claims/{id}/inkasso. */
export async function adminSetClaimInkasso(ctx: Ctx, id: number, input: ClaimInkassoInput): Promise<ClaimOutput> {
  return moveOrHandOff(ctx, dunning.managerScope(ctx, 'admin.write'), id, input)
}

const systemScope: dunning.ClaimScope = { sellerId: null, privileged: true, manager: true }

/** The job: sends a queued hand-off once (safe to run twice: a hand-off no longer queued is left alone). */
export async function sendHandoff(deps: AppDeps, handoffId: number): Promise<void> {
  const handoff = await repo.find(deps.db, handoffId)
  if (!handoff || handoff.status !== 'queued') return
  const row = await dunningRepo.claimListRow(deps.db, handoff.claimId, deps.now())
  if (!row) return
  let caseId: string | null = null
  const client = handoff.mode === 'api' ? partnerClient(deps.config, handoff.partner as CollectionPartner) : null
  if (client) {
    // Outside any transaction; a failure throws and pg-boss retries with the same reference.
    const p = row.payer as { email?: string; first_name?: string; last_name?: string }
    caseId = (await client.openCase({
      reference: `sellfront-claim-${handoff.claimId}-${handoff.attempt}`, amount: dunning.openAmount(row), currency: row.currency,
      debtor: { name: [p.first_name, p.last_name].filter(Boolean).join(' '), email: p.email ?? '' }, claimFileCsv: handoff.file,
    })).caseId
  }
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const { claim } = await dunning.lockedClaim(tx, systemScope, handoff.claimId)
    const locked = await repo.find(tx, handoffId, { lock: true })
    if (!locked || locked.status !== 'queued') return
    await repo.update(tx, locked.id, { status: 'sent', partnerReference: caseId, updatedAt: now })
    await repo.insertEvent(tx, { handoffId: locked.id, kind: 'sent', partnerEventId: 'sent', at: now, createdAt: now })
    await dunningRepo.updateClaim(tx, claim.id, { strategyStatus: 'sent', updatedAt: now })
  })
}

// ------------------------------------------------------------------ answers

/**
 * Records one answer of the partner on a locked claim and hand-off; false when it was recorded before.
 * accepted / rejected / paid / closed move the hand-off (and the claim's strategy_status) when the table
 * allows; paid adds to the collected amount; rejected gives the claim back (ready_for_inkasso, in house);
 * closed ends it (not_collected when nothing was collected).
 */
async function applyAnswer(tx: Executor, claim: dunningRepo.ClaimRow, handoff: repo.HandoffRow, answer: PartnerAnswer, now: Date): Promise<boolean> {
  const stage = (claimStrategyStages as readonly string[]).includes(answer.stage ?? '') ? answer.stage as ClaimStrategyStage : null
  const amount = answer.kind === 'paid' && answer.amount !== undefined && Number.isInteger(answer.amount) && answer.amount > 0 ? answer.amount : null
  const event = await repo.insertEvent(tx, {
    handoffId: handoff.id, kind: answer.kind, partnerEventId: answer.id, amount, stage, note: answer.note ?? null, at: new Date(answer.at), createdAt: now,
  })
  if (!event) return false
  const values: Partial<dunningRepo.ClaimRow> = { updatedAt: now }
  const from = handoff.status as ClaimStrategyStatus
  if (canTransition(claimStrategyStatusTransitions, from, answer.kind)) {
    await repo.update(tx, handoff.id, { status: answer.kind, updatedAt: now })
    values.strategyStatus = answer.kind
  }
  if (stage) values.strategyStage = stage
  let resume = false
  if (answer.kind === 'rejected') {
    if (canTransition(inkassoTransitions, claim.inkassoStatus as InkassoState, 'ready_for_inkasso')) values.inkassoStatus = 'ready_for_inkasso'
    values.strategyStage = 'in_house'
  } else if (answer.kind === 'paid' && amount !== null) {
    const collectable = claim.amount - claim.writtenOffAmount
    const collected = Math.min(collectable, claim.collectedAmount + amount)
    const outcome: ClaimOutcomeState = collected >= collectable ? 'collected' : 'partially_collected'
    const current = claim.outcomeStatus as ClaimOutcomeState | null
    if (current === outcome || canSetOutcome(current, outcome)) {
      values.collectedAmount = collected
      values.outcomeStatus = outcome
      if (outcome === 'collected') {
        values.dateResolved = now
        resume = true
      }
    }
  } else if (answer.kind === 'closed' && claim.dateResolved === null) {
    const current = claim.outcomeStatus as ClaimOutcomeState | null
    if (current === null && canSetOutcome(current, 'not_collected')) values.outcomeStatus = 'not_collected'
    values.dateResolved = now
  }
  await dunningRepo.updateClaim(tx, claim.id, values)
  if (resume) await dunning.resumeAccessIfClear(tx, claim.orderId, now)
  return true
}

/** The poll job: reads the answers of open API hand-offs (50 a run, each at most every 25 minutes). */
export async function pollHandoffs(deps: AppDeps): Promise<number> {
  let recorded = 0
  const now = deps.now()
  for (const handoff of await repo.toPoll(deps.db, new Date(now.getTime() - pollEveryMs), pollBatch)) {
    const client = partnerClient(deps.config, handoff.partner as CollectionPartner)
    if (!client || !handoff.partnerReference) continue
    let answers: PartnerAnswer[]
    try {
      answers = await client.answers(handoff.partnerReference)
    } catch (error) {
      deps.logger.warn({ handoffId: handoff.id, err: error }, 'collection partner answers not read; the next poll asks again')
      continue
    }
    recorded += await deps.db.transaction(async (tx) => {
      let n = 0
      const { claim } = await dunning.lockedClaim(tx, systemScope, handoff.claimId)
      let current = claim
      for (const answer of answers) {
        const locked = (await repo.find(tx, handoff.id, { lock: true }))!
        if (await applyAnswer(tx, current, locked, answer, now)) n++
        current = (await dunningRepo.findClaim(tx, claim.id))!
      }
      await repo.update(tx, handoff.id, { lastPolledAt: now })
      return n
    })
  }
  return recorded
}

/** POST /admin/claims/{id}/handoff_answers: an answer that came by letter (export mode) recorded by a manager. */
export async function adminRecordAnswer(ctx: Ctx, id: number, input: HandoffAnswerInput): Promise<ClaimHandoffOutput> {
  const scope = dunning.managerScope(ctx, 'admin.write')
  if (input.kind === 'paid' && input.amount === undefined) throw dunning.invalid('amount', 'paid needs the amount that arrived')
  return ctx.db.transaction(async (tx) => {
    const { claim } = await dunning.lockedClaim(tx, scope, id)
    const latest = await repo.latestOfClaim(tx, claim.id)
    if (!latest) throw new AppError('conflict', 'This claim was not handed to a collection partner')
    const locked = (await repo.find(tx, latest.id, { lock: true }))!
    if (locked.status === 'queued') throw new AppError('conflict', 'This hand-off is not sent yet')
    await applyAnswer(tx, claim, locked, {
      id: `manual-${randomUUID()}`, kind: input.kind, amount: input.amount, stage: input.stage, note: input.note, at: ctx.now.toISOString(),
    }, ctx.now)
    return (await handoffsOf(tx, claim.id, true))[0]!
  })
}

// ------------------------------------------------------------------ reads

const isManagerOnly = (stage: string | null) => stage !== null && (managerOnlyStrategyStages as readonly string[]).includes(stage)

async function handoffsOf(db: Executor, claimId: number, manager: boolean): Promise<ClaimHandoffOutput[]> {
  const rows = await repo.ofClaim(db, claimId)
  const events = await repo.eventsOf(db, rows.map((r) => r.id))
  return rows.map((h) => ({
    id: h.id, partner: h.partner as CollectionPartner, attempt: h.attempt, status: h.status as ClaimStrategyStatus, mode: h.mode === 'api' ? 'api' : 'export',
    partner_reference: h.partnerReference, created_at: h.createdAt.toISOString(),
    events: events.filter((e) => e.handoffId === h.id).map((e) => ({
      id: e.id, kind: e.kind as HandoffEventKind, amount: e.amount,
      stage: (!manager && isManagerOnly(e.stage) ? 'amicable' : e.stage) as ClaimStrategyStage | null, note: e.note, at: e.at.toISOString(),
    })),
  }))
}

async function visibleClaim(ctx: Ctx, scope: dunning.ClaimScope, id: number): Promise<dunningRepo.ClaimRow> {
  const claim = await dunningRepo.findClaim(ctx.db, id)
  if (!claim || (scope.sellerId !== null && claim.sellerId !== scope.sellerId)) throw new AppError('not_found', 'This claim does not exist')
  return claim
}

/** GET /cabinet/claims/{id}/handoffs: the claim's hand-offs, newest first, with the partner's answers. */
export async function listHandoffs(ctx: Ctx, id: number): Promise<{ list: ClaimHandoffOutput[] }> {
  const scope = await dunning.sellerScope(ctx, 'orders.read')
  return { list: await handoffsOf(ctx.db, (await visibleClaim(ctx, scope, id)).id, false) }
}

export async function adminListHandoffs(ctx: Ctx, id: number): Promise<{ list: ClaimHandoffOutput[] }> {
  const scope = dunning.managerScope(ctx, 'admin.read')
  return { list: await handoffsOf(ctx.db, (await visibleClaim(ctx, scope, id)).id, true) }
}

/** GET /cabinet/claims/{id}/claim_file.csv: the file of the latest hand-off (export mode: what the seller sends). */
export async function claimFile(ctx: Ctx, id: number): Promise<string> {
  const scope = await dunning.sellerScope(ctx, 'orders.read')
  const claim = await visibleClaim(ctx, scope, id)
  const latest = await repo.latestOfClaim(ctx.db, claim.id)
  if (!latest) throw new AppError('not_found', 'This claim was not handed to a collection partner')
  return latest.file
}
