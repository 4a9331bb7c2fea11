import { randomUUID } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import {
  defaultNotificationSetting, notificationTypes, type CustomNotificationInput, type NotificationListQuery, type NotificationOutput,
  type NotificationPayload, type NotificationSetting, type NotificationType, type UpdateNotificationSettingsInput,
} from '../../../shared/schemas/notifications'
import { actingSellerId, assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as teams from '../teams/teams.service'
import * as repo from './notifications.repository'
import { notificationText } from './notifications.texts'

// The seller's notifications (docs/reference/accounts-and-orders.md §3 "Notification types"): in the app and by mail, per the seller's
// settings (defaults: every type in the app; paid_transaction and order_canceled by mail too). Other
// modules report events in their own transaction; each event has a dedupe key, so reporting it twice (a
// job run again, a webhook delivered twice) writes one row and queues one mail. A type the seller wants
// only by mail still writes its row (in_app false, never listed): the row is what dedupes the mail.
// docs/decisions/0032-seller-dashboard-and-notifications.md

/** An order event other modules report, in their own transaction. */
export type OrderEvent = {
  sellerId: number
  type: 'paid_transaction' | 'free_transaction' | 'order_created' | 'order_canceled'
  orderId: number
  /** The money moved (paid_transaction), in minor units of `currency`. */
  amount?: number
  currency?: string
  /**
   * paid_transaction: the charge that was paid. Left out, it is the order's newest successful charge
   * when the job runs; callers that record a payment pass it, so each renewal notifies once.
   */
  paymentId?: number
}

export type NotifyInput = { sellerId: number; type: NotificationType; dedupeKey: string; payload: NotificationPayload }

/** What the seller's settings say for one type (the defaults when nothing is saved). */
async function settingFor(db: Executor, sellerId: number, type: NotificationType): Promise<{ inApp: boolean; email: boolean }> {
  const saved = await repo.settingOf(db, sellerId, type)
  if (saved) return saved
  const fallback = defaultNotificationSetting(type)
  return { inApp: fallback.in_app, email: fallback.email }
}

/**
 * Records a notification for the seller, once per dedupe key, and queues its mail when the seller wants
 * one, both in the caller's transaction. Answers whether it was new.
 */
export async function notify(deps: AppDeps, tx: Executor, input: NotifyInput): Promise<boolean> {
  const setting = await settingFor(tx, input.sellerId, input.type)
  if (!setting.inApp && !setting.email) return false
  const row = await repo.insertOnce(tx, {
    sellerId: input.sellerId, type: input.type, payload: input.payload, dedupeKey: input.dedupeKey, inApp: setting.inApp, createdAt: deps.now(),
  })
  if (!row) return false
  if (setting.email) {
    const contact = await repo.sellerContact(tx, input.sellerId)
    if (contact && contact.accountState === 'active') {
      const { title, text } = notificationText(input.type, input.payload, contact.locale)
      await email.queueEmail(deps, tx, {
        to: contact.email, kind: 'seller_notification', locale: contact.locale, userId: contact.userId, firstName: contact.firstName,
        link: `${deps.config.appUrl}/cabinet/notifications`, notificationTitle: title, notificationText: text,
      })
    }
  }
  await copyToTeam(deps, tx, input)
  return true
}

/**
 * A new order or payment also goes, by mail, to the seller's team members with orders read who switched
 * these mails on (docs/decisions/0053-team-members.md "Notification settings").
 */
async function copyToTeam(deps: AppDeps, tx: Executor, input: NotifyInput): Promise<void> {
  if (input.type !== 'order_created' && input.type !== 'paid_transaction') return
  for (const member of await teams.mailRecipients(tx, input.sellerId, 'orders')) {
    const { title, text } = notificationText(input.type, input.payload, member.locale)
    await email.queueEmail(deps, tx, {
      to: member.email, kind: 'seller_notification', locale: member.locale, userId: member.userId, firstName: member.firstName,
      link: `${deps.config.appUrl}/cabinet/orders`, notificationTitle: title, notificationText: text,
    })
  }
}

/** Records the event for the seller (and queues its mail when the seller wants one); safe to call twice. */
/** The job that records an order event for the seller; `notifyOrderEvent` enqueues it. */
export const orderEventJob = 'notifications.order-event'

/**
 * Reports an order event in the caller's transaction as one queued job: the settings, the row and the
 * mail are the job's, so a payment's transaction stays short. Safe to call twice (one row per event).
 */
export async function notifyOrderEvent(deps: AppDeps, tx: Executor, event: OrderEvent): Promise<void> {
  // No once key: the notification's row (seller, dedupe key) is what makes it once; its job may run twice.
  await deps.jobs.enqueue(tx, orderEventJob, event)
}

/** The job's work: records the event once (its dedupe key) and queues its mail when the seller wants one. */
export async function recordOrderEvent(deps: AppDeps, event: OrderEvent): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const order = await repo.orderFacts(tx, event.orderId)
    if (!order) return
    const payerEmail = typeof order.payer.email === 'string' ? order.payer.email : undefined
    const payload: NotificationPayload = { order_id: order.id, product_id: order.productId, product_name: order.productName, payer_email: payerEmail }
    let dedupeKey = `${event.type}:${order.id}`
    if (event.type === 'paid_transaction') {
      const charge = event.paymentId === undefined ? await repo.latestSuccessfulCharge(tx, order.id) : undefined
      const paymentId = event.paymentId ?? charge?.id
      payload.amount = event.amount ?? charge?.amount ?? order.firstAmount
      payload.currency = event.currency ?? charge?.currency ?? order.currency
      dedupeKey = paymentId === undefined ? `${event.type}:${order.id}:${payload.amount}` : `${event.type}:${order.id}:${paymentId}`
    } else {
      payload.amount = event.amount ?? order.firstAmount
      payload.currency = event.currency ?? order.currency
    }
    await notify(deps, tx, { sellerId: order.sellerId, type: event.type, dedupeKey, payload })
  })
}

