import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'
import {
  claimOutcomeStates, claimStrategyStages, claimStrategyStatuses, claimStrategyTypes, collectionPartners, dunningResults, dunningStates, handoffEventKinds, inkassoStates,
} from '../states/dunning'
import { listQuery } from './lists'
import { increasing } from '../validation/document-rules'

// Dunning and collection (docs/decisions/0027-dunning-and-claims.md): the seller's settings, the
// schedule they make, the dunning runs list and the claims list with their actions. Amounts are integer
// minor units of the row's currency.

const dayMs = 86_400_000
export const maxRetries = 10
export const maxRetryDay = 90

/** What a seller without a settings row gets. */
export const defaultDunningSettings = { enabled: true, retry_days: [3, 7, 14], pause_access: true, create_claims: true } as const

export const dunningSettingsInput = z.strictObject({
  enabled: z.boolean(),
  /** Days after the first failure on which the charge is retried: ascending, each 1..90. */
  retry_days: z.array(z.number().int().min(1).max(maxRetryDay)).min(1).max(maxRetries)
    .refine((days) => days.every((d, i) => i === 0 || d > days[i - 1]!), { message: 'Retry days must go up, each later than the one before' }).meta(increasing),
  pause_access: z.boolean(),
  create_claims: z.boolean(),
})
export type DunningSettingsInput = z.infer<typeof dunningSettingsInput>

export const dunningSettingsOutput = dunningSettingsInput.extend({
  /** No row yet: these are the defaults. */
  is_default: z.boolean(),
})
export type DunningSettingsOutput = z.infer<typeof dunningSettingsOutput>

// ------------------------------------------------------------------ the schedule

/**
 * When retry number `step + 1` runs: the first failure is day 0, retry k runs `retryDays[k]` days after it.
 * null when `step` retries have run and none is left (the dunning ends with the next failure).
 */
export function nextStepAt(startedAt: Date, retryDays: readonly number[], step: number): Date | null {
  const day = retryDays[step]
  return day === undefined ? null : new Date(startedAt.getTime() + day * dayMs)
}

/** The schedule as (day, what happens) rows, for the settings page and the decision record. */
export function scheduleOf(retryDays: readonly number[]): { day: number; retry: number; last: boolean }[] {
  return retryDays.map((day, i) => ({ day, retry: i + 1, last: i === retryDays.length - 1 }))
}

// ------------------------------------------------------------------ lists

const id = zIdParam()
const amount = z.coerce.number().int().min(0)
const isoTime = z.iso.datetime({ offset: true })
const boolParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

export const dunningSortKeys = ['id', 'created_at', 'next_step_at', 'amount', 'state'] as const
export const dunningListQuery = listQuery.extend({
  sort_key: z.enum(dunningSortKeys).optional(),
  dunning_status: z.enum(dunningStates).optional(),
  order_id: id.optional(),
  product_id: id.optional(),
  amount: amount.optional(),
  amount_from: amount.optional(),
  amount_to: amount.optional(),
})
export type DunningListQuery = z.infer<typeof dunningListQuery>

