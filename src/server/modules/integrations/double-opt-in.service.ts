import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto'
import { featureFlags } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type { DoubleOptInSettingsOutput, OptInListQuery, OptInOutput, PublicOptInOutput } from '../../../shared/schemas/seller-mail'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as repo from './double-opt-in.repository'
import { syncJob } from './sync-job'

// Double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md): with the double_opt_in flag on and the
// seller's "require double opt-in" setting on, a payer is added to the seller's mail-marketing integrations only
// after confirming their address. The purchase's syncs are written held (awaiting_opt_in) and the payer gets one
// confirmation mail with a signed link; confirming stores the proof (time, address, browser) and releases the
// held syncs in the same transaction. A refund before the confirmation drops them. Flag or setting off: the
// integrations sync at once, as before.

/** The key of the links: the server's token secret narrowed to this one purpose (a token never verifies as a link). */
const keys = new WeakMap<Uint8Array, Buffer>()
function linkKey(deps: AppDeps): Buffer {
  let key = keys.get(deps.jwtKey)
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', deps.jwtKey, new Uint8Array(0), 'sellfront double opt-in links', 32))
    keys.set(deps.jwtKey, key)
  }
  return key
}

function signature(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return createHmac('sha256', linkKey(deps)).update(`v1.${row.id}.${row.sellerId}.${row.email}`).digest('base64url')
}

export function optInToken(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return `${row.id}.${signature(deps, row)}`
}

export function optInLink(deps: AppDeps, row: Pick<repo.OptInRow, 'id' | 'sellerId' | 'email'>): string {
  return `${deps.config.appUrl}/opt_in/${optInToken(deps, row)}`
}

const invalidLink = () => new AppError('not_found', 'This confirmation link is not valid')

/** The row a link names, when its signature fits; a changed id or signature finds nothing. */
async function rowOfToken(deps: AppDeps, db: Executor, token: string, options: { lock?: boolean } = {}): Promise<repo.OptInRow> {
  const match = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) throw invalidLink()
  const row = await repo.findOptInById(db, Number(match[1]), options)
  if (!row) throw invalidLink()
  const expected = Buffer.from(signature(deps, row))
  const given = Buffer.from(match[2]!)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidLink()
  return row
}

// ---------------------------------------------------------------- the gate (integrations.service.ts onPlatformEvent)

/** Whether the seller asks payers to confirm: the flag in effect and the seller's setting. */
async function requiresOptIn(db: Executor, sellerId: number): Promise<boolean> {
  const features = await repo.sellerFeatures(db, sellerId)
  if (!(features?.double_opt_in ?? featureFlags.double_opt_in)) return false
  return repo.requiredSetting(db, sellerId)
}

export type Payer = { email: string; first_name: string; last_name: string }

/**
 * Before a payer is added to the seller's integrations (in the event's transaction): 'open' when no opt-in is
 * required or the payer confirmed; else 'held', and the confirmation mail is queued once per payer and seller.
 */
export async function gateAdd(deps: AppDeps, tx: Executor, event: { sellerId: number; orderId: number | null }, payer: Payer): Promise<'open' | 'held'> {
  if (!await requiresOptIn(tx, event.sellerId)) return 'open'
  const address = payer.email.toLowerCase()
  const existing = await repo.findOptIn(tx, event.sellerId, address)
  if (existing?.state === 'confirmed') return 'open'
  const order = event.orderId !== null ? await orders.findOrder(tx, event.orderId) : undefined
  const locale = (await repo.userLocale(tx, order?.payerUserId ?? null)) === 'de' ? 'de' : 'en'
  const now = deps.now()
  const { row } = existing
    ? { row: existing }
    : await repo.ensurePending(tx, { sellerId: event.sellerId, email: address, orderId: event.orderId, locale, requestedAt: now })
  if (row.state === 'confirmed') return 'open'
  if (!row.mailedAt) {
    const { name: sellerName } = await orders.sellerNames(tx, event.sellerId)
    await email.queueEmail(deps, tx, {
      to: payer.email, kind: 'opt_in_confirmation', locale, firstName: payer.first_name, sellerId: event.sellerId,
      rendered: confirmationMail(locale, { firstName: payer.first_name, sellerName, link: optInLink(deps, row), appUrl: deps.config.appUrl }),
    })
    await repo.updateOptIn(tx, row.id, { mailedAt: now })
  }
  return 'held'
}

