import { AppError } from '../../../shared/errors'
import { integrationKindInfo, syncingKinds, type IntegrationKind } from '../../../shared/integrations/kinds'
import type {
  CreateIntegrationInput, IntegrationListQuery, IntegrationOutput, ProductSettingInput, ProductSettingOutput, RemoteListOutput, SyncEventListQuery, SyncEventOutput,
  UpdateIntegrationInput,
} from '../../../shared/schemas/integrations'
import { integrationCredentials } from '../../../shared/schemas/integrations'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { assertTransition, integrationConnectionTransitions, syncingConnectionStates, type IntegrationConnectionState } from '../../../shared/states'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { paymentSecrets, SecretDecryptionError } from '../../payment-secrets'
import type { PlatformEvent } from '../../ports/platform-events'
import * as catalog from '../catalog/catalog.service'
import * as orders from '../orders/orders.service'
import { CredentialsRefused, ServiceFailed, serviceClient, type Buyer, type ServiceClient } from './integrations.clients'
import * as optIn from './double-opt-in.service'
import { syncJob } from './sync-job'
import * as repo from './integrations.repository'

// Sellers' connections to other services (docs/decisions/0075-integrations.md). Connecting asks the service
// to accept the credentials (outside any transaction), then stores them sealed. A paid order adds its buyer
// to each connected mail service's list or campaign set for its products, and a refund or chargeback
// removes them: the platform events' listener writes a sync row and enqueues its job in the emitter's
// transaction; the job calls the service, is retried with back-off, and records its outcome on the row
// and on the connection (last sync, last error, failing or connected again).

export { syncJob } from './sync-job'

/** What each event does to the buyer. */
const syncedEvents: Partial<Record<PlatformEvent['type'], 'add' | 'remove'>> = {
  'order.paid': 'add',
  'order.refunded': 'remove',
  'order.chargebacked': 'remove',
}

const notFound = () => new AppError('not_found', 'No such integration')
const sealContext = (sellerId: number, kind: string) => `seller:${sellerId}:integration:${kind}`

function iso(value: Date | null): string | null {
  return value ? value.toISOString() : null
}

function connectionOutput(row: repo.ConnectionRow, productCount: number): IntegrationOutput {
  return {
    id: row.id, kind: row.kind as IntegrationKind, name: row.name, state: row.state as IntegrationConnectionState, public_info: row.publicInfo,
    last_sync_at: iso(row.lastSyncAt), last_error: row.lastError, last_error_at: iso(row.lastErrorAt), product_count: productCount,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

async function answerOf(db: Executor, row: repo.ConnectionRow): Promise<{ integration: IntegrationOutput }> {
  const counts = await repo.productCounts(db, [row.id])
  return { integration: connectionOutput(row, counts.get(row.id) ?? 0) }
}

/** The plain fields as they are, and the last 4 characters of each secret: all that is ever answered. */
function publicInfoOf(kind: IntegrationKind, credentials: Record<string, string>): Record<string, string> {
  const info: Record<string, string> = {}
  for (const field of integrationKindInfo[kind].fields) {
    const value = credentials[field.key]
    if (!value) continue
    if (field.secret) info[`${field.key}_hint`] = value.length > 8 ? value.slice(-4) : ''
    else info[field.key] = value
  }
  return info
}

/** Parses a kind's credentials (the update body takes them as a record). */
function credentialsOf(kind: IntegrationKind, value: unknown): Record<string, string> {
  const parsed = integrationCredentials[kind].safeParse(value ?? {})
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => ({ path: ['credentials', ...issue.path].join('.'), message: issue.message }))
    throw new AppError('validation_failed', fields[0]?.message ?? 'The credentials are not valid', fields)
  }
  return parsed.data as Record<string, string>
}

