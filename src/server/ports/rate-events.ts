import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// What happens to the rates of a plan, told to the modules that react to it (dunning, the plan's home in
// billing) without the order store importing them: listeners are registered once at start-up in
// bootstrap.ts (docs/DESIGN.md "a module that must react to another's event takes a port"). Listeners run in the
// emitter's transaction, in the order they were registered, with the order row already locked.

export type RateEvent =
  /** A rate's state changed (orders.moveRate, the one writer of a rate's state). */
  | { type: 'rate_moved'; orderId: number; rateId: number; from: string; to: string }
  /** A charge of this rate failed (scheduler, retry); the rate is unpaid again with the reason. */
  | { type: 'charge_failed'; orderId: number; rateId: number; failureReason: string | null }
  /** A rate that had failed (or was in debt) was paid. */
  | { type: 'settled'; orderId: number; rateId: number }
  /** The plan ended (canceled, refunded, charged back): nothing more is chased. */
  | { type: 'plan_ended'; orderId: number }
  /** A successful charge was recorded (the first payment, a trial's start with 0, or a later rate): platform plans start and renew on it. */
  | { type: 'charge_recorded'; orderId: number; paymentId: number; amount: number; currency: string; rateNumber: number | null }

export type RateEventListener = (deps: AppDeps, tx: Executor, event: RateEvent) => Promise<void>

export type RateEvents = {
  on(listener: RateEventListener): void
  emit(deps: AppDeps, tx: Executor, event: RateEvent): Promise<void>
}

export function createRateEvents(): RateEvents {
  const listeners: RateEventListener[] = []
  return {
    on(listener) {
      listeners.push(listener)
    },
    async emit(deps, tx, event) {
      for (const listener of listeners) await listener(deps, tx, event)
    },
  }
}
