import type { Transitions } from './transitions'

// Dunning and collection (docs/reference/accounts-and-orders.md §4 "Dunning", "Inkasso", "Outcomes"; docs/decisions/0027-dunning-and-claims.md).
// The spec shows the value sets only; the transitions are designed here.

// A dunning run of one failed rate: retried on the seller's schedule (in_progress) until paid, ended or
// handed to collection (completed); `skipped` when the seller's dunning is off. It starts in_progress or skipped.
export const dunningStates = ['in_progress', 'completed', 'skipped'] as const
export type DunningState = (typeof dunningStates)[number]

export const dunningTransitions = {
  in_progress: ['completed'],
  completed: [],
  skipped: [],
} as const satisfies Transitions<DunningState>

/** Why a dunning ended: paid (a retry or the pay link), unpaid (handed to collection), waived, canceled (the plan ended). */
export const dunningResults = ['paid', 'unpaid', 'waived', 'canceled'] as const
export type DunningResult = (typeof dunningResults)[number]

// A claim's collection (inkasso) stage. A claim opens not_ready (the seller keeps it) or ready (to hand to
// an agency); an agency may hand it back (in_inkasso -> ready). court and post_court are seen and set only
// by managers and power sellers (docs/reference/accounts-and-orders.md §4).
export const inkassoStates = ['not_ready_for_inkasso', 'ready_for_inkasso', 'in_inkasso', 'pre_court', 'court', 'post_court'] as const
export type InkassoState = (typeof inkassoStates)[number]

export const inkassoTransitions = {
  not_ready_for_inkasso: ['ready_for_inkasso'],
  ready_for_inkasso: ['not_ready_for_inkasso', 'in_inkasso'],
  in_inkasso: ['ready_for_inkasso', 'pre_court'],
  pre_court: ['in_inkasso', 'court'],
  court: ['post_court'],
  post_court: [],
} as const satisfies Transitions<InkassoState>

/** The stages only managers and power sellers see and set. */
export const restrictedInkassoStates = ['court', 'post_court'] as const satisfies readonly InkassoState[]

/** The inkasso stages an actor may see and set: every stage for managers and power sellers, else without court stages. */
export function visibleInkassoStates(privileged: boolean): InkassoState[] {
  return inkassoStates.filter((s) => privileged || !(restrictedInkassoStates as readonly string[]).includes(s))
}

// A claim's outcome: none while open; then collected (all of it arrived), partially_collected (part of it:
// still open until the rest arrives, is written off or the seller resolves it), not_collected (given up),
// manually_resolved (the seller settled it outside the platform). Money arriving late can still collect a
// claim given up.
export const claimOutcomeStates = ['collected', 'not_collected', 'partially_collected', 'manually_resolved'] as const
export type ClaimOutcomeState = (typeof claimOutcomeStates)[number]

export const claimOutcomeTransitions = {
  partially_collected: ['collected', 'not_collected', 'manually_resolved'],
  not_collected: ['collected', 'partially_collected', 'manually_resolved'],
  collected: [],
  manually_resolved: [],
} as const satisfies Transitions<ClaimOutcomeState>

/** Whether an open claim (no outcome yet, `null`) or one with `from` may take the outcome `to`. */
export function canSetOutcome(from: ClaimOutcomeState | null, to: ClaimOutcomeState): boolean {
  if (from === null) return true
  return (claimOutcomeTransitions[from] as readonly ClaimOutcomeState[]).includes(to)
}

/** Outcomes that close a claim (date_resolved is set). partially_collected keeps it open for the rest. */
export const finalClaimOutcomes = ['collected', 'not_collected', 'manually_resolved'] as const satisfies readonly ClaimOutcomeState[]

// ------------------------------------------------------------------ collection strategy (docs/decisions/0057-orders-area-remains.md)

/** Who collects a claim: the seller themself (in_house) or a collection partner it was handed to. */
export const claimStrategyTypes = ['in_house', 'inkasso', 'credit_reform_inkasso'] as const
export type ClaimStrategyType = (typeof claimStrategyTypes)[number]

/** The collection partners a claim can be handed to (the spec's provider names). */
export const collectionPartners = ['inkasso', 'credit_reform_inkasso'] as const
export type CollectionPartner = (typeof collectionPartners)[number]

/**
 * Where the hand-off to the partner stands: not_handed_over (in house), queued (the job has not run yet),
 * then the partner's answers sent, accepted, rejected, paid, closed.
 */
export const claimStrategyStatuses = ['not_handed_over', 'queued', 'sent', 'accepted', 'rejected', 'paid', 'closed'] as const
export type ClaimStrategyStatus = (typeof claimStrategyStatuses)[number]

export const claimStrategyStatusTransitions = {
  not_handed_over: ['queued'],
  queued: ['sent', 'rejected'],
  sent: ['accepted', 'rejected', 'paid', 'closed'],
  accepted: ['paid', 'closed'],
  paid: ['closed'],
  // A rejected or closed hand-off may be handed again (to the same or the other partner).
  rejected: ['queued'],
  closed: ['queued'],
} as const satisfies Transitions<ClaimStrategyStatus>

/** The events a hand-off records, each once: the partner's answers and our own sending. */
export const handoffEventKinds = ['sent', 'accepted', 'rejected', 'paid', 'closed'] as const
export type HandoffEventKind = (typeof handoffEventKinds)[number]

/**
 * The collection strategy's stage, as the partner reports it: in_house (not handed over), amicable (the
 * partner's reminders out of court), then the legal stages judicial (a court order or suit), enforcement
 * (enforcing a title) and monitoring (a title watched for later payment), seen and filtered only by managers.
 */
export const claimStrategyStages = ['in_house', 'amicable', 'judicial', 'enforcement', 'monitoring'] as const
export type ClaimStrategyStage = (typeof claimStrategyStages)[number]
export const managerOnlyStrategyStages = ['judicial', 'enforcement', 'monitoring'] as const satisfies readonly ClaimStrategyStage[]

/** The strategy stages an actor sees: all for managers; sellers (power sellers too) see the legal ones as amicable. */
export function visibleStrategyStages(manager: boolean): ClaimStrategyStage[] {
  return claimStrategyStages.filter((s) => manager || !(managerOnlyStrategyStages as readonly string[]).includes(s))
}
