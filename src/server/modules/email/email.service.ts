import { AppError } from '../../../shared/errors'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import type { Ctx } from '../../context'
import { assertCan } from '../../auth/permissions'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { MailAttachment } from '../../mail/mailer'
import { randomToken } from '../../auth/random-tokens'
import * as repo from './email.repository'
import { renderMail, type MailKind, type MailParams } from './email.templates'
import { brandMail } from './email.branding'
import { sendThroughSeller } from './seller-smtp.service'

export { renderSimpleMail, type SimpleMail } from './email.simple-mail'
/** The locale a mail is written in (`pt-BR` → `pt_br`, unknown → `en`), for senders that write their own text. */
export { mailLocale } from './email.templates'

export const deliverEmailJob = 'email.deliver'

export type QueueEmailInput = {
  to: string
  /**
   * A template of email.templates.ts, or a kind that brings its own `rendered` text: `order_delivery` (the
   * delivery mail), `seller_smtp_failed` (the seller's mail server notice), `opt_in_confirmation` (double opt-in).
   */
  kind: MailKind | OwnTextKind
  /**
   * The seller whose payer this mail goes to (docs/decisions/0084-custom-smtp-and-double-opt-in.md): senders of
   * payer mails set it, so the seller's own mail server sends it when the custom_smtp flag is on. Left out: platform mail.
   */
  sellerId?: number | null
  /** Subject and bodies made by the caller; required for kinds without a template here. */
  rendered?: { subject: string; html: string; text: string }
  /** Files sent with the mail and kept with it (tickets, certificates). */
  attachments?: MailAttachment[]
  locale: string
  userId?: number | null
  firstName: string
  link?: string
  newEmail?: string
  productName?: string
  amount?: string
  sellerName?: string
  lessonTitle?: string
  notificationTitle?: string
  notificationText?: string
  dueDate?: string
  retryDate?: string
}

/** Kinds without a template here: the caller brings the text. */
export type OwnTextKind = 'order_delivery' | 'seller_smtp_failed' | 'opt_in_confirmation'
const ownTextKinds: readonly string[] = ['order_delivery', 'seller_smtp_failed', 'opt_in_confirmation'] satisfies OwnTextKind[]

/**
 * Writes the mail and enqueues its delivery in the caller's transaction: if the transaction commits the
 * mail exists (readable at /email_logs/:token) and will be sent; if it rolls back, neither happens.
 */
export async function queueEmail(deps: AppDeps, tx: Executor, input: QueueEmailInput) {
  const params: MailParams = {
    firstName: input.firstName, link: input.link, newEmail: input.newEmail, appUrl: deps.config.appUrl,
    productName: input.productName, amount: input.amount, sellerName: input.sellerName, lessonTitle: input.lessonTitle,
    notificationTitle: input.notificationTitle, notificationText: input.notificationText,
    dueDate: input.dueDate, retryDate: input.retryDate,
  }
  if (!input.rendered && ownTextKinds.includes(input.kind)) throw new Error(`${input.kind} mails bring their own text`)
  // A payer mail carries the seller's logo, colours and footer in effect now (docs/decisions/0085-customization.md).
  const plain = input.rendered ?? renderMail(input.kind as MailKind, input.locale, params)
  const rendered = input.sellerId ? brandMail(plain, await deps.sellerBranding.brandingOf(tx, input.sellerId), deps.config.appUrl) : plain
  const row = await repo.insertEmailLog(tx, {
    token: randomToken(24), userId: input.userId ?? null, to: input.to, kind: input.kind, locale: input.locale,
    subject: rendered.subject, html: rendered.html, text: rendered.text, state: 'queued', sellerId: input.sellerId ?? null,
  })
  await repo.insertAttachments(tx, (input.attachments ?? []).map((a) => ({
    emailLogId: row.id, filename: a.filename, contentType: a.contentType, size: a.content.length, content: a.content,
  })))
  await deps.jobs.enqueue(tx, deliverEmailJob, { emailLogId: row.id }, { singletonKey: `email-${row.id}` })
  return row
}

/**
 * The job: sends a queued mail once. A mail to a seller's payer first tries the seller's own mail server
 * (seller-smtp.service.ts: flag custom_smtp on and settings verified); when that server fails, the mail goes
 * through the platform's sender (sent_via platform_fallback) and the seller is told once per run of failures.
 * Without SMTP the mail is marked stored; a sent mail is never resent.
 */
