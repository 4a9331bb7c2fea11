// A party's balance per currency, from the ledger alone (docs/decisions/0049-money-out.md "Balances").
// The ledger credits a party's balance account (negative amounts) and debits it for refunds, chargebacks
// and payouts (positive). Here the sign is turned: what the platform owes the party is positive.

export type BalanceInput = {
  /** The sum of the party's balance account's entries (credits negative). */
  ledgerSum: number
  /** Credits still inside the refund window or a hold, as a positive amount. */
  heldCredits: number
  /** The sum of the party's payouts not canceled (positive). */
  paidOut: number
}

export type BalanceFigures = {
  /** Earned but not yet free: inside the refund window or the program's hold. */
  pending: number
  /** What may be paid out now; negative when refunds after a payout took more than was left. */
  available: number
  paid_out: number
}

/**
 * pending is the held credits, but never more than the balance (a refund reverses a held sale and leaves
 * nothing pending); available is the rest, negative when a refund or chargeback after a payout took more
 * than the balance had, so later earnings settle that first.
 */
export function balanceFigures(input: BalanceInput): BalanceFigures {
  const owed = 0 - input.ledgerSum // not `-sum`: a zero sum must stay +0
  const pending = Math.max(0, Math.min(input.heldCredits, owed))
  return { pending, available: owed - pending, paid_out: input.paidOut }
}

/** The most a payout may move now: the available balance, never below 0. */
export function payableAmount(figures: BalanceFigures): number {
  return Math.max(0, figures.available)
}