/** Before a payer is removed (refund, chargeback): 'open' when they are in the lists; 'dropped' when their add was still held (now skipped). */
export async function gateRemove(deps: AppDeps, tx: Executor, event: { sellerId: number; orderId: number | null }, payer: Payer): Promise<'open' | 'dropped'> {
  const address = payer.email.toLowerCase()
  const held = await repo.heldSyncEvents(tx, event.sellerId, address, event.orderId)
  if (held.length === 0) return 'open'
  for (const { id } of held) await repo.setSyncEventState(tx, id, 'skipped', deps.now())
  return 'dropped'
}

function confirmationMail(locale: string, p: { firstName: string; sellerName: string; link: string; appUrl: string }) {
  const de = locale === 'de'
  return email.renderSimpleMail(locale, {
    subject: de ? `Bitte bestätige deine E-Mail-Adresse für ${p.sellerName}` : `Please confirm your email address for ${p.sellerName}`,
    greeting: de ? `Hallo ${p.firstName},` : `Hello ${p.firstName},`,
    paragraphs: de
      ? [`danke für deinen Kauf bei ${p.sellerName}. ${p.sellerName} möchte dir Neuigkeiten per E-Mail schicken und bittet dich, deine Adresse zu bestätigen.`,
        'Erst nach deiner Bestätigung wird deine Adresse an die Newsletter- und Mailing-Dienste des Verkäufers übergeben. Bestätigst du nicht, geschieht nichts; dein Kauf gilt unabhängig davon.']
      : [`thank you for your purchase from ${p.sellerName}. ${p.sellerName} would like to send you news by email and asks you to confirm your address.`,
        'Only after you confirm is your address passed to the seller\'s newsletter and mailing services. If you do not confirm, nothing happens; your purchase stays valid either way.'],
    action: { label: de ? 'E-Mail-Adresse bestätigen' : 'Confirm email address', link: p.link },
    footer: `Sellfront · ${p.appUrl}`,
  })
}

// ---------------------------------------------------------------- the payer's confirmation (public)

async function publicOutput(db: Executor, row: repo.OptInRow): Promise<PublicOptInOutput> {
  const { name } = await orders.sellerNames(db, row.sellerId)
  return { seller_name: name, email: row.email, state: row.state as 'pending' | 'confirmed', confirmed_at: row.confirmedAt?.toISOString() ?? null }
}

export async function getOptIn(ctx: Ctx, token: string): Promise<PublicOptInOutput> {
  return publicOutput(ctx.db, await rowOfToken(ctx.deps, ctx.db, token))
}

/**
 * The payer confirms: the proof (time, IP address, browser) is stored and the held syncs are released, in one
 * transaction. Confirming again changes nothing (the first proof stays).
 */
export async function confirmOptIn(ctx: Ctx, token: string): Promise<PublicOptInOutput> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await rowOfToken(ctx.deps, tx, token, { lock: true })
    if (locked.state === 'confirmed') return locked
    const confirmed = { state: 'confirmed', confirmedAt: ctx.now, confirmedIp: ctx.ip, confirmedUserAgent: ctx.userAgent?.slice(0, 500) ?? null }
    await repo.updateOptIn(tx, locked.id, confirmed)
    for (const { id } of await repo.heldSyncEvents(tx, locked.sellerId, locked.email)) {
      await repo.setSyncEventState(tx, id, 'pending', null)
      await ctx.deps.jobs.enqueue(tx, syncJob, { syncEventId: id })
    }
    return { ...locked, ...confirmed }
  })
  return publicOutput(ctx.db, row)
}

// ---------------------------------------------------------------- the seller's setting and proofs

export async function getOptInSettings(ctx: Ctx): Promise<DoubleOptInSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const [required, n] = [await repo.requiredSetting(ctx.db, sellerId), await repo.counts(ctx.db, sellerId)]
  return { required, pending_count: n.pending, confirmed_count: n.confirmed }
}

export async function saveOptInSettings(ctx: Ctx, input: { required: boolean }): Promise<DoubleOptInSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  await ctx.db.transaction((tx) => repo.saveRequired(tx, sellerId, input.required, ctx.now))
  return getOptInSettings(ctx)
}

export async function listOptIns(ctx: Ctx, query: OptInListQuery): Promise<ListAnswer<OptInOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const { rows, total, totalMax } = await repo.listOptIns(ctx.db, sellerId, {
    state: query.state, search: query.query, offset: (query.page - 1) * query.per, limit: query.per, sortDir: query.sort_dir ?? 'desc',
  })
  return {
    list: rows.map((r) => ({
      id: r.id, email: r.email, state: r.state as 'pending' | 'confirmed', order_id: r.orderId, requested_at: r.requestedAt.toISOString(),
      confirmed_at: r.confirmedAt?.toISOString() ?? null, confirmed_ip: r.confirmedIp, confirmed_user_agent: r.confirmedUserAgent,
    })),
    total_count: total, total_count_max: totalMax,
  }
}
