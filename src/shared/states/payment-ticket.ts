import type { Transitions } from './transitions'

// An event ticket a payer bought (docs/reference/catalogue-and-selling.md §4). Unused until scanned at the entrance. A used ticket
// can still be refunded (the event was cancelled or went wrong after entry); expiring or invalidating it
// no longer makes sense, it was used. Refunded, expired and invalidated tickets are final: a payer who
// wants in again gets a new ticket.

export const ticketStates = ['unused', 'used', 'refunded', 'expired', 'invalidated'] as const
export type TicketState = (typeof ticketStates)[number]

export const ticketTransitions = {
  unused: ['used', 'refunded', 'expired', 'invalidated'],
  used: ['refunded'],
  refunded: [],
  expired: [],
  invalidated: [],
} as const satisfies Transitions<TicketState>
