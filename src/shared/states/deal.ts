import type { Transitions } from './transitions'

// A deal: an individual offer a sales team member or the seller prepares for one named payer
// (docs/decisions/0054-sales-team-and-deals.md). The spec's strings, `cancelled` included.
// - draft: being prepared; nothing was sent, the link opens nothing.
// - ready: sent; the payer's link opens the checkout with the deal's prices until it expires.
// - finalized: the payer placed the order through the link (the link is used up); the payment is open. If
//   that order ends unpaid, the deal is ready again (its link works until it expires).
// - closed: the order was paid (bought): the sale and the sales team member's fee are booked.
// - refunded: the bought order's money went back (refund or chargeback).
// - unsubscribed: the bought plan (installments, subscription) was cancelled before its end.
// - cancelled: the seller or the sales team member withdrew the deal before it was bought.
// A deal that expired unused stays `ready` with its expiry past: the link answers "expired".

export const dealStates = ['closed', 'draft', 'finalized', 'cancelled', 'refunded', 'unsubscribed', 'ready'] as const
export type DealState = (typeof dealStates)[number]

export const dealTransitions = {
  draft: ['ready', 'cancelled'],
  ready: ['finalized', 'cancelled'],
  // An order whose first payment is still open can be paid, or withdrawn by the seller; an order that ends
  // unpaid (abandoned, cancelled before any payment) gives the link back for another try.
  finalized: ['closed', 'cancelled', 'ready'],
  closed: ['refunded', 'unsubscribed'],
  // A cancelled plan can still be refunded.
  unsubscribed: ['refunded'],
  refunded: [],
  cancelled: [],
} as const satisfies Transitions<DealState>

/** States in which the seller's side may still edit the offer. */
export const editableDealStates: readonly DealState[] = ['draft', 'ready']

/**
 * Where a deal moves when its order's payment_state moves: paid or paying closes it, a refund or chargeback
 * refunds it, a cancelled running plan unsubscribes it, an order that ended unpaid makes a finalized deal
 * ready again. Null: the deal stays where it is.
 */
export function dealStateForOrder(current: DealState, orderState: string): DealState | null {
  if ((orderState === 'paid' || orderState === 'paying') && current === 'finalized') return 'closed'
  if ((orderState === 'payment_not_completed' || orderState === 'payment_canceled') && current === 'finalized') return 'ready'
  if ((orderState === 'payment_refunded' || orderState === 'payment_chargebacked') && (current === 'closed' || current === 'unsubscribed')) return 'refunded'
  if (orderState === 'payment_canceled' && current === 'closed') return 'unsubscribed'
  return null
}