/** Asks the service to accept the credentials (never inside a transaction); answers what may be shown of the account. */
async function checkWithService(deps: AppDeps, kind: IntegrationKind, credentials: Record<string, string>): Promise<Record<string, string>> {
  const client = integrationKindInfo[kind].checked ? serviceClient(deps.config, kind, credentials) : null
  if (!client) return {}
  try {
    const info = await client.check()
    return Object.fromEntries(Object.entries(info).filter(([, v]) => v !== ''))
  } catch (error) {
    if (error instanceof CredentialsRefused) throw new AppError('integration_credentials_refused', `${integrationKindInfo[kind].label} did not accept these credentials (${error.message})`)
    if (error instanceof ServiceFailed) throw new AppError('integration_unreachable', error.message)
    throw error
  }
}

function openCredentials(deps: AppDeps, row: repo.ConnectionRow): Record<string, string> | null {
  if (!row.credentialsEncrypted) return null
  try {
    return paymentSecrets(deps).open(row.credentialsEncrypted, sealContext(row.sellerId, row.kind)) as Record<string, string>
  } catch (error) {
    if (error instanceof SecretDecryptionError) return null
    throw error
  }
}

function clientOf(deps: AppDeps, row: repo.ConnectionRow): ServiceClient | null {
  const credentials = openCredentials(deps, row)
  return credentials ? serviceClient(deps.config, row.kind as IntegrationKind, credentials) : null
}

// ---------------------------------------------------------------- the seller's connections

export async function listIntegrations(ctx: Ctx, query: IntegrationListQuery): Promise<ListAnswer<IntegrationOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { rows, total, totalMax } = await repo.listConnections(ctx.db, sellerId, {
    kind: query.kind, state: query.state, search: query.query, sortKey: query.sort_key ?? 'created_at', sortDir: query.sort_dir ?? 'desc',
    offset: (query.page - 1) * query.per, limit: query.per,
  })
  const counts = await repo.productCounts(ctx.db, rows.map((r) => r.id))
  return { list: rows.map((r) => connectionOutput(r, counts.get(r.id) ?? 0)), total_count: total, total_count_max: totalMax }
}

export async function getIntegration(ctx: Ctx, id: number): Promise<{ integration: IntegrationOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findConnection(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return answerOf(ctx.db, row)
}

/** Connects a service: its credentials are checked with it first (422 when refused, 424 when unreachable). */
export async function createIntegration(ctx: Ctx, input: CreateIntegrationInput): Promise<{ integration: IntegrationOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const kind = input.kind
  // Video hosting through Vimeo is behind its flag (docs/decisions/0077-feature-flags.md).
  if (kind === 'vimeo_videos') assertFeature(ctx, 'vimeo')
  const credentials = credentialsOf(kind, input.credentials)
  const account = await checkWithService(ctx.deps, kind, credentials)
  const hasCredentials = Object.keys(credentials).length > 0
  const row = await ctx.db.transaction(async (tx) => repo.insertConnection(tx, {
    sellerId, kind, name: input.name ?? integrationKindInfo[kind].label, state: 'connected',
    credentialsEncrypted: hasCredentials ? paymentSecrets(ctx.deps).seal(credentials, sealContext(sellerId, kind)) : null,
    publicInfo: { ...publicInfoOf(kind, credentials), ...account },
    createdAt: ctx.now, updatedAt: ctx.now,
  }))
  return answerOf(ctx.db, row)
}

/** Renames, and with credentials checks and stores them: a failing or disconnected connection is connected again. */
export async function updateIntegration(ctx: Ctx, id: number, input: UpdateIntegrationInput): Promise<{ integration: IntegrationOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const current = await repo.findConnection(ctx.db, sellerId, id)
  if (!current) throw notFound()
  const kind = current.kind as IntegrationKind
  let credentials: Record<string, string> | null = null
  let account: Record<string, string> = {}
  if (input.credentials !== undefined) {
    credentials = credentialsOf(kind, input.credentials)
    account = await checkWithService(ctx.deps, kind, credentials)
  }
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await repo.findConnection(tx, sellerId, id, true)
    if (!locked) throw notFound()
    const values: Parameters<typeof repo.updateConnection>[2] = {}
    if (input.name !== undefined) values.name = input.name
    if (credentials) {
      const state = locked.state as IntegrationConnectionState
      if (state !== 'connected') assertTransition(integrationConnectionTransitions, state, 'connected', 'integration')
      Object.assign(values, {
        state: 'connected', lastError: null, lastErrorAt: null, publicInfo: { ...publicInfoOf(kind, credentials), ...account },
        credentialsEncrypted: Object.keys(credentials).length > 0 ? paymentSecrets(ctx.deps).seal(credentials, sealContext(sellerId, kind)) : null,
      })
    } else if (locked.state === 'disconnected' && integrationKindInfo[kind].fields.length === 0) {
      // A kind without credentials (zapier, api) is connected again by saving it.
      values.state = 'connected'
    }
    return repo.updateConnection(tx, id, values, ctx.now)
  })
  return answerOf(ctx.db, row)
}

