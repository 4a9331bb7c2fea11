import type { Executor } from '../db/client'

// What the order store asks of, and tells, the deals module (docs/decisions/0054-sales-team-and-deals.md): the
// deals module reads orders, so the orders module reaches it through this port, wired in bootstrap.ts.

/** A deal as an order's `deal` relation shows it. */
export type DealBrief = { id: number; state: string; sales_team_member_id: number | null; expires_at: string; created_at: string }

export type DealsPort = {
  /** The order's payment_state moved to `to`: the deal it was placed through follows (closed, refunded, unsubscribed). */
  orderMoved(tx: Executor, order: { id: number; dealId: number | null }, to: string): Promise<void>
  dealBrief(db: Executor, dealId: number): Promise<DealBrief | null>
}

/** No deals (a process or test without the module). */
export const noDeals: DealsPort = {
  orderMoved: async () => {},
  dealBrief: async () => null,
}
