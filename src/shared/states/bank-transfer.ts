import type { Transitions } from './transitions'

// An incoming transfer read from a bank statement (modules/bank-transfers, docs/decisions/0078-virtual-iban-bank-statements.md). unmatched:
// no valid reference naming an open bank wire payment in its currency, waiting for a manager; matched: the
// statement's reference paid (or partly paid) its order; assigned: a manager gave it to an order by hand;
// ignored: a manager decided it pays no order (a refund from a supplier, a private transfer).

export const bankTransferStates = ['unmatched', 'matched', 'assigned', 'ignored'] as const
export type BankTransferState = (typeof bankTransferStates)[number]

export const bankTransferTransitions = {
  unmatched: ['assigned', 'ignored'],
  matched: [],
  assigned: [],
  ignored: ['assigned'],
} as const satisfies Transitions<BankTransferState>
