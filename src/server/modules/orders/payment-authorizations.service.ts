import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type {
  PaymentAuthorizationListQuery, PaymentAuthorizationOutput, PaymentAuthorizationState,
} from '../../../shared/schemas/payers'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './payment-authorizations.repository'

// /cabinet/payment_authorizations (docs/decisions/0031-rates-payers-payment-authorizations.md): the saved mandates and
// cards behind the seller's orders. One authorization is one saved method (the provider's customer and
// method ids), shared by the orders that use it (a plan and its one-click upsells); its id is the id of
// the first of those orders. Revoking clears the method on all of them, so later rates cannot be charged
// (the billing engine treats a missing method as a failed charge and dunning sends the pay link).
// docs/decisions/0031-rates-payers-payment-authorizations.md.

type Group = {
  key: string
  orders: repo.AuthorizationOrderRow[]
  savedMethod: Record<string, unknown> | null
  revokedAt: Date | null
}

/** jsonb equality is structural: the same method in another key order is the same method. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value)
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
}

/**
 * Live methods group by the method itself; a revoked method is gone from its orders, so the orders one
 * revocation cleared (same payer, same instant) form its group.
 */
function groupsOf(rows: repo.AuthorizationOrderRow[]): Group[] {
  const groups = new Map<string, Group>()
  for (const row of rows) {
    const key = row.savedMethod !== null
      ? `method:${canonical(row.savedMethod)}`
      : `revoked:${row.payerUserId ?? 'none'}:${row.savedMethodRevokedAt!.toISOString()}`
    const group = groups.get(key) ?? { key, orders: [], savedMethod: row.savedMethod, revokedAt: row.savedMethod === null ? row.savedMethodRevokedAt : null }
    group.orders.push(row)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** A card is valid through the last day of its expiry month (UTC). */
export function cardExpired(expMonth: number | null, expYear: number | null, now: Date): boolean {
  if (!expMonth || !expYear) return false
  return now.getTime() >= Date.UTC(expYear, expMonth, 1)
}

type PayerDetails = { email?: string; first_name?: string; last_name?: string }

function output(group: Group, cards: Map<number, repo.CardRow>, now: Date): PaymentAuthorizationOutput {
  const first = group.orders[0]!
  const latest = group.orders[group.orders.length - 1]!
  const card = group.orders.map((o) => cards.get(o.id)).filter((c): c is repo.CardRow => c !== undefined)
    .sort((a, b) => b.at.getTime() - a.at.getTime())[0]
  const state: PaymentAuthorizationState = group.revokedAt ? 'revoked' : cardExpired(card?.expMonth ?? null, card?.expYear ?? null, now) ? 'expired' : 'active'
  const payer = latest.payer as PayerDetails
  const provider = typeof group.savedMethod?.provider === 'string' ? group.savedMethod.provider : latest.provider
  return {
    id: first.id, state, provider, method: latest.paymentMethod, brand: card?.brand ?? null, last4: card?.last4 ?? null,
    exp_month: card?.expMonth ?? null, exp_year: card?.expYear ?? null, payer_id: latest.payerUserId, payer_email: payer.email ?? '',
    payer_name: [payer.first_name, payer.last_name].filter(Boolean).join(' '),
    orders: group.orders.map((o) => ({ id: o.id, token: o.token, product_name: o.productName, payment_state: o.paymentState })),
    revoked_at: group.revokedAt?.toISOString() ?? null, created_at: first.createdAt.toISOString(),
  }
}

/** Every authorization of the seller, built from their orders (a seller has one per saved method). */
async function allAuthorizations(ctx: Ctx, sellerId: number): Promise<PaymentAuthorizationOutput[]> {
  const rows = await repo.ordersWithSavedMethods(ctx.db, sellerId)
  const cards = new Map((await repo.latestCards(ctx.db, sellerId, rows.map((r) => r.id))).map((c) => [c.orderId, c]))
  return groupsOf(rows).map((g) => output(g, cards, ctx.now))
}

function matches(a: PaymentAuthorizationOutput, query: PaymentAuthorizationListQuery, withState: boolean): boolean {
  if (withState && query.state && a.state !== query.state) return false
  if (query.payer_id && a.payer_id !== query.payer_id) return false
  if (query.provider && a.provider !== query.provider) return false
  if (query.created_from_time && a.created_at < new Date(query.created_from_time).toISOString()) return false
  if (query.created_till_time && a.created_at > new Date(query.created_till_time).toISOString()) return false
  if (query.query) {
    const q = query.query.toLowerCase()
    const haystack = [a.payer_email, a.payer_name, a.last4 ?? '', a.brand ?? '', ...a.orders.map((o) => o.token)].join(' ').toLowerCase()
    if (!haystack.includes(q) && !a.orders.some((o) => String(o.id) === q)) return false
  }
  return true
}

/** GET /cabinet/payment_authorizations, with counts per state when asked. */
export async function listPaymentAuthorizations(ctx: Ctx, query: PaymentAuthorizationListQuery): Promise<ListAnswer<PaymentAuthorizationOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'payers.read')
  const all = await allAuthorizations(ctx, sellerId)
  const filtered = all.filter((a) => matches(a, query, true))
  const dir = query.sort_dir === 'asc' ? 1 : -1
  const key = query.sort_key ?? 'id'
  filtered.sort((a, b) => dir * (key === 'created_at' ? a.created_at.localeCompare(b.created_at) || a.id - b.id : a.id - b.id))
  const offset = (query.page - 1) * query.per
  const answer: ListAnswer<PaymentAuthorizationOutput> = { list: filtered.slice(offset, offset + query.per), total_count: filtered.length, total_count_max: all.length }
  if (query.counts) {
    const counts: Record<string, number> = { active: 0, expired: 0, revoked: 0 }
    for (const a of all) if (matches(a, query, false)) counts[a.state] = (counts[a.state] ?? 0) + 1
    answer.counts = counts
  }
  return answer
}

/** The authorization an order of the seller belongs to; 404 for another seller's order or one without a saved method. */
async function authorizationOf(ctx: Ctx, sellerId: number, orderId: number): Promise<PaymentAuthorizationOutput> {
  const found = (await allAuthorizations(ctx, sellerId)).find((a) => a.orders.some((o) => o.id === orderId))
  if (!found) throw new AppError('not_found', 'This payment authorization does not exist')
  return found
}

/** GET /cabinet/payment_authorizations/{id} */
export async function paymentAuthorization(ctx: Ctx, id: number): Promise<PaymentAuthorizationOutput> {
  return authorizationOf(ctx, actingSellerId(ctx.actor, 'payers.read'), id)
}

/**
 * POST /cabinet/payment_authorizations/{id}/revoke: clears the saved method on every order of the seller
 * that holds it and marks them revoked, under their row locks. Revoking a revoked one changes nothing and
 * answers it again.
 */
export async function revokePaymentAuthorization(ctx: Ctx, id: number): Promise<PaymentAuthorizationOutput> {
  const sellerId = actingSellerId(ctx.actor, 'orders.write')
  const order = await repo.sellerOrder(ctx.db, sellerId, id)
  if (!order || (order.savedMethod === null && order.savedMethodRevokedAt === null)) {
    throw new AppError('not_found', 'This payment authorization does not exist')
  }
  if (order.savedMethod !== null) {
    const method = order.savedMethod
    const revoked = await ctx.db.transaction((tx) => repo.revokeSavedMethod(tx, sellerId, method, ctx.now))
    if (revoked.length > 0) ctx.deps.logger.info({ sellerId, orderIds: revoked }, 'payment authorization revoked')
  }
  return authorizationOf(ctx, sellerId, id)
}
