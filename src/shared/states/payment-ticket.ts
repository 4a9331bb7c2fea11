import type { Transitions } from './transitions'

// An event ticket a payer bought (docs/reference/catalogue-and-selling.md §4). Unused until scanned at the entrance. A used ticket
// can still be refunded (the event was cancelled or went wrong after entry); expiring or invalidating it
// no longer makes sense, it was used. Refunded and expired tickets are final: a payer who wants in again
// gets a new ticket. Invalidated is final too, with one way back: a chargeback invalidates the order's unused
// tickets, and when the seller wins the dispute the sale stands again, so the same tickets are unused again
// (and expire at once when their event ended meanwhile; the tickets module's restorePaymentTicketsOfOrder,
// docs/decisions/0038-money-edges.md). A ticket an upgrade replaced never comes back.

export const ticketStates = ['unused', 'used', 'refunded', 'expired', 'invalidated'] as const
export type TicketState = (typeof ticketStates)[number]

export const ticketTransitions = {
  unused: ['used', 'refunded', 'expired', 'invalidated'],
  used: ['refunded'],
  refunded: [],
  expired: [],
  // Only a won dispute, only for the tickets its chargeback invalidated (they were unused: see above).
  invalidated: ['unused'],
} as const satisfies Transitions<TicketState>
