import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  refundKinds, transferCsvColumns, type AdminRefundListQuery, type AdminRefundOutput, type TransferListQuery, type TransferOutput,
} from '../../../shared/schemas/invoices'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import * as repo from './transfers.repository'

// /cabinet/transfers (docs/reference/readings.md 7): every payment of the seller's orders, charges, refunds and
// chargebacks, with its state (successful, denied, error, pending, canceled, expired, waiting,
// partially_paid), the spec's filters, counts per state and the CSV. Read-only: payments are written by
// the checkout, the billing engine and refunds.

function filtersOf(q: Omit<TransferListQuery, 'transferable_type'> & { transferable_type?: string | undefined }): repo.TransferFilters {
  const date = (value: string | undefined) => (value ? new Date(value) : undefined)
  return {
    state: q.state, kind: q.transferable_type, provider: q.provider, method: q.payment_method, orderId: q.order_id, productId: q.product_id,
    country: q.transfer_country_code, query: q.query, createdFrom: date(q.created_from_time), createdTill: date(q.created_till_time),
    successFrom: date(q.success_from_time), successTill: date(q.success_till_time), amount: q.amount, amountFrom: q.amount_from, amountTo: q.amount_to,
  }
}

type Payer = { email?: string; first_name?: string; last_name?: string; country_code?: string }

function output(row: repo.TransferRow): TransferOutput {
  const p = row.payment
  const payer = row.payer as Payer
  return {
    id: p.id, kind: p.kind, state: p.state, order_id: p.orderId, order_token: row.orderToken, rate_number: p.rateNumber, parent_payment_id: p.parentPaymentId,
    product_id: row.productId, product_name: row.productName, provider: p.provider, payment_method: p.method, amount: p.amount, refunded_amount: p.refundedAmount,
    currency: p.currency, payer_name: [payer.first_name, payer.last_name].filter(Boolean).join(' '), payer_email: payer.email ?? '',
    payer_country: payer.country_code ?? null, card_brand: p.cardBrand, card_last4: p.cardLast4, failure_reason: p.failureReason, provider_ref: p.providerRef,
    created_at: p.createdAt.toISOString(), completed_at: p.completedAt?.toISOString() ?? null,
  }
}

/** GET /cabinet/transfers: the seller's payments with filters, and counts per state when asked. */
export async function listTransfers(ctx: Ctx, query: TransferListQuery): Promise<ListAnswer<TransferOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  const { rows, total, totalMax } = await repo.listTransfers(ctx.db, { sellerId }, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<TransferOutput> = { list: rows.map(output), total_count: total, total_count_max: totalMax }
  if (query.counts) answer.counts = await repo.stateCounts(ctx.db, { sellerId }, filters)
  return answer
}

/** The list as CSV (transferCsvColumns), filtered like the list; amounts in major units with '.'. */
export async function exportTransfersCsv(ctx: Ctx, query: TransferListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  const filters = filtersOf(query)
  return csvFromPages(transferCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listTransfers(ctx.db, { sellerId }, filters, { offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc' })
    return rows.map((row) => {
      const t = output(row)
      const major = (amount: number) => (isCurrencyId(t.currency) ? toMajorUnitsString(amount, t.currency) : String(amount))
      return {
        id: String(t.id), transferable_type: t.kind, state: t.state, created_at: t.created_at, completed_at: t.completed_at ?? '', order_id: String(t.order_id),
        rate_number: t.rate_number === null ? '' : String(t.rate_number), parent_transfer_id: t.parent_payment_id === null ? '' : String(t.parent_payment_id),
        product_id: String(t.product_id), product_name: t.product_name, provider: t.provider, payment_method: t.payment_method, amount: major(t.amount),
        refunded_amount: major(t.refunded_amount), currency_key: t.currency, payer_name: t.payer_name, payer_email: t.payer_email,
        payer_country: t.payer_country ?? '', card_brand: t.card_brand ?? '', card_last4: t.card_last4 ?? '', failure_reason: t.failure_reason ?? '',
        provider_ref: t.provider_ref ?? '',
      }
    })
  }, { raw: ['amount', 'refunded_amount'] })
}

/**
 * GET /admin/refunds: every seller's refunds and chargebacks for managers, newest first, with the transfers'
 * filters, one seller (`seller_id`) and counts per state; the refund itself stays on the order
 * (POST /admin/orders/{id}/refund).
 */
export async function listAllRefunds(ctx: Ctx, query: AdminRefundListQuery): Promise<ListAnswer<AdminRefundOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const scope = { kinds: query.transferable_type ? [query.transferable_type] : refundKinds, sellerId: query.seller_id }
  const filters = { ...filtersOf(query), kind: undefined }
  const { rows, total, totalMax } = await repo.listTransfers(ctx.db, scope, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const answer: ListAnswer<AdminRefundOutput> = {
    list: rows.map((row) => ({ ...output(row), seller_id: row.payment.sellerId, seller_username: row.sellerUsername })),
    total_count: total, total_count_max: totalMax,
  }
  if (query.counts) answer.counts = await repo.stateCounts(ctx.db, scope, filters)
  return answer
}
