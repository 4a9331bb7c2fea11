import type { z } from 'zod'
import { publisherBalance } from '../../../shared/ledger/accounts'
import type {
  affiliateProgramListQuery, marketplaceItem, publisherOrderListQuery, publisherOrderOutput, publisherTransferOutput,
} from '../../../shared/schemas/affiliates'
import { bpsToPercent } from '../../../shared/money'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as orders from '../orders/orders.service'
import * as repo from './affiliates.repository'
import { requirePublisher } from './publishers.service'

// What a publisher reads of their money (docs/decisions/0048-affiliates.md "Money is in the ledger"): the
// orders that pay them, their balance (the ledger's sum of `publisher_balance:{id}`, credits negative, so
// negated), its pending part (commissions less reversals still on hold) and every movement. Never a payer's
// email or address: the orders module's `affiliateOrderBriefs` leaves the payer out.

type OrderOutput = z.infer<typeof publisherOrderOutput>
type CommissionState = OrderOutput['commission']['state']

/** A commission's state: reversed once reversals took it all, pending while on hold, available after. */
export function commissionState(row: Pick<repo.CommissionRow, 'amount' | 'reversedAmount' | 'availableAt'>, now: Date): CommissionState {
  if (row.reversedAmount >= row.amount) return 'reversed'
  return row.availableAt.getTime() > now.getTime() ? 'pending' : 'available'
}

async function publisherOf(ctx: Ctx) {
  return ctx.db.transaction((tx) => requirePublisher(ctx, tx))
}

export async function listOrders(ctx: Ctx, query: z.infer<typeof publisherOrderListQuery>): Promise<ListAnswer<OrderOutput>> {
  const publisher = await publisherOf(ctx)
  const { ids, total, totalMax } = await repo.commissionOrderIds(ctx.db, publisher.id, {
    programId: query.affiliate_program_id, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const briefs = new Map((await orders.affiliateOrderBriefs(ctx.db, ids)).map((o) => [o.id, o]))
  const commissions = await repo.commissionsOf(ctx.db, publisher.id, ids)
  const list: OrderOutput[] = []
  for (const id of ids) {
    const order = briefs.get(id)
    if (!order) continue
    if (query.payment_state && order.paymentState !== query.payment_state) continue
    const own = commissions.filter((c) => c.orderId === id)
    const amount = own.reduce((s, c) => s + c.amount, 0)
    const reversed = own.reduce((s, c) => s + c.reversedAmount, 0)
    const latest = own.reduce((a, c) => (c.availableAt > a ? c.availableAt : a), new Date(0))
    list.push({
      id, created_at: order.createdAt.toISOString(), payment_state: order.paymentState,
      product: { id: order.productId, name: order.productName }, seller: { id: order.sellerId, username: order.sellerUsername },
      affiliate_program_id: own[0]?.programId ?? 0, level: Math.min(...own.map((c) => c.level)),
      currency: order.currency, total_amount: order.totalAmount,
      commission: { amount, reversed_amount: reversed, state: commissionState({ amount, reversedAmount: reversed, availableAt: latest }, ctx.now) },
    })
  }
  return { list, total_count: total, total_count_max: totalMax }
}

/**
 * A publisher's commissions still on hold per currency (net of what refunds took back): the payouts
 * module's balance counts them as pending.
 */
export function pendingCommissionsOf(db: Executor, publisherId: number, now: Date): Promise<Map<string, number>> {
  return repo.pendingCommissions(db, publisherId, now)
}

export async function listTransfers(ctx: Ctx, query: ListQuery): Promise<ListAnswer<z.infer<typeof publisherTransferOutput>>> {
  const publisher = await publisherOf(ctx)
  const { rows, total } = await orders.entriesOfAccount(ctx.db, publisherBalance(publisher.id), { offset: (query.page - 1) * query.per, limit: query.per })
  return {
    // Credits to the publisher are negative in the ledger: shown as positive amounts here.
    list: rows.map((r) => ({ id: r.id, kind: r.kind, amount: -r.amount, currency: r.currency, order_id: r.orderId, created_at: r.createdAt.toISOString() })),
    total_count: total, total_count_max: total,
  }
}

/** The programs the publisher takes part in (requested or accepted). */
export async function myPrograms(ctx: Ctx, query: z.infer<typeof affiliateProgramListQuery>): Promise<ListAnswer<z.infer<typeof marketplaceItem>>> {
  const publisher = await publisherOf(ctx)
  const ids = await repo.programIdsOfPublisher(ctx.db, publisher.id)
  const programs = await repo.programsByIds(ctx.db, ids)
  const counts = await repo.productCounts(ctx.db, ids)
  const list = []
  for (const program of programs.sort((a, b) => b.id - a.id)) {
    const seller = await repo.sellerFacts(ctx.db, program.sellerId)
    list.push({
      id: program.id, name: program.name, affiliate_program_id: program.id,
      seller: { id: program.sellerId, username: seller?.username ?? '', name: seller ? `${seller.firstName} ${seller.lastName}`.trim() : '' },
      commissions: program.commissionBps.map(bpsToPercent), cookies_expire: program.cookiesExpire, lifetime: program.lifetime,
      products_count: counts.get(program.id) ?? 0, programs_count: 1, display_price: null, currency: null, cover_url: null,
    })
  }
  const start = (query.page - 1) * query.per
  return { list: list.slice(start, start + query.per), total_count: list.length, total_count_max: list.length }
}