/** Disconnects: the credentials are wiped, nothing syncs; the per-product settings stay for a reconnect. */
export async function disconnectIntegration(ctx: Ctx, id: number): Promise<{ integration: IntegrationOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await repo.findConnection(tx, sellerId, id, true)
    if (!locked) throw notFound()
    if (locked.state === 'disconnected') return locked
    assertTransition(integrationConnectionTransitions, locked.state as IntegrationConnectionState, 'disconnected', 'integration')
    const kind = locked.kind as IntegrationKind
    const plainInfo = Object.fromEntries(Object.entries(locked.publicInfo).filter(([key]) => integrationKindInfo[kind].fields.some((f) => f.key === key && !f.secret)))
    return repo.updateConnection(tx, id, { state: 'disconnected', credentialsEncrypted: null, publicInfo: plainInfo }, ctx.now)
  })
  return answerOf(ctx.db, row)
}

export async function deleteIntegration(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction(async (tx) => {
    if (!await repo.findConnection(tx, sellerId, id, true)) throw notFound()
    await repo.deleteConnection(tx, id)
  })
}

function syncEventOutput(row: repo.SyncEventRow): SyncEventOutput {
  return {
    id: row.id, integration_id: row.connectionId, event_type: row.eventType, action: row.action as 'add' | 'remove', order_id: row.orderId, product_id: row.productId,
    state: row.state as SyncEventOutput['state'], attempts: row.attempts, error: row.error, created_at: row.createdAt.toISOString(), finished_at: iso(row.finishedAt),
  }
}

export async function listSyncEvents(ctx: Ctx, id: number, query: SyncEventListQuery): Promise<ListAnswer<SyncEventOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  if (!await repo.findConnection(ctx.db, sellerId, id)) throw notFound()
  const { rows, total, totalMax } = await repo.listSyncEvents(ctx.db, id, { state: query.state, sortDir: query.sort_dir ?? 'desc', offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(syncEventOutput), total_count: total, total_count_max: totalMax }
}

