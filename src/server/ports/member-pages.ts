import type { Executor } from '../db/client'

// What the payer area asks of the pages module (docs/decisions/0069-member-pages.md): the pages module reads
// the payer's access (delivery), so the delivery module reaches it through this port, wired in bootstrap.ts.

export type MemberPagesPort = {
  /** Which of a seller's memberships have an active published membership page (their own or the seller's page for all). */
  membershipsWithPage(db: Executor, sellerId: number, productIds: readonly number[]): Promise<Set<number>>
}
