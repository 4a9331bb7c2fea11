import type { OrderRateState } from '../../../shared/states'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { RateEvent } from '../../ports/rate-events'
import * as orders from '../orders/orders.service'

// The plan's home decides where a running plan's order stands from its rates, here and nowhere else
// (docs/decisions/0026-billing-engine-and-test-clock.md; the states in src/shared/states/order-payment.ts and order-rate.ts). Every change
// of a rate's state reaches settleOrderState through the rate events (wired in bootstrap.ts).

/** Rates that were due and are not (wholly) paid: the payer owes them now, in dunning or in debt. */
const owedRateStates: readonly OrderRateState[] = ['unpaid', 'debt', 'partly_paid']
/** Rates still to be charged (a charge in flight included). */
const aheadRateStates: readonly OrderRateState[] = ['future', 'pending']

/**
 * The payment_state of a running plan from its rates:
 * - a rate owed (failed and unpaid, in dunning, in debt, part paid): `paying`, never `paid`;
 * - otherwise an open subscription is `paid` (its total is one charge; more rates are always listed);
 * - any other plan is `paying` while rates are ahead and `paid` once none is.
 */
export function orderStateFromRates(planForm: string | undefined, rates: readonly { state: string }[]): 'paying' | 'paid' {
  if (rates.some((r) => owedRateStates.includes(r.state as OrderRateState))) return 'paying'
  if (planForm === 'subscription') return 'paid'
  return rates.some((r) => aheadRateStates.includes(r.state as OrderRateState)) ? 'paying' : 'paid'
}

/**
 * Settles a running plan's order (paying or paid) to the state its rates give. Paused, canceled, refunded
 * or charged back orders are left to the use case that put them there. The caller's transaction; the
 * order row is locked there.
 */
export async function settleOrderState(deps: AppDeps, tx: Executor, orderId: number): Promise<void> {
  const order = await orders.findOrder(tx, orderId)
  if (!order || (order.paymentState !== 'paying' && order.paymentState !== 'paid')) return
  const rates = await orders.ratesOf(tx, orderId)
  if (rates.length === 0) return
  const form = (order.planSnapshot as { form?: string } | null)?.form
  const to = orderStateFromRates(form, rates)
  if (to !== order.paymentState) await orders.setPlanPaymentState(deps, tx, orderId, to)
}

/** The rate events' listener of the plan's home: a rate moved, so the order's state may move with it. */
export async function onRateEvent(deps: AppDeps, tx: Executor, event: RateEvent): Promise<void> {
  if (event.type === 'rate_moved') await settleOrderState(deps, tx, event.orderId)
}