/** The service's lists (campaigns, tags) to choose from, fetched now. */
export async function remoteLists(ctx: Ctx, id: number): Promise<{ list: RemoteListOutput[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const row = await repo.findConnection(ctx.db, sellerId, id)
  if (!row) throw notFound()
  const kind = row.kind as IntegrationKind
  if (!integrationKindInfo[kind].lists) throw new AppError('conflict', `${integrationKindInfo[kind].label} offers no lists to choose from`)
  if (row.state === 'disconnected') throw new AppError('conflict', 'This integration is disconnected; connect it again first')
  const client = clientOf(ctx.deps, row)
  if (!client?.lists) throw new AppError('conflict', 'The credentials of this integration cannot be read; enter them again')
  try {
    return { list: await client.lists() }
  } catch (error) {
    if (error instanceof CredentialsRefused) throw new AppError('integration_credentials_refused', error.message)
    if (error instanceof ServiceFailed) throw new AppError('integration_unreachable', error.message)
    throw error
  }
}

// ---------------------------------------------------------------- per product

function settingOutput(row: repo.ProductSettingRow): ProductSettingOutput {
  return { integration_id: row.connectionId, product_id: row.productId, buyer_list_id: row.buyerListId, buyer_campaign_id: row.buyerCampaignId, updated_at: row.updatedAt.toISOString() }
}

export async function productSettings(ctx: Ctx, query: { product_id?: number | undefined; integration_id?: number | undefined }): Promise<{ list: ProductSettingOutput[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const rows = await repo.productSettings(ctx.db, sellerId, { productId: query.product_id, connectionId: query.integration_id })
  return { list: rows.map(settingOutput) }
}

/** Sets which list and campaign a product's buyers go to on this connection. */
export async function saveProductSetting(ctx: Ctx, id: number, productId: number, input: ProductSettingInput): Promise<{ product_setting: ProductSettingOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    const connection = await repo.findConnection(tx, sellerId, id)
    if (!connection) throw notFound()
    await catalog.ownedProduct(tx, sellerId, productId)
    const info = integrationKindInfo[connection.kind as IntegrationKind]
    if (info.productSettings.length === 0) throw new AppError('conflict', `${info.label} takes no list or campaign per product`)
    const listId = info.productSettings.includes('buyer_list_id') ? input.buyer_list_id ?? null : null
    const campaignId = info.productSettings.includes('buyer_campaign_id') ? input.buyer_campaign_id ?? null : null
    if (!listId && !campaignId) {
      const field = info.productSettings[0]!
      throw new AppError('validation_failed', `${info.label} needs ${field === 'buyer_list_id' ? 'a list' : 'a campaign'}`, [{ path: field, message: 'required' }])
    }
    const row = await repo.saveProductSetting(tx, { connectionId: id, sellerId, productId, buyerListId: listId, buyerCampaignId: campaignId }, ctx.now)
    return { product_setting: settingOutput(row) }
  })
}

export async function deleteProductSetting(ctx: Ctx, id: number, productId: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  if (!await repo.findConnection(ctx.db, sellerId, id)) throw notFound()
  if (!await repo.deleteProductSetting(ctx.db, id, productId)) throw new AppError('not_found', 'This product has no setting on this integration')
}

// ---------------------------------------------------------------- the trigger (platform events) and the sync job

