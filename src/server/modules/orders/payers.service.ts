import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { isCurrencyId, toMajorUnitsString } from '../../../shared/money'
import { payerCsvColumns, type PayerDetailOutput, type PayerListQuery, type PayerOutput } from '../../../shared/schemas/payers'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import { csvFromPages } from '../../csv-export'
import * as repo from './payers.repository'

// /cabinet/payers (docs/decisions/0031-rates-payers-payment-authorizations.md): everyone who ordered from the seller, one row per payer (payer_id is
// the payer's user id), with orders count and per-currency paid and refunded totals; the detail lists the
// payer's orders. Only the seller's own orders are ever counted: another seller's payer is 404.

type PayerDetails = { email?: string; first_name?: string; last_name?: string; company?: string; vat_id?: string }

function output(row: repo.PayerRow, totals: Awaited<ReturnType<typeof repo.totalsOf>>): PayerOutput {
  const details = row.payer as PayerDetails
  const firstName = details.first_name ?? ''
  const lastName = details.last_name ?? ''
  return {
    id: row.id, email: row.email, name: [firstName, lastName].filter(Boolean).join(' '), first_name: firstName, last_name: lastName,
    company: details.company || null, vat_id: details.vat_id || null, country_code: row.country_code, payer_type: row.payer_type,
    orders_count: row.orders_count,
    totals: totals.filter((t) => t.payerId === row.id).map((t) => ({ currency: t.currency, paid: t.paid, refunded: t.refunded })),
    first_order_at: row.first_order_at.toISOString(), last_order_at: row.last_order_at.toISOString(),
  }
}

function filtersOf(query: PayerListQuery): repo.PayerListFilters {
  return {
    payerId: query.payer_id, payerType: query.payer_type, productId: query.product_id, countryCode: query.buyer_country_code,
    firstOrderFrom: query.created_from_time ? new Date(query.created_from_time) : undefined,
    firstOrderTill: query.created_till_time ? new Date(query.created_till_time) : undefined, query: query.query,
  }
}

/** GET /cabinet/payers; with `counts`, how many payers of each type match the other filters. */
export async function listPayers(ctx: Ctx, query: PayerListQuery): Promise<ListAnswer<PayerOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'payers.read')
  const filters = filtersOf(query)
  const { rows, total, totalMax } = await repo.listPayers(ctx.db, sellerId, filters, {
    offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc',
  })
  const totals = await repo.totalsOf(ctx.db, sellerId, rows.map((r) => r.id))
  const answer: ListAnswer<PayerOutput> = { list: rows.map((r) => output(r, totals)), total_count: total, total_count_max: totalMax }
  if (query.counts) {
    const counts: Record<string, number> = {}
    for (const type of ['individual', 'business'] as const) {
      counts[type] = (await repo.listPayers(ctx.db, sellerId, { ...filters, payerType: type }, { offset: 0, limit: 1, sortKey: 'id', sortDir: 'desc' })).total
    }
    answer.counts = counts
  }
  return answer
}

/** GET /cabinet/payers/{id}: the payer and their orders with this seller; 404 when they have none. */
export async function payerDetail(ctx: Ctx, payerId: number): Promise<PayerDetailOutput> {
  const sellerId = actingSellerId(ctx.actor, 'payers.read')
  const { rows } = await repo.listPayers(ctx.db, sellerId, { payerId }, { offset: 0, limit: 1, sortKey: 'id', sortDir: 'desc' })
  const row = rows[0]
  if (!row) throw new AppError('not_found', 'This payer does not exist')
  const totals = await repo.totalsOf(ctx.db, sellerId, [row.id])
  const orderRows = await repo.ordersOfPayer(ctx.db, sellerId, row.id)
  return {
    ...output(row, totals),
    orders: orderRows.map((o) => ({
      id: o.id, token: o.token, product_id: o.productId, product_name: o.productName, payment_state: o.paymentState, payment_form: o.paymentForm,
      period_type: o.periodType, total_amount: o.totalAmount, paid_amount: o.paidAmount, refunded_amount: o.refundedAmount, currency: o.currency,
      created_at: o.createdAt.toISOString(),
    })),
  }
}

/** GET /cabinet/payers/export.csv: the filtered payers, one row per payer and currency, amounts in major units. */
export async function exportPayersCsv(ctx: Ctx, query: PayerListQuery): Promise<string> {
  const sellerId = actingSellerId(ctx.actor, 'payers.read')
  const filters = filtersOf(query)
  const major = (amount: number, currency: string) => (isCurrencyId(currency) ? toMajorUnitsString(amount, currency) : String(amount))
  return csvFromPages(payerCsvColumns, async ({ offset, limit }) => {
    const { rows } = await repo.listPayers(ctx.db, sellerId, filters, { offset, limit, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'asc' })
    const totals = await repo.totalsOf(ctx.db, sellerId, rows.map((r) => r.id))
    return rows.flatMap((row) => {
      const p = output(row, totals)
      const base = {
        id: String(p.id), email: p.email, first_name: p.first_name, last_name: p.last_name, company: p.company ?? '', vat_id: p.vat_id ?? '',
        country_code: p.country_code ?? '', payer_type: p.payer_type, orders_count: String(p.orders_count), first_order_at: p.first_order_at, last_order_at: p.last_order_at,
      }
      if (p.totals.length === 0) return [{ ...base, currency_key: '', paid: '', refunded: '' }]
      return p.totals.map((t) => ({ ...base, currency_key: t.currency, paid: major(t.paid, t.currency), refunded: major(t.refunded, t.currency) }))
    })
  }, { raw: ['paid', 'refunded'] })
}