/** A payer answered a lesson quiz or commented on a lesson (the course player, in its transaction). */
export async function notifyCourseEvent(deps: AppDeps, tx: Executor, event: {
  sellerId: number; type: 'quiz_attempt' | 'comment'; refId: number; productId: number; productName: string; lessonId: number; lessonTitle: string
  payerName: string; passed?: boolean
}): Promise<void> {
  await notify(deps, tx, {
    sellerId: event.sellerId, type: event.type, dedupeKey: `${event.type}:${event.refId}`,
    payload: {
      product_id: event.productId, product_name: event.productName, lesson_id: event.lessonId, lesson_title: event.lessonTitle, payer_name: event.payerName,
      ...(event.passed === undefined ? {} : { passed: event.passed }),
    },
  })
}

/** A member's post waiting for the seller's review in a membership's community (docs/decisions/0083-community.md). */
export type CommunityPostEvent = { sellerId: number; postId: number; productId: number; productName: string; payerName: string }

/** The job that records a community post waiting for review; `notifyCommunityPostForReview` enqueues it. */
export const communityPostJob = 'notifications.community-post'

/**
 * Reports a community post waiting for review in the caller's transaction as one queued job (the post and its
 * notification commit together). Safe to run twice: one row per post (its dedupe key).
 */
export async function notifyCommunityPostForReview(deps: AppDeps, tx: Executor, event: CommunityPostEvent): Promise<void> {
  await deps.jobs.enqueue(tx, communityPostJob, event)
}

/** The job's work: the seller's community_new_post_for_review notification, once per post. */
export async function recordCommunityPost(deps: AppDeps, event: CommunityPostEvent): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await notify(deps, tx, {
      sellerId: event.sellerId, type: 'community_new_post_for_review', dedupeKey: `community_new_post_for_review:${event.postId}`,
      payload: { product_id: event.productId, product_name: event.productName, payer_name: event.payerName, post_id: event.postId },
    })
  })
}

// ------------------------------------------------------------------ income (cron jobs)

export type IncomeType = 'day_income' | 'week_income' | 'month_income'

const dayMs = 86_400_000
const day = (date: Date) => date.toISOString().slice(0, 10)

/**
 * The period an income notification reports, the one before `now` (UTC): yesterday, last ISO week
 * (Monday to Sunday), last calendar month. `till` is exclusive; `end` the last day shown.
 */
export function incomePeriod(type: IncomeType, now: Date): { from: Date; till: Date; start: string; end: string } {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  let from: Date
  let till: Date
  if (type === 'day_income') {
    till = today
    from = new Date(today.getTime() - dayMs)
  } else if (type === 'week_income') {
    till = new Date(today.getTime() - ((today.getUTCDay() + 6) % 7) * dayMs)
    from = new Date(till.getTime() - 7 * dayMs)
  } else {
    till = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
  }
  return { from, till, start: day(from), end: day(new Date(till.getTime() - dayMs)) }
}

/**
 * The sweep behind day_income, week_income and month_income: sums each seller's successful charges of
 * the previous period per currency and notifies every seller who earned something, once per period.
 */