export const dunningOutput = z.object({
  id: z.number(),
  state: z.enum(dunningStates),
  result: z.enum(dunningResults).nullable(),
  order_id: z.number(),
  order_token: z.string(),
  rate_id: z.number(),
  rate_number: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  payer_email: z.string(),
  payer_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** Retries run so far, and how many the schedule had when it started. */
  step: z.number(),
  steps_total: z.number(),
  reminders_sent: z.number(),
  next_step_at: z.string().nullable(),
  access_paused: z.boolean(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
})
export type DunningOutput = z.infer<typeof dunningOutput>

export const claimSortKeys = ['id', 'created_at', 'amount', 'date_resolved', 'days_overdue'] as const
export const claimListQuery = listQuery.extend({
  sort_key: z.enum(claimSortKeys).optional(),
  inkasso_status: z.enum(inkassoStates).optional(),
  /** An outcome, or `open` for claims without one. */
  outcome_status: z.enum([...claimOutcomeStates, 'open']).optional(),
  is_written_off: boolParam.optional(),
  written_off_from_time: isoTime.optional(),
  written_off_till_time: isoTime.optional(),
  date_resolved_from_time: isoTime.optional(),
  date_resolved_till_time: isoTime.optional(),
  days_overdue_from: z.coerce.number().int().min(0).max(36_500).optional(),
  days_overdue_to: z.coerce.number().int().min(0).max(36_500).optional(),
  amount: amount.optional(),
  amount_from: amount.optional(),
  amount_to: amount.optional(),
  order_id: id.optional(),
  payer_id: id.optional(),
  /** Managers only: one seller's claims. */
  seller_id: id.optional(),
  // Collection strategy (docs/decisions/0057-orders-area-remains.md): judicial, enforcement and monitoring
  // are managers' only (a seller's amicable includes them).
  strategy_stage: z.enum(claimStrategyStages).optional(),
  strategy_status: z.enum(claimStrategyStatuses).optional(),
  strategy_type: z.enum(claimStrategyTypes).optional(),
  /** The state of the dunning run the claim came from (completed, or skipped when dunning was off). */
  dunning_status: z.enum(dunningStates).optional(),
})
export type ClaimListQuery = z.infer<typeof claimListQuery>

export const claimOutput = z.object({
  id: z.number(),
  seller_id: z.number(),
  order_id: z.number(),
  order_token: z.string(),
  rate_id: z.number().nullable(),
  rate_number: z.number().nullable(),
  dunning_id: z.number().nullable(),
  product_id: z.number(),
  product_name: z.string(),
  payer_id: z.number().nullable(),
  payer_email: z.string(),
  payer_name: z.string(),
  amount: z.number(),
  currency: z.string(),
  collected_amount: z.number(),
  written_off_amount: z.number(),
  /** What is still owed: amount - collected - written off. */
  open_amount: z.number(),
  is_written_off: z.boolean(),
  written_off_at: z.string().nullable(),
  inkasso_status: z.enum(inkassoStates),
  outcome_status: z.enum(claimOutcomeStates).nullable(),
  date_resolved: z.string().nullable(),
  due_date: z.string().nullable(),
  days_overdue: z.number(),
  /** The inkasso stages this user may move the claim to now. */
  next_inkasso_states: z.array(z.enum(inkassoStates)),
  strategy_type: z.enum(claimStrategyTypes),
  strategy_status: z.enum(claimStrategyStatuses),
  /** Sellers see the managers' legal stages as amicable. */
  strategy_stage: z.enum(claimStrategyStages),
  created_at: z.string(),
})
export type ClaimOutput = z.infer<typeof claimOutput>

export const claimParams = z.object({ id })

export const claimInkassoInput = z.strictObject({
  status: z.enum(inkassoStates),
  /** With status in_inkasso: hand the claim to this collection partner (its claim file sent by a job). */
  partner: z.enum(collectionPartners).optional(),
})
export type ClaimInkassoInput = z.infer<typeof claimInkassoInput>

export const claimOutcomeInput = z.strictObject({
  outcome: z.enum(claimOutcomeStates),
  /** collected / partially_collected: what arrived in total outside the platform; collected defaults to all of it. */
  collected_amount: z.number().int().min(0).optional(),
  note: zText().trim().max(1000).optional(),
})
export type ClaimOutcomeInput = z.infer<typeof claimOutcomeInput>

export const claimWriteOffInput = z.strictObject({
  /** Minor units to write off; all that is still open when absent. */
  amount: z.number().int().positive().optional(),
})
export type ClaimWriteOffInput = z.infer<typeof claimWriteOffInput>

// ------------------------------------------------------------------ hand-offs (docs/decisions/0057-orders-area-remains.md)

export const handoffEventOutput = z.object({
  id: z.number(),
  kind: z.enum(handoffEventKinds),
  amount: z.number().nullable(),
  stage: z.enum(claimStrategyStages).nullable(),
  note: z.string().nullable(),
  at: z.string(),
})
export type HandoffEventOutput = z.infer<typeof handoffEventOutput>

export const claimHandoffOutput = z.object({
  id: z.number(),
  partner: z.enum(collectionPartners),
  attempt: z.number(),
  status: z.enum(claimStrategyStatuses),
  /** api: posted to the partner; export: the claim file waits at claim_file.csv for the seller to send. */
  mode: z.enum(['api', 'export']),
  partner_reference: z.string().nullable(),
  created_at: z.string(),
  events: z.array(handoffEventOutput),
})
export type ClaimHandoffOutput = z.infer<typeof claimHandoffOutput>

export const claimHandoffsOutput = z.object({ list: z.array(claimHandoffOutput) })

/** POST /admin/claims/{id}/handoff_answers: a partner's answer that came by letter or phone (export mode). */
export const handoffAnswerInput = z.strictObject({
  kind: z.enum(['accepted', 'rejected', 'paid', 'closed']),
  /** paid: minor units that arrived with this payment. */
  amount: z.number().int().positive().optional(),
  stage: z.enum(claimStrategyStages).optional(),
  note: zText().trim().max(1000).optional(),
})
export type HandoffAnswerInput = z.infer<typeof handoffAnswerInput>
