import pLimit, { type LimitFunction } from 'p-limit'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { storeIdempotentAnswerWhen, type IdempotentAnswer } from '../../plugins/idempotency'
import * as stock from './stock.service'

// A rush's per-process state beside the stock it protects (docs/decisions/0023-read-once-and-checkout-slots.md):
// the checkout slots (CHECKOUT_CONCURRENCY orders made at once per API process) and the memory of products
// and ticket types this process met sold out, with the one statement that answers a payer after the last
// ticket. Nothing here decides a sale: the stock holds in stock.service.ts do.

/** The products and ticket types (`productId:ticketId`) a process remembers as met sold out. */
export type SoldOutSeen = Set<string>

/** The key of a product (and ticket type) in the sold-out memory. */
export function stockKeyOf(productId: number, ticketId: number | null | undefined): string {
  return `${productId}:${ticketId ?? ''}`
}

/** A sold-out answer stored only while the stock read in the same statement says sold out. */
const storeSoldOutAnswerOf = { product: storeIdempotentAnswerWhen(stock.soldOutCondition(false)), ticket: storeIdempotentAnswerWhen(stock.soldOutCondition(true)) }

/**
 * Stores `answer` as its key's final answer only while the product (or ticket type) cannot give `quantity`
 * more, in one statement shared by the payers asked in the same turn of the event loop. False when it was
 * not stored: stock is left (the order finds out for sure) or the key has an answer already.
 */
export function storeSoldOutAnswer(db: Executor, hold: { productId: number; ticketId: number | null; quantity: number }, answer: IdempotentAnswer): Promise<boolean> {
  const store = hold.ticketId === null ? storeSoldOutAnswerOf.product : storeSoldOutAnswerOf.ticket
  return store(db, hold, answer)
}

/** How many products and ticket types a process remembers as met sold out (a hint to read before claiming). */
const soldOutSeenMax = 10_000
const soldOutSeenOf = new WeakMap<Ctx['deps'], SoldOutSeen>()

export function soldOutSeen(deps: Ctx['deps']): SoldOutSeen {
  let seen = soldOutSeenOf.get(deps)
  if (!seen) soldOutSeenOf.set(deps, seen = new Set())
  return seen
}

export function rememberSoldOut(seen: SoldOutSeen, stockKey: string) {
  if (seen.size >= soldOutSeenMax) seen.clear()
  seen.add(stockKey)
}

const slotsOf = new WeakMap<Ctx['deps'], LimitFunction>()

/**
 * At most CHECKOUT_CONCURRENCY orders are claimed and made at once per process; the others wait their
 * turn. In a rush this is what keeps answers fast: taken one group after another, the payers after the last
 * ticket meet the sold-out read before their claim instead of all racing through the whole checkout together.
 * A payment's outcome takes its turn here too (orders.recordPaymentOutcomeOf,
 * docs/decisions/0103-payments-take-their-turn.md). Nothing run in a slot may wait for another slot: a
 * slot's work never records a payment's outcome (createOrder asks the provider after its turn).
 */
export function checkoutSlots(deps: Ctx['deps']): LimitFunction {
  let slots = slotsOf.get(deps)
  if (!slots) slotsOf.set(deps, slots = pLimit(deps.config.CHECKOUT_CONCURRENCY))
  return slots
}
