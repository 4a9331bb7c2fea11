import type { MemberPagesPort } from '../../ports/member-pages'
import * as repo from './pages.repository'

// The pages module's answer to the payer area (ports/member-pages.ts), wired in bootstrap.ts.

export const memberPagesPort: MemberPagesPort = {
  async membershipsWithPage(db, sellerId, productIds) {
    if (productIds.length === 0) return new Set()
    if (await repo.activePublished(db, sellerId, 'membership', null)) return new Set(productIds)
    const out = new Set<number>()
    for (const id of new Set(productIds)) if (await repo.activePublished(db, sellerId, 'membership', id)) out.add(id)
    return out
  },
}
