import type { ProductForm, PublishState, ReviewState } from '../../../shared/catalog'
import type { SellingMode } from '../../../shared/resellers'
import type { AdminProductListQuery, AdminProductOutput, AdminSellerListQuery, AdminSellerOutput } from '../../../shared/schemas/admin'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './catalog.repository'
import { sellerFlags } from './catalog.views'

// The managers' lists of /admin: every seller with the flags they set (review.service
// updateSellerFlags) and every seller's products with the states their decisions move (approve, reject,
// revoke, take down, restore). Read-only; managers only (admin.read).

const time = (value: string | undefined) => (value ? new Date(value) : undefined)

export async function listSellers(ctx: Ctx, query: AdminSellerListQuery): Promise<ListAnswer<AdminSellerOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax } = await repo.listSellers(ctx.db, ctx.deps, {
    filters: {
      query: query.query || undefined, powerSeller: query.power_seller, blocked: query.blocked, canSell: query.can_sell,
      createdFrom: time(query.created_from_time), createdTill: time(query.created_till_time),
    },
    sortKey: query.sort_key, sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per,
  })
  return {
    list: rows.map((s) => ({
      id: s.id, username: s.username, email: s.email, company: s.company, power_seller: s.powerSeller, blocked: s.blocked,
      payment_account_done: s.paymentAccountDone, profile_finished: s.profileFinished, can_sell: sellerFlags(s).canSell,
      products_count: s.productsCount, created_at: s.createdAt.toISOString(), selling_mode: s.sellingMode as SellingMode,
    })),
    total_count: total,
    total_count_max: totalMax,
  }
}

export async function listProducts(ctx: Ctx, query: AdminProductListQuery): Promise<ListAnswer<AdminProductOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax } = await repo.listAllProducts(ctx.db, {
    filters: {
      query: query.query || undefined, publishState: query.publish_state, reviewState: query.review_state, sellerId: query.seller_id,
      form: query.form, createdFrom: time(query.created_from_time), createdTill: time(query.created_till_time),
    },
    sortKey: query.sort_key, sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per,
  })
  return {
    list: rows.map((p) => ({
      id: p.id, name: p.name, form: p.form as ProductForm, seller_id: p.sellerId, seller_username: p.sellerUsername,
      publish_state: p.publishState as PublishState, review_state: p.reviewState as ReviewState, review_reason: p.reviewReason,
      created_at: p.createdAt.toISOString(),
    })),
    total_count: total,
    total_count_max: totalMax,
  }
}
