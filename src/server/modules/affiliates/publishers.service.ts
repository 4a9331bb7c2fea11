import { oldEnough } from '../../../shared/affiliates'
import { AppError } from '../../../shared/errors'
import type { z } from 'zod'
import type { publisherDetailsInput, publisherDetailsOutput } from '../../../shared/schemas/affiliates'
import { parseDottedDate } from '../../../shared/validation/dates'
import type { Actor } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './affiliates.repository'

// A user's publisher side (docs/decisions/0048-affiliates.md): one `publishers` row per user, made the first
// time a publisher or platform affiliate profile uses the publisher area or joins a program.

export type PublisherKind = 'publisher' | 'platform_affiliate'
export type PublisherDetails = z.infer<typeof publisherDetailsOutput>

export function publisherKindOf(actor: Actor | null | undefined): PublisherKind | null {
  return actor?.profileType === 'publisher' || actor?.profileType === 'platform_affiliate' ? actor.profileType : null
}

/** The signed-in user's publisher row; 403 unless they act with a publisher (or platform affiliate) profile. */
export async function requirePublisher(ctx: Ctx, tx: Executor): Promise<repo.PublisherRow> {
  if (!ctx.actor) throw new AppError('missing_access_token', 'Sign in to continue')
  const kind = publisherKindOf(ctx.actor)
  if (!kind) throw new AppError('forbidden', 'Switch to your publisher profile to do this')
  return ensurePublisher(ctx, tx, ctx.actor.userId, kind)
}

/** The user's publisher id, without making one. */
export async function publisherIdOfUser(tx: Executor, userId: number): Promise<number | null> {
  return (await repo.findPublisherByUser(tx, userId))?.id ?? null
}

/** The user's publisher row, created when missing. */
export async function ensurePublisher(_ctx: Ctx, tx: Executor, userId: number, kind: PublisherKind): Promise<repo.PublisherRow> {
  return (await repo.findPublisherByUser(tx, userId)) ?? repo.upsertPublisher(tx, userId, kind)
}

/** dd.mm.yyyy to YYYY-MM-DD (the input is already checked by zBirthday). */
export function isoBirthday(dotted: string): string {
  const date = parseDottedDate(dotted)
  if (!date) throw new AppError('validation_failed', 'invalid_date', [{ path: 'birthday', message: 'invalid_date' }])
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`
}

const dotted = (iso: string | null) => (iso ? iso.split('-').reverse().join('.') : null)

/** Stores a birthday given now, or checks the one known; a publisher must be 18 (docs/decisions/0048-affiliates.md "Age"). */
export async function settleBirthday(ctx: Ctx, tx: Executor, publisher: repo.PublisherRow, given: string | undefined): Promise<repo.PublisherRow> {
  if (given !== undefined) {
    const iso = isoBirthday(given)
    if (!oldEnough(iso, ctx.now)) throw new AppError('validation_failed', 'invalid_birthday', [{ path: 'birthday', message: 'invalid_birthday' }])
    return repo.updatePublisher(tx, publisher.id, { birthday: iso, updatedAt: ctx.now })
  }
  if (!publisher.birthday) throw new AppError('birthday_required', 'Tell us your birthday: publishers must be 18 or older', [{ path: 'birthday', message: 'required' }])
  if (!oldEnough(publisher.birthday, ctx.now)) throw new AppError('validation_failed', 'invalid_birthday', [{ path: 'birthday', message: 'invalid_birthday' }])
  return publisher
}

async function details(ctx: Ctx, db: Executor, publisher: repo.PublisherRow): Promise<PublisherDetails> {
  const user = (await repo.userOf(db, publisher.userId))!
  const mails = publisher.emailNotifications
  return {
    id: publisher.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email,
    kind: publisher.kind === 'platform_affiliate' ? 'platform_affiliate' : 'publisher', birthday: dotted(publisher.birthday),
    website: publisher.website,
    email_notifications: { new_sale: mails.new_sale ?? true, node_state: mails.node_state ?? true, credit_memo: mails.credit_memo ?? true },
    platform_link: `${ctx.deps.config.appUrl}/?publisher_id=${publisher.id}`,
  }
}

export async function getDetails(ctx: Ctx): Promise<PublisherDetails> {
  return ctx.db.transaction(async (tx) => details(ctx, tx, await requirePublisher(ctx, tx)))
}

export async function updateDetails(ctx: Ctx, input: z.infer<typeof publisherDetailsInput>): Promise<PublisherDetails> {
  return ctx.db.transaction(async (tx) => {
    let publisher = await requirePublisher(ctx, tx)
    if (input.birthday !== undefined) publisher = await settleBirthday(ctx, tx, publisher, input.birthday)
    const values: Parameters<typeof repo.updatePublisher>[2] = { updatedAt: ctx.now }
    if (input.website !== undefined) values.website = input.website ?? null
    if (input.email_notifications) values.emailNotifications = { ...publisher.emailNotifications, ...input.email_notifications }
    publisher = await repo.updatePublisher(tx, publisher.id, values)
    return details(ctx, tx, publisher)
  })
}
