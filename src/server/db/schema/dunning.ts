import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { orderRates, orders } from './orders'

// The dunning module's tables: the seller's dunning settings, a dunning run per failed rate, and the claims
// followed through collection (docs/decisions/0027-dunning-and-claims.md).

/** A seller's dunning and collection settings (defaults when there is no row). */
export const dunningSettings = pgTable('dunning_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id),
  /** Off: a failed rate is not retried or chased (its dunning is `skipped`). */
  enabled: boolean('enabled').notNull().default(true),
  /** Days after the first failure on which the charge is retried, each with a reminder mail: e.g. [3, 7, 14]. */
  retryDays: jsonb('retry_days').$type<number[]>().notNull().default([3, 7, 14]),
  /** Pause the payer's access while a rate is in dunning or debt; restored when it is paid. */
  pauseAccess: boolean('pause_access').notNull().default(true),
  /** Open a claim (ready_for_inkasso) when dunning ends unpaid. */
  createClaims: boolean('create_claims').notNull().default(true),
  updatedAt: updatedAt(),
})

/**
 * One dunning run for one failed rate: retries on the seller's schedule with a reminder and a pay link
 * each time. state: in_progress | completed | skipped (src/shared/states/dunning.ts).
 */
export const dunnings = pgTable('dunnings', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  rateId: integer('rate_id').notNull().references(() => orderRates.id),
  state: text('state').notNull().default('in_progress'),
  /** How many retries have run (0 after the first failure). */
  step: integer('step').notNull().default(0),
  remindersSent: integer('reminders_sent').notNull().default(0),
  nextStepAt: at('next_step_at'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  /** paid | unpaid (handed to collection) | waived | canceled: why it ended. */
  result: text('result'),
  accessPaused: boolean('access_paused').notNull().default(false),
  startedAt: at('started_at').notNull(),
  endedAt: at('ended_at'),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('dunnings_rate_unique').on(t.rateId),
  index('dunnings_seller_idx').on(t.sellerId, t.state),
  index('dunnings_due_idx').on(t.state, t.nextStepAt),
])

/**
 * A claim: what a payer still owes after dunning, followed through collection (inkasso). inkassoStatus:
 * not_ready_for_inkasso | ready_for_inkasso | in_inkasso | pre_court | court | post_court (the last two
 * seen and set only by managers and power sellers); outcomeStatus: collected | not_collected |
 * partially_collected | manually_resolved.
 */
export const claims = pgTable('claims', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  orderId: integer('order_id').notNull().references(() => orders.id),
  rateId: integer('rate_id').references(() => orderRates.id),
  dunningId: integer('dunning_id').references(() => dunnings.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  collectedAmount: bigint('collected_amount', { mode: 'number' }).notNull().default(0),
  writtenOffAmount: bigint('written_off_amount', { mode: 'number' }).notNull().default(0),
  isWrittenOff: boolean('is_written_off').notNull().default(false),
  writtenOffAt: at('written_off_at'),
  inkassoStatus: text('inkasso_status').notNull().default('not_ready_for_inkasso'),
  outcomeStatus: text('outcome_status'),
  dateResolved: at('date_resolved'),
  note: text('note'),
  // --- collection strategy (docs/decisions/0057-orders-area-remains.md)
  /** in_house | inkasso | credit_reform_inkasso: who collects it. */
  strategyType: text('strategy_type').notNull().default('in_house'),
  /** not_handed_over | queued | sent | accepted | rejected | paid | closed: the hand-off to the partner. */
  strategyStatus: text('strategy_status').notNull().default('not_handed_over'),
  /** in_house | amicable | judicial | enforcement | monitoring (the last three seen by managers only). */
  strategyStage: text('strategy_stage').notNull().default('in_house'),
  // --- end collection strategy
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('claims_rate_unique').on(t.rateId),
  index('claims_seller_idx').on(t.sellerId, t.createdAt),
  index('claims_order_idx').on(t.orderId),
])

// ------------------------------------------------------------------ claim hand-offs (docs/decisions/0057-orders-area-remains.md)

/**
 * A claim handed to a collection partner (inkasso, credit_reform_inkasso): the claim file sent (CSV) and
 * the partner's reference. One per claim and attempt; `attempt` grows when a rejected or closed claim is
 * handed again. status mirrors the claim's strategy_status.
 */
export const claimHandoffs = pgTable('claim_handoffs', {
  id: serial('id').primaryKey(),
  claimId: integer('claim_id').notNull().references(() => claims.id),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  partner: text('partner').notNull(),
  attempt: integer('attempt').notNull().default(1),
  status: text('status').notNull().default('queued'),
  /** The partner's id of the case (API mode); null in export mode or before it answered. */
  partnerReference: text('partner_reference'),
  /** The claim file as sent: CSV (docs/decisions/0057-orders-area-remains.md). */
  file: text('file').notNull(),
  /** api: posted to the partner's API; export: kept for the seller to download and send. */
  mode: text('mode').notNull().default('export'),
  lastPolledAt: at('last_polled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('claim_handoffs_attempt_unique').on(t.claimId, t.attempt),
  index('claim_handoffs_status_idx').on(t.status),
])

/** What happened to a hand-off: sent, and the partner's answers accepted, rejected, paid, closed; each recorded once. */
export const claimHandoffEvents = pgTable('claim_handoff_events', {
  id: serial('id').primaryKey(),
  handoffId: integer('handoff_id').notNull().references(() => claimHandoffs.id),
  kind: text('kind').notNull(),
  /** The partner's id of the answer (dedupes a repeated answer); `sent` uses 'sent'. */
  partnerEventId: text('partner_event_id').notNull(),
  /** paid: what arrived in this payment (minor units of the claim's currency). */
  amount: bigint('amount', { mode: 'number' }),
  stage: text('stage'),
  note: text('note'),
  at: at('at').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('claim_handoff_events_unique').on(t.handoffId, t.partnerEventId)])
// --- end claim hand-offs