export async function deliverEmail(deps: AppDeps, data: { emailLogId: number }) {
  const row = await repo.findEmailLog(deps.db, data.emailLogId)
  if (!row || row.state === 'sent' || row.state === 'stored') return
  const files = async () => (await repo.attachmentFiles(deps.db, row.id)).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content }))
  let fellBack = false
  if (row.sellerId !== null) {
    const attachments = await files()
    const outcome = await sendThroughSeller(deps, row.sellerId, { to: row.to, subject: row.subject, html: row.html, text: row.text, ...(attachments.length > 0 ? { attachments } : {}) },
      (tx, notice) => queueEmail(deps, tx, { ...notice, kind: 'seller_smtp_failed' }))
    if (outcome === 'sent') {
      await repo.setEmailLogState(deps.db, row.id, 'sent', { sentAt: deps.now(), error: null, sentVia: 'seller_smtp' })
      return
    }
    fellBack = outcome === 'failed'
  }
  if (!deps.mailer.delivers) {
    await repo.setEmailLogState(deps.db, row.id, 'stored')
    // the console is where a developer without a mail server looks (docs/decisions/0041-first-ten-minutes.md)
    if (deps.config.mailPreview) console.log(`  Mail to ${row.to} stored ("${row.subject}"): ${storedMailUrl(deps, row.token)}`)
    return
  }
  try {
    const attachments = await files()
    await deps.mailer.send({ to: row.to, subject: row.subject, html: row.html, text: row.text, ...(attachments.length > 0 ? { attachments } : {}) })
    await repo.setEmailLogState(deps.db, row.id, 'sent', { sentAt: deps.now(), error: null, sentVia: fellBack ? 'platform_fallback' : 'platform' })
  } catch (error) {
    await repo.setEmailLogState(deps.db, row.id, 'failed', { error: (error as Error).message.slice(0, 500) })
    throw error
  }
}

/** The page of a stored mail; its token is the permission to read it. */
function storedMailUrl(deps: AppDeps, token: string): string {
  return `${deps.config.appUrl}/email_logs/${token}`
}

/**
 * The stored mail's page for whoever caused the mail, only in mail preview mode (development without a mail
 * server, docs/decisions/0041-first-ten-minutes.md); undefined otherwise, so a production answer never names it.
 */
export function mailPreviewUrl(deps: AppDeps, mail: { token: string } | undefined): string | undefined {
  return deps.config.mailPreview && mail ? storedMailUrl(deps, mail.token) : undefined
}

/** One mail by its token: the token is the only key, so knowing it is the permission. */
export async function getByToken(ctx: Ctx, token: string) {
  const row = await repo.findEmailLogByToken(ctx.db, token)
  if (!row) throw new AppError('not_found', 'This mail does not exist')
  const attachments = await repo.attachmentsOf(ctx.db, row.id)
  return {
    id: row.id, to: row.to, subject: row.subject, html: row.html, text: row.text, kind: row.kind, state: row.state,
    created_at: row.createdAt.toISOString(),
    attachments: attachments.map((a) => ({
      id: a.id, filename: a.filename, content_type: a.contentType, size: a.size, url: `/api/v1/common/email_logs/${token}/attachments/${a.id}`,
    })),
  }
}

/** One attachment of a stored mail: the mail's token is the permission, as for the mail itself. */
export async function getAttachment(ctx: Ctx, token: string, id: number) {
  const row = await repo.findEmailLogByToken(ctx.db, token)
  const file = row ? await repo.findAttachment(ctx.db, row.id, id) : undefined
  if (!file) throw new AppError('not_found', 'This attachment does not exist')
  return { filename: file.filename, contentType: file.contentType, content: file.content }
}

/** The managers' outbox. */
export async function listOutbox(ctx: Ctx, query: ListQuery): Promise<ListAnswer<{ id: number; token: string; to: string; subject: string; kind: string; state: string; created_at: string }>> {
  assertCan(ctx.actor, 'admin.emails.read')
  const { rows, total, totalMax } = await repo.listEmailLogs(ctx.db, {
    offset: (query.page - 1) * query.per, limit: query.per, query: query.query, sortDir: query.sort_dir ?? 'desc',
  })
  return {
    list: rows.map((r) => ({ id: r.id, token: r.token, to: r.to, subject: r.subject, kind: r.kind, state: r.state, created_at: r.createdAt.toISOString() })),
    total_count: total,
    total_count_max: totalMax,
  }
}

export const newsCategory = 'news'

/** The unsubscribe token of an address for a category, made on first use. */
export async function unsubscribeToken(db: Executor, email: string, category = newsCategory): Promise<string> {
  const existing = await repo.findSubscription(db, email, category)
  if (existing) return existing.token
  const created = await repo.insertSubscription(db, { email: email.toLowerCase(), category, token: randomToken(24) })
  return created?.token ?? (await repo.findSubscription(db, email, category))!.token
}

export async function getSubscription(ctx: Ctx, token: string) {
  const row = await repo.findSubscriptionByToken(ctx.db, token)
  if (!row) throw new AppError('not_found', 'This unsubscribe link is not valid')
  return { email: row.email, category: row.category, unsubscribed: row.unsubscribedAt != null }
}

export async function unsubscribe(ctx: Ctx, token: string) {
  const row = await repo.findSubscriptionByToken(ctx.db, token)
  if (!row) throw new AppError('not_found', 'This unsubscribe link is not valid')
  if (!row.unsubscribedAt) await repo.setUnsubscribed(ctx.db, row.id, ctx.now)
}

export async function isUnsubscribed(db: Executor, email: string, category = newsCategory): Promise<boolean> {
  const row = await repo.findSubscription(db, email, category)
  return row?.unsubscribedAt != null
}
