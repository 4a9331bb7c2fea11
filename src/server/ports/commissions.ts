import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'
import type { Commission } from '../../shared/ledger'
import type { Money, CurrencyId } from '../../shared/money'

// The commissions of an attributed sale (docs/decisions/0048-affiliates.md): the affiliates module reads the
// order store, so the order store asks it through this port, wired in bootstrap.ts, instead of importing it.
// Every function runs in the caller's transaction with the order row (and the payment row) locked.

export type ChargeCommissionsInput = {
  orderId: number
  /** The successful charge (its ledger transaction carries the commission lines). */
  paymentId: number
  sellerId: number
  /** The order's attribution (orders.affiliate_node_id). */
  nodeId: number
  payerEmail: string
  currency: CurrencyId
  /** The charge's gross and the VAT inside it. */
  gross: number
  vat: number
  /** The most the commissions may take together: what the charge leaves the seller before them. */
  cap: number
  /** A later rate of a plan (the program's commission duration decides whether it pays). */
  renewal: boolean
  /** When the order was first paid (a renewal's duration counts from it). */
  firstPaidAt: Date | null
  now: Date
}

/** What a charge pays publishers: the commission lines of the charge, and one-time bonuses booked apart. */
export type ChargeCommissions = { commissions: Commission[]; bonuses: { publisherId: number; amount: Money }[] }

export type ReversedCommissionLine = { publisherId: number; amount: number; currency: CurrencyId }

export type CommissionsPort = {
  /**
   * Records the commissions (and a first sale's bonus) of one successful charge once per payment, level and
   * kind; a charge already recorded (a replayed provider event) answers nothing to book.
   */
  forCharge(deps: AppDeps, tx: Executor, input: ChargeCommissionsInput): Promise<ChargeCommissions>
  /**
   * A refund, chargeback or won chargeback moved publisher balances of the order: `amount` is the ledger
   * line (a reversal debit is positive, a won chargeback's credit negative).
   */
  reversed(deps: AppDeps, tx: Executor, input: { orderId: number; paymentId: number; kind: string; lines: ReversedCommissionLine[]; now: Date }): Promise<void>
  /** The order's commissions for its detail page, level first. */
  ofOrder(db: Executor, orderId: number, now: Date): Promise<OrderCommission[]>
  /** The order detail's relations: the publisher (the seller may read their name and email) and the program. */
  publisherBrief(db: Executor, publisherId: number): Promise<{ id: number; name: string; email: string | null } | null>
  programBrief(db: Executor, programId: number): Promise<{ id: number; name: string } | null>
}

export type OrderCommission = {
  level: number; publisher_id: number; kind: 'commission' | 'bonus'; amount: number; reversed_amount: number
  currency: string; state: 'pending' | 'available' | 'reversed'; available_at: string
}

/** No affiliates (a process or test without the module): nothing is paid, nothing is listed. */
export const noCommissions: CommissionsPort = {
  forCharge: async () => ({ commissions: [], bonuses: [] }),
  reversed: async () => {},
  ofOrder: async () => [],
  publisherBrief: async () => null,
  programBrief: async () => null,
}