export async function sendIncomeNotifications(deps: AppDeps, type: IncomeType, options: { sellerIds?: number[] } = {}): Promise<number> {
  const period = incomePeriod(type, deps.now())
  const rows = await repo.incomeTotals(deps.db, period.from, period.till, options.sellerIds)
  const bySeller = new Map<number, { currency: string; amount: number; count: number }[]>()
  for (const r of rows) {
    if (r.amount <= 0) continue
    bySeller.set(r.sellerId, [...(bySeller.get(r.sellerId) ?? []), { currency: r.currency, amount: r.amount, count: r.count }])
  }
  let sent = 0
  for (const [sellerId, totals] of bySeller) {
    const created = await deps.db.transaction((tx) => notify(deps, tx, {
      sellerId, type, dedupeKey: `${type}:${period.start}`, payload: { totals, period_start: period.start, period_end: period.end },
    }))
    if (created) sent++
  }
  return sent
}

// ------------------------------------------------------------------ the seller's list and settings

function output(row: repo.NotificationRow): NotificationOutput {
  return {
    id: row.id, type: row.type as NotificationType, payload: row.payload as NotificationPayload, read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/** GET /cabinet/notifications: newest first by default, with the seller's unread count. */
export async function listNotifications(ctx: Ctx, query: NotificationListQuery): Promise<ListAnswer<NotificationOutput> & { unread_count: number }> {
  const sellerId = actingSellerId(ctx.actor, 'dashboard.read')
  const { rows, total, totalMax } = await repo.list(ctx.db, sellerId, {
    type: query.type, state: query.state,
    createdFrom: query.created_from_time ? new Date(query.created_from_time) : undefined,
    createdTill: query.created_till_time ? new Date(query.created_till_time) : undefined,
  }, { offset: (query.page - 1) * query.per, limit: query.per, sortKey: query.sort_key ?? 'id', sortDir: query.sort_dir ?? 'desc' })
  return { list: rows.map(output), total_count: total, total_count_max: totalMax, unread_count: await repo.unreadCount(ctx.db, sellerId) }
}

/** POST /cabinet/notifications/{id}/read: another seller's id is 404. */
export async function markRead(ctx: Ctx, id: number): Promise<NotificationOutput> {
  const sellerId = actingSellerId(ctx.actor, 'dashboard.read')
  await repo.markRead(ctx.db, sellerId, id, ctx.now)
  const row = await repo.findOfSeller(ctx.db, sellerId, id)
  if (!row) throw new AppError('not_found', 'This notification does not exist')
  return output(row)
}

export async function markAllRead(ctx: Ctx): Promise<{ marked: number; unread_count: number }> {
  const sellerId = actingSellerId(ctx.actor, 'dashboard.read')
  const marked = await repo.markAllRead(ctx.db, sellerId, ctx.now)
  return { marked, unread_count: await repo.unreadCount(ctx.db, sellerId) }
}

async function settingsList(db: Executor, sellerId: number): Promise<NotificationSetting[]> {
  const saved = new Map((await repo.settingsOf(db, sellerId)).map((s) => [s.type, s]))
  return notificationTypes.map((type) => {
    const row = saved.get(type)
    return row ? { type, in_app: row.inApp, email: row.email } : { type, ...defaultNotificationSetting(type) }
  })
}

export async function getSettings(ctx: Ctx): Promise<{ list: NotificationSetting[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return { list: await settingsList(ctx.db, sellerId) }
}

/** PUT /cabinet/notification_settings: the types given change; the others keep what they had. */
export async function updateSettings(ctx: Ctx, input: UpdateNotificationSettingsInput): Promise<{ list: NotificationSetting[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  return ctx.db.transaction(async (tx) => {
    await repo.upsertSettings(tx, sellerId, input.list.map((s) => ({ type: s.type, inApp: s.in_app, email: s.email })), ctx.now)
    return { list: await settingsList(tx, sellerId) }
  })
}

/** POST /admin/sellers/{id}/notifications: a manager's message, delivered as the seller's settings say. */
export async function sendCustomNotification(ctx: Ctx, sellerId: number, input: CustomNotificationInput): Promise<{ in_app: boolean; email: boolean }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.sellerExists(tx, sellerId))) throw new AppError('not_found', 'This seller does not exist')
    const setting = await settingFor(tx, sellerId, 'custom_notification')
    await notify(ctx.deps, tx, {
      sellerId, type: 'custom_notification', dedupeKey: `custom_notification:${randomUUID()}`,
      payload: { title: input.title, text: input.text },
    })
    return { in_app: setting.inApp, email: setting.email }
  })
}
