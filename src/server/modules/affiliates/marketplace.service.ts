import type { z } from 'zod'
import { bpsToPercent } from '../../../shared/money'
import type { marketplaceItem, marketplaceQuery } from '../../../shared/schemas/affiliates'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as repo from './affiliates.repository'

// The publishers' marketplace (docs/decisions/0048-affiliates.md): programs the seller listed, not archived,
// of sellers not blocked; by program, by product or by seller. Public: nothing personal beyond the seller's
// public name.

type Item = z.infer<typeof marketplaceItem>

const levels = (program: repo.ProgramRow) => program.commissionBps.map(bpsToPercent)

export async function marketplace(ctx: Ctx, query: z.infer<typeof marketplaceQuery>): Promise<ListAnswer<Item>> {
  const page = { query: query.query, offset: (query.page - 1) * query.per, limit: query.per }
  if (query.tab === 'products') {
    const { rows, total, totalMax } = await repo.marketplaceProducts(ctx.db, page)
    const covers = await catalog.firstCoverUrls(ctx.db, rows.map((r) => r.product.id))
    const list = rows.map((r): Item => ({
      id: r.product.id, name: r.product.name, affiliate_program_id: r.program.id,
      seller: { id: r.program.sellerId, username: r.username, name: `${r.firstName} ${r.lastName}`.trim() },
      commissions: levels(r.program), cookies_expire: r.program.cookiesExpire, lifetime: r.program.lifetime,
      products_count: 1, programs_count: 1, display_price: r.product.displayPrice, currency: r.product.currency, cover_url: covers.get(r.product.id) ?? null,
    }))
    return { list, total_count: total, total_count_max: totalMax }
  }
  if (query.tab === 'sellers') {
    const { rows, total, totalMax } = await repo.marketplaceSellers(ctx.db, page)
    const programs = new Map((await repo.programsByIds(ctx.db, rows.map((r) => r.firstProgramId))).map((p) => [p.id, p]))
    const list = rows.map((r): Item => {
      const program = programs.get(r.firstProgramId)
      return {
        id: r.sellerId, name: r.username, affiliate_program_id: program?.id ?? null,
        seller: { id: r.sellerId, username: r.username, name: `${r.firstName} ${r.lastName}`.trim() },
        commissions: program ? levels(program) : [], cookies_expire: program?.cookiesExpire ?? null, lifetime: program?.lifetime ?? null,
        products_count: 0, programs_count: r.programsCount, display_price: null, currency: null, cover_url: null,
      }
    })
    return { list, total_count: total, total_count_max: totalMax }
  }
  const { rows, total, totalMax } = await repo.marketplacePrograms(ctx.db, page)
  const counts = await repo.productCounts(ctx.db, rows.map((r) => r.program.id))
  const list = rows.map((r): Item => ({
    id: r.program.id, name: r.program.name, affiliate_program_id: r.program.id,
    seller: { id: r.program.sellerId, username: r.username, name: `${r.firstName} ${r.lastName}`.trim() },
    commissions: levels(r.program), cookies_expire: r.program.cookiesExpire, lifetime: r.program.lifetime,
    products_count: counts.get(r.program.id) ?? 0, programs_count: 1, display_price: null, currency: null, cover_url: null,
  }))
  return { list, total_count: total, total_count_max: totalMax }
}