const asText = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** The buyer of the event: read from the order (the orders module's row), else from the event's `data.payer`. */
async function buyerOf(tx: Executor, event: PlatformEvent): Promise<Buyer | null> {
  let payer: Record<string, unknown> | undefined
  if (event.orderId !== null) {
    const order = await orders.findOrder(tx, event.orderId)
    if (order && order.sellerId !== event.sellerId) return null
    payer = order?.payer
  }
  payer ??= (event.data.payer ?? undefined) as Record<string, unknown> | undefined
  const email = asText(payer?.email).toLowerCase()
  if (!email) return null
  return { email, first_name: asText(payer?.first_name), last_name: asText(payer?.last_name) }
}

/**
 * The platform events' listener (wired in bootstrap.ts): for order.paid, order.refunded and order.chargebacked,
 * one sync row and job per syncing connection with a setting for one of the event's products, in the
 * emitter's transaction. A replayed event finds its rows and enqueues nothing.
 */
export async function onPlatformEvent(deps: AppDeps, tx: Executor, event: PlatformEvent): Promise<void> {
  const action = syncedEvents[event.type]
  if (!action) return
  const targets = await repo.syncTargets(tx, event.sellerId, event.productIds, syncingKinds, syncingConnectionStates)
  if (targets.length === 0) return
  const buyer = await buyerOf(tx, event)
  if (!buyer) return
  // Double opt-in (double-opt-in.service.ts): an add waits for the payer's confirmation; a remove of an add
  // still waiting drops both, so nothing reaches the service.
  const gate = action === 'add' ? await optIn.gateAdd(deps, tx, event, buyer) : await optIn.gateRemove(deps, tx, event, buyer)
  for (const { setting } of targets) {
    const row = await repo.insertSyncEvent(tx, {
      connectionId: setting.connectionId, sellerId: event.sellerId, eventType: event.type, action, orderId: event.orderId, productId: setting.productId,
      payer: buyer, buyerListId: setting.buyerListId, buyerCampaignId: setting.buyerCampaignId, createdAt: event.occurredAt,
      ...(gate === 'held' ? { state: 'awaiting_opt_in' } : gate === 'dropped' ? { state: 'skipped', finishedAt: event.occurredAt } : {}),
    })
    if (row && gate === 'open') await deps.jobs.enqueue(tx, syncJob, { syncEventId: row.id })
  }
}

async function finish(deps: AppDeps, event: repo.SyncEventRow, outcome: { state: 'succeeded' | 'skipped' } | { state: 'failed'; error: string }): Promise<void> {
  const now = deps.realNow()
  await deps.db.transaction(async (tx) => {
    const error = outcome.state === 'failed' ? outcome.error : null
    await repo.updateSyncEvent(tx, event.id, { state: outcome.state, attempts: event.attempts + 1, error, finishedAt: outcome.state === 'failed' ? null : now })
    if (outcome.state === 'skipped') return
    const connection = await repo.findConnectionById(tx, event.connectionId, true)
    if (!connection || connection.state === 'disconnected') return
    const state = connection.state as IntegrationConnectionState
    if (outcome.state === 'succeeded') {
      if (state !== 'connected') assertTransition(integrationConnectionTransitions, state, 'connected', 'integration')
      await repo.updateConnection(tx, connection.id, { state: 'connected', lastSyncAt: now, lastError: null }, now)
    } else {
      if (state !== 'failing') assertTransition(integrationConnectionTransitions, state, 'failing', 'integration')
      await repo.updateConnection(tx, connection.id, { state: 'failing', lastError: error, lastErrorAt: now }, now)
    }
  })
}

/**
 * The sync job: adds or removes the buyer at the service, then records the outcome. A failure is recorded
 * (the row failed with its error, the connection failing) and thrown, so the queue retries it with back-off;
 * the service's calls are idempotent (upsert, remove), so a retry or a second run does no harm.
 */
export async function runSync(deps: AppDeps, syncEventId: number): Promise<void> {
  const event = await repo.findSyncEvent(deps.db, syncEventId)
  if (!event || event.state === 'succeeded' || event.state === 'skipped' || event.state === 'awaiting_opt_in') return
  const connection = await repo.findConnectionById(deps.db, event.connectionId)
  if (!connection || connection.state === 'disconnected') {
    if (connection) await finish(deps, event, { state: 'skipped' })
    return
  }
  const client = clientOf(deps, connection)
  const call = client?.[event.action === 'add' ? 'add' : 'remove']
  if (!client || !call) {
    await finish(deps, event, { state: 'failed', error: 'The credentials of this integration cannot be read; enter them again' })
    return
  }
  try {
    await call(event.payer, { listId: event.buyerListId, campaignId: event.buyerCampaignId })
  } catch (error) {
    const message = error instanceof CredentialsRefused || error instanceof ServiceFailed ? error.message : 'The sync failed unexpectedly'
    await finish(deps, event, { state: 'failed', error: message })
    throw error
  }
  await finish(deps, event, { state: 'succeeded' })
}

/**
 * The demo's connection (made once): a Zapier connection, which holds no credentials and calls no service,
 * so a fresh start never reaches the internet; the mail services need the seller's own keys.
 */
export async function ensureDemoIntegrations(deps: AppDeps, sellerId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const existing = await repo.listConnections(tx, sellerId, { sortKey: 'created_at', sortDir: 'asc', offset: 0, limit: 1 })
    if (existing.totalMax > 0) return
    const now = deps.now()
    await repo.insertConnection(tx, { sellerId, kind: 'zapier', name: 'Zapier', state: 'connected', credentialsEncrypted: null, publicInfo: {}, createdAt: now, updatedAt: now })
  })
}
