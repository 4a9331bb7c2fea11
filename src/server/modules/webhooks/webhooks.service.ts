import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type {
  CreateWebhookEndpointInput, ProductWebhooksAnswer, ProductWebhooksInput, UpdateWebhookEndpointInput, WebhookDeliveryListQuery, WebhookDeliveryOutput, WebhookEndpointListQuery, WebhookEndpointOutput,
} from '../../../shared/schemas/webhooks'
import { assertTransition, webhookEndpointTransitions, type WebhookDeliveryState, type WebhookEndpointState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { PlatformEvent } from '../../ports/platform-events'
import * as email from '../email/email.service'
import { checkWebhookUrl } from './webhooks.address-guard'
import * as repo from './webhooks.repository'
import * as catalog from '../catalog/catalog.service'
import { requestedScope, type WebhookProductScope } from '../../../shared/webhooks/product-scope'
import { sendWebhook, type AttemptOutcome } from './webhooks.sender'

// Signed webhooks (docs/decisions/0072-signed-webhooks.md). A platform event becomes one delivery per
// active endpoint that hears it, written with its job in the emitter's transaction; the job signs the body
// (Standard Webhooks) and sends it to the address the SSRF guard checked, in order per order and endpoint,
// retrying for about three days by business time. Every attempt is recorded; a 410 switches the endpoint
// off, a long run of failures pauses it and mails the seller.

export const deliverWebhookJob = 'webhooks.deliver'
export const retryDueWebhooksJob = 'webhooks.retry-due'

/** Waits after the 1st, 2nd, ... failed attempt: about three days in all, then the delivery is given up. */
export const retryDelaysMs = [5_000, 60_000, 10 * 60_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000, 24 * 3_600_000, 24 * 3_600_000]
/** An endpoint is paused after this many failed attempts in a row, or failing for longer than pauseAfterMs. */
export const pauseAfterFailures = 50
export const pauseAfterMs = 3 * 24 * 3_600_000
/** A delivery waiting behind an earlier one of its order tries again this long after that one's next attempt. */
const streamGapMs = 1_000

const userAgent = 'Sellfront-Webhooks/1.0'
const notFound = () => new AppError('not_found', 'No such webhook endpoint')

export function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`
}

function endpointOutput(row: repo.EndpointRow): WebhookEndpointOutput {
  return {
    id: row.id, url: row.url, description: row.description, events: row.events, product_scope: row.productScope as WebhookProductScope,
    product_ids: row.productIds, state: row.state as WebhookEndpointState, failure_streak: row.failureStreak,
    failing_since: row.failingSince?.toISOString() ?? null, paused_at: row.pausedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

function deliveryOutput(row: repo.DeliveryRow, attempts: repo.AttemptRow[]): WebhookDeliveryOutput {
  return {
    id: row.id, message_id: row.messageId, event_type: row.eventType, order_id: row.orderId, body: row.body,
    state: row.state as WebhookDeliveryState, attempts: row.attempts, next_attempt_at: row.state === 'failed' || row.state === 'pending' ? row.nextAttemptAt?.toISOString() ?? null : null,
    last_status: row.lastStatus, last_answer: row.lastAnswer, last_duration_ms: row.lastDurationMs, last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(),
    attempt_list: attempts.filter((a) => a.deliveryId === row.id).map((a) => ({
      id: a.id, request_headers: a.requestHeaders as Record<string, string>, status: a.status, answer: a.answer, duration_ms: a.durationMs,
      error: a.error, trigger: a.trigger, created_at: a.createdAt.toISOString(),
    })),
  }
}

const sellerOf = (ctx: Ctx, action: 'settings.read' | 'settings.write') => actingSellerId(ctx.actor, action)

async function assertUrlAllowed(deps: AppDeps, url: string): Promise<void> {
  await checkWebhookUrl(url, { allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK })
}

// ---------------------------------------------------------------- the seller's endpoints

export async function listEndpoints(ctx: Ctx, query: WebhookEndpointListQuery): Promise<ListAnswer<WebhookEndpointOutput>> {
  const sellerId = sellerOf(ctx, 'settings.read')
  const { rows, total, max } = await repo.listEndpoints(ctx.db, sellerId, {
    state: query.state, query: query.query, sortKey: query.sort_key, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map(endpointOutput), total_count: total, total_count_max: max }
}

export async function getEndpoint(ctx: Ctx, id: number): Promise<{ webhook_endpoint: WebhookEndpointOutput }> {
  const sellerId = sellerOf(ctx, 'settings.read')
  const row = await repo.findEndpoint(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return { webhook_endpoint: endpointOutput(row) }
}

export async function createEndpoint(ctx: Ctx, input: CreateWebhookEndpointInput): Promise<{ webhook_endpoint: WebhookEndpointOutput & { secret: string } }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  await assertUrlAllowed(ctx.deps, input.url)
  const productScope = requestedScope(input.product_scope, input.product_ids)
  const productIds = productScope === 'selected' ? [...new Set(input.product_ids ?? [])] : []
  await catalog.assertProductsOwned(ctx.db, sellerId, productIds)
  const row = await repo.insertEndpoint(ctx.db, {
    sellerId, url: input.url, description: input.description ?? '', events: [...new Set(input.events)],
    productScope, productIds, state: 'active', secret: newSecret(),
  })
  return { webhook_endpoint: { ...endpointOutput(row), secret: row.secret } }
}

export async function updateEndpoint(ctx: Ctx, id: number, input: UpdateWebhookEndpointInput): Promise<{ webhook_endpoint: WebhookEndpointOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  if (input.url !== undefined) await assertUrlAllowed(ctx.deps, input.url)
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findEndpoint(tx, sellerId, id, true)
    if (!current) throw notFound()
    const state = input.state ?? current.state
    if (state !== current.state) assertTransition(webhookEndpointTransitions, current.state as WebhookEndpointState, state as WebhookEndpointState, 'webhook endpoint state')
    const resumed = state === 'active' && current.state !== 'active'
    // Products change with either field: a scope alone keeps the selection only when it stays selected.
    const products: Partial<ReturnType<typeof scopeAndProducts>> = input.product_scope !== undefined || input.product_ids !== undefined
      ? scopeAndProducts(requestedScope(input.product_scope, input.product_ids), input.product_ids ?? current.productIds)
      : {}
    if (products.productIds) await catalog.assertProductsOwned(tx, sellerId, products.productIds)
    return repo.updateEndpoint(tx, id, {
      url: input.url, description: input.description, events: input.events ? [...new Set(input.events)] : undefined,
      ...products, state,
      ...(resumed ? { failureStreak: 0, failingSince: null, pausedAt: null } : {}),
    })
  })
  return { webhook_endpoint: endpointOutput(row) }
}

function scopeAndProducts(productScope: WebhookProductScope, productIds: readonly number[]) {
  return { productScope, productIds: productScope === 'selected' ? [...new Set(productIds)] : [] }
}

// ---------------------------------------------------------------- one product's endpoints (the wizard's market upsell step)

function productEndpoint(row: repo.EndpointRow, productId: number) {
  const scope = row.productScope as WebhookProductScope
  return {
    id: row.id, url: row.url, description: row.description, state: row.state as WebhookEndpointState, product_scope: scope,
    sends: scope === 'all' || (scope === 'selected' && row.productIds.includes(productId)),
  }
}

/** The seller's endpoints, each saying whether it hears this product's events. */
export async function productWebhooks(ctx: Ctx, productId: number): Promise<ProductWebhooksAnswer> {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  await catalog.ownedProduct(ctx.db, sellerId, productId)
  return { list: (await repo.endpointsOfSeller(ctx.db, sellerId)).map((row) => productEndpoint(row, productId)) }
}

/**
 * Makes exactly the given endpoints hear this product: each one added to a selection (an endpoint that heard
 * no product's events now hears this one's), the others' selections without it. Endpoints that hear every
 * product are left as they are. The endpoint rows are locked: two products saved at once both keep theirs.
 */
export async function setProductWebhooks(ctx: Ctx, productId: number, input: ProductWebhooksInput): Promise<ProductWebhooksAnswer> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  const wanted = new Set(input.endpoint_ids)
  const rows = await ctx.db.transaction(async (tx) => {
    await catalog.ownedProduct(tx, sellerId, productId)
    const endpoints = await repo.endpointsOfSeller(tx, sellerId, true)
    if ([...wanted].some((id) => !endpoints.some((e) => e.id === id))) throw notFound()
    const saved: repo.EndpointRow[] = []
    for (const endpoint of endpoints) {
      const scope = endpoint.productScope as WebhookProductScope
      const hears = scope === 'selected' && endpoint.productIds.includes(productId)
      if (scope === 'all' || hears === wanted.has(endpoint.id)) {
        saved.push(endpoint)
        continue
      }
      const productIds = wanted.has(endpoint.id) ? [...endpoint.productIds, productId] : endpoint.productIds.filter((id) => id !== productId)
      saved.push(await repo.updateEndpoint(tx, endpoint.id, { productScope: 'selected', productIds }))
    }
    return saved
  })
  return { list: rows.map((row) => productEndpoint(row, productId)) }
}

export async function deleteEndpoint(ctx: Ctx, id: number): Promise<void> {
  const sellerId = sellerOf(ctx, 'settings.write')
  if (!await repo.findEndpoint(ctx.db, sellerId, id)) throw notFound()
  await repo.deleteEndpoint(ctx.db, id)
}

/** A new secret at once: the old one signs nothing from now on. */
export async function rollSecret(ctx: Ctx, id: number): Promise<{ webhook_endpoint: WebhookEndpointOutput & { secret: string } }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  if (!await repo.findEndpoint(ctx.db, sellerId, id)) throw notFound()
  const row = await repo.updateEndpoint(ctx.db, id, { secret: newSecret() })
  return { webhook_endpoint: { ...endpointOutput(row), secret: row.secret } }
}

/** Queues a `webhook.test` delivery to the endpoint, whatever its state and events. */
export async function sendTest(ctx: Ctx, id: number): Promise<{ webhook_delivery: WebhookDeliveryOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  const endpoint = await repo.findEndpoint(ctx.db, sellerId, id)
  if (!endpoint) throw notFound()
  const now = ctx.deps.now()
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await repo.insertDelivery(tx, {
      endpointId: id, sellerId, messageId: `msg_${randomBytes(16).toString('hex')}`, eventType: 'webhook.test', orderId: null,
      body: { type: 'webhook.test', created_at: now.toISOString(), data: { webhook_endpoint_id: id } }, state: 'pending', nextAttemptAt: now, createdAt: now,
    })
    await ctx.deps.jobs.enqueue(tx, deliverWebhookJob, { deliveryId: inserted.id, trigger: 'test' })
    return inserted
  })
  return { webhook_delivery: deliveryOutput(row, []) }
}

export async function listDeliveries(ctx: Ctx, endpointId: number, query: WebhookDeliveryListQuery): Promise<ListAnswer<WebhookDeliveryOutput>> {
  const sellerId = sellerOf(ctx, 'settings.read')
  if (!await repo.findEndpoint(ctx.db, sellerId, endpointId)) throw notFound()
  const { rows, total, max } = await repo.listDeliveries(ctx.db, endpointId, {
    state: query.state, eventType: query.event_type, query: query.query, sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  const attempts = await repo.attemptsOf(ctx.db, rows.map((r) => r.id))
  return { list: rows.map((r) => deliveryOutput(r, attempts)), total_count: total, total_count_max: max }
}

/** Sends a delivery again: the same message (the same `webhook-id`), a new attempt, whatever its state. */
export async function replayDelivery(ctx: Ctx, endpointId: number, deliveryId: number): Promise<{ webhook_delivery: WebhookDeliveryOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  if (!await repo.findEndpoint(ctx.db, sellerId, endpointId)) throw notFound()
  const row = await ctx.db.transaction(async (tx) => {
    const delivery = await repo.findDelivery(tx, endpointId, deliveryId)
    if (!delivery) throw new AppError('not_found', 'No such webhook delivery')
    const updated = await repo.updateDelivery(tx, deliveryId, { state: 'pending', nextAttemptAt: ctx.deps.now() })
    await ctx.deps.jobs.enqueue(tx, deliverWebhookJob, { deliveryId, trigger: 'replay' })
    return updated
  })
  return { webhook_delivery: deliveryOutput(row, await repo.attemptsOf(ctx.db, [row.id])) }
}

// ---------------------------------------------------------------- the platform events' listener

/**
 * The platform events' listener (bootstrap.ts): in the emitter's transaction, one delivery per endpoint that
 * hears the event, and one job per delivery, so an event is sent exactly when its change commits.
 */
export async function onPlatformEvent(deps: AppDeps, tx: Executor, event: PlatformEvent): Promise<void> {
  const body = { type: event.type, created_at: event.occurredAt.toISOString(), data: event.data }
  const ids = await repo.fanOut(tx, { sellerId: event.sellerId, type: event.type, orderId: event.orderId, productIds: event.productIds, body, now: deps.now() })
  if (ids.length === 0) return
  await deps.jobs.batch(tx, async () => {
    for (const deliveryId of ids) await deps.jobs.enqueue(tx, deliverWebhookJob, { deliveryId })
  })
}

// ---------------------------------------------------------------- sending

export type DeliverTrigger = 'retry' | 'replay' | 'test'

/** The headers of one attempt: Standard Webhooks' id, timestamp (real time: receivers compare it with their clock) and signature. */
export function signedHeaders(secret: string, messageId: string, sentAt: Date, payload: string): Record<string, string> {
  const signature = new Webhook(secret).sign(messageId, sentAt, payload)
  return {
    'content-type': 'application/json', 'user-agent': userAgent,
    'webhook-id': messageId, 'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)), 'webhook-signature': signature,
  }
}

/**
 * One attempt of a delivery (the `webhooks.deliver` job, outside any transaction): taken when due, held back
 * while an earlier delivery of its order to the same endpoint is open, checked against the SSRF guard again,
 * sent, recorded, and rescheduled or closed.
 */
export async function deliver(deps: AppDeps, deliveryId: number, trigger: DeliverTrigger = 'retry'): Promise<void> {
  const now = deps.now()
  const leaseUntil = new Date(now.getTime() + deps.config.WEBHOOKS_TIMEOUT_MS + 60_000)
  const delivery = await repo.claimDelivery(deps.db, deliveryId, now, leaseUntil)
  if (!delivery) return
  const endpoint = await repo.findEndpointById(deps.db, delivery.endpointId)
  if (!endpoint) return
  const asked = trigger === 'replay' || trigger === 'test'
  if (endpoint.state !== 'active' && !asked) {
    await closeDelivery(deps, delivery, { state: 'given_up', lastError: `The endpoint is ${endpoint.state}` })
    return
  }
  if (!asked) {
    const earlier = await repo.openInStream(deps.db, delivery, 'before')
    if (earlier) {
      // In order per order: this one waits until the earlier one is through (its end enqueues this one).
      const after = Math.max(earlier.nextAttemptAt?.getTime() ?? now.getTime(), now.getTime()) + streamGapMs
      await repo.updateDelivery(deps.db, delivery.id, { nextAttemptAt: new Date(after) })
      return
    }
  }
  const payload = JSON.stringify(delivery.body)
  const headers = signedHeaders(endpoint.secret, delivery.messageId, deps.realNow(), payload)
  let outcome: AttemptOutcome
  try {
    const target = await checkWebhookUrl(endpoint.url, { allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK })
    outcome = await sendWebhook(target, headers, payload, deps.config.WEBHOOKS_TIMEOUT_MS)
  } catch (error) {
    outcome = { ok: false, status: null, answer: null, durationMs: 0, error: (error as Error).message }
  }
  await recordAttempt(deps, delivery, endpoint, headers, outcome, trigger)
}

async function recordAttempt(deps: AppDeps, delivery: repo.DeliveryRow, endpoint: repo.EndpointRow, headers: Record<string, string>, outcome: AttemptOutcome, trigger: DeliverTrigger) {
  const now = deps.now()
  const attempts = delivery.attempts + 1
  const gone = outcome.status === 410
  await repo.insertAttempt(deps.db, {
    deliveryId: delivery.id, requestHeaders: headers, status: outcome.status, answer: outcome.answer, durationMs: outcome.durationMs,
    error: outcome.error ?? (outcome.ok ? null : `Answered ${outcome.status}`), trigger, createdAt: now,
  })
  const last = {
    attempts, lastStatus: outcome.status, lastAnswer: outcome.answer, lastDurationMs: outcome.durationMs, lastAttemptAt: now,
    lastError: outcome.ok ? null : outcome.error ?? `Answered ${outcome.status}`,
  }
  if (outcome.ok) {
    // Only a failing endpoint's row is written on success: parallel deliveries would queue on that row's lock.
    if (endpoint.failureStreak > 0 || endpoint.failingSince) await repo.updateEndpoint(deps.db, endpoint.id, { failureStreak: 0, failingSince: null })
    deps.metrics.webhookAttempt('succeeded')
    await closeDelivery(deps, delivery, { state: 'succeeded', ...last })
    return
  }
  await noteFailure(deps, endpoint, now, gone)
  const delay = retryDelaysMs[attempts - 1]
  deps.metrics.webhookAttempt(gone || delay === undefined ? 'given_up' : 'failed')
  if (gone || delay === undefined) {
    await closeDelivery(deps, delivery, { state: 'given_up', ...last, lastError: gone ? 'The endpoint answered 410 Gone: it is switched off' : last.lastError })
    return
  }
  const nextAttemptAt = new Date(now.getTime() + delay)
  await repo.updateDelivery(deps.db, delivery.id, { state: 'failed', nextAttemptAt, ...last })
  // The job for real time; under the test clock the sweep (runDueDeliveries) finds it by business time.
  await deps.jobs.enqueue(deps.db, deliverWebhookJob, { deliveryId: delivery.id }, { startAfter: new Date(deps.realNow().getTime() + delay) })
}

/** Ends a delivery, and lets the next one of its order to the same endpoint go at once. */
async function closeDelivery(deps: AppDeps, delivery: repo.DeliveryRow, values: Partial<repo.DeliveryRow> & { state: WebhookDeliveryState }) {
  await repo.updateDelivery(deps.db, delivery.id, { ...values, nextAttemptAt: null })
  const next = await repo.openInStream(deps.db, delivery, 'after')
  if (!next) return
  await repo.updateDelivery(deps.db, next.id, { nextAttemptAt: deps.now() })
  // The next of the order goes at once, in this job: a job of its own would wait for the queue's next poll, once
  // per event of the order. Should this process end first, the sweep finds it due (runDueDeliveries).
  if (values.state === 'succeeded') await deliver(deps, next.id)
  else await deps.jobs.enqueue(deps.db, deliverWebhookJob, { deliveryId: next.id })
}

/** A failed attempt: counts the endpoint's run; a 410 switches it off, a long run pauses it and mails the seller. */
async function noteFailure(deps: AppDeps, endpoint: repo.EndpointRow, now: Date, gone: boolean) {
  await deps.db.transaction(async (tx) => {
    const current = await repo.findEndpointById(tx, endpoint.id, true)
    if (!current) return
    const streak = current.failureStreak + 1
    const failingSince = current.failingSince ?? now
    if (current.state !== 'active') {
      await repo.updateEndpoint(tx, current.id, { failureStreak: streak, failingSince })
      return
    }
    if (gone) {
      await repo.updateEndpoint(tx, current.id, { failureStreak: streak, failingSince, state: 'inactive' })
      return
    }
    const pause = streak >= pauseAfterFailures || now.getTime() - failingSince.getTime() > pauseAfterMs
    await repo.updateEndpoint(tx, current.id, { failureStreak: streak, failingSince, ...(pause ? { state: 'paused', pausedAt: now } : {}) })
    if (pause) {
      const contact = await repo.sellerContact(tx, current.sellerId)
      if (contact) {
        await email.queueEmail(deps, tx, {
          to: contact.email, kind: 'webhook_endpoint_paused', locale: contact.locale, userId: contact.userId, firstName: contact.firstName,
          productName: current.url, notificationText: String(streak), link: `${deps.config.appUrl}/cabinet/webhooks`,
        })
      }
    }
  })
}

/** Deliveries due by business time (retries, deliveries held behind an earlier one): queued for the job. */
export async function runDueDeliveries(deps: AppDeps): Promise<number> {
  const ids = await repo.dueDeliveryIds(deps.db, deps.now(), 500)
  for (const deliveryId of ids) await deps.jobs.enqueue(deps.db, deliverWebhookJob, { deliveryId })
  return ids.length
}

// ---------------------------------------------------------------- demo

/**
 * The demo seller's endpoint (db/seed.ts; made once): inactive, pointing at https://example.com/hooks/sellfront,
 * so a fresh start shows an endpoint and its settings without sending (and failing) to a host that is not theirs.
 */
export async function ensureDemoEndpoint(deps: AppDeps, sellerId: number | null): Promise<void> {
  if (sellerId === null) return
  const existing = await repo.listEndpoints(deps.db, sellerId, { offset: 0, limit: 1 })
  if (existing.max > 0) return
  await repo.insertEndpoint(deps.db, {
    sellerId, url: 'https://example.com/hooks/sellfront', description: 'Demo: switch it on with your own receiver\'s URL',
    events: ['order.created', 'order.paid', 'order.refunded', 'order.chargebacked', 'order.canceled'], productIds: [], state: 'inactive', secret: newSecret(),
  })
}
