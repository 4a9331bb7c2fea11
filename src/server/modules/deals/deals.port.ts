import type { DealsPort } from '../../ports/deals'
import * as repo from './deals.repository'
import { orderMoved } from './deals.service'

// The deals module's answers to the order store (ports/deals.ts), wired in bootstrap.ts.

export const dealsPort: DealsPort = {
  orderMoved,
  async dealBrief(db, dealId) {
    const row = await repo.findWithOffer(db, dealId)
    if (!row) return null
    return { id: row.id, state: row.state, sales_team_member_id: row.salesTeamMemberId, expires_at: row.expiresAt.toISOString(), created_at: row.createdAt.toISOString() }
  },
}
