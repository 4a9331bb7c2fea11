import { z } from 'zod'
import { zIdParam, notBlank, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'
import { uniqueBy } from '../validation/document-rules'

// The seller's notifications (docs/reference/accounts-and-orders.md §3 "Notification types"): in the app (the bell and
// /cabinet/notifications) and by mail, as the seller's settings say (/cabinet/settings/notifications).

export const notificationTypes = [
  'quiz_attempt', 'comment', 'free_transaction', 'paid_transaction', 'day_income', 'week_income', 'month_income', 'order_created',
  'order_canceled', 'custom_notification', 'community_new_post_for_review',
] as const
export type NotificationType = (typeof notificationTypes)[number]

/** Without a saved row: every type in the app; by mail only money in (paid_transaction) and cancellations. */
export function defaultNotificationSetting(type: NotificationType): { in_app: boolean; email: boolean } {
  return { in_app: true, email: type === 'paid_transaction' || type === 'order_canceled' }
}

export const notificationSortKeys = ['id', 'created_at'] as const

/** GET /cabinet/notifications: the list parameters and the filters type, state (read/unread), created range. */
export const notificationListQuery = listQuery.extend({
  sort_key: z.enum(notificationSortKeys).optional(),
  type: z.enum(notificationTypes).optional(),
  state: z.enum(['read', 'unread']).optional(),
})
export type NotificationListQuery = z.infer<typeof notificationListQuery>

/**
 * What a notification's text is made of; which keys are set depends on the type (the texts per type are
 * in the web app's `notifications` namespace and in the mail's texts on the server).
 */
export const notificationPayload = z.object({
  order_id: z.number().optional(),
  product_id: z.number().optional(),
  product_name: z.string().optional(),
  payer_email: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  /** Income notifications: the totals per currency and the period they cover (YYYY-MM-DD, inclusive). */
  totals: z.array(z.object({ currency: z.string(), amount: z.number(), count: z.number() })).optional(),
  period_start: z.string().optional(),
  period_end: z.string().optional(),
  /** custom_notification: a manager's title and text. */
  title: z.string().optional(),
  text: z.string().optional(),
  /** quiz_attempt and comment: where in which course. */
  lesson_id: z.number().optional(),
  lesson_title: z.string().optional(),
  payer_name: z.string().optional(),
  passed: z.boolean().optional(),
}).catchall(z.unknown())
export type NotificationPayload = z.infer<typeof notificationPayload>

export const notificationOutput = z.object({
  id: z.number(),
  type: z.enum(notificationTypes),
  payload: notificationPayload,
  read_at: z.string().nullable(),
  created_at: z.string(),
})
export type NotificationOutput = z.infer<typeof notificationOutput>

export const notificationListOutput = listOutput(notificationOutput).extend({
  /** The seller's unread notifications, whatever the filters. */
  unread_count: z.number().int(),
})

export const notificationParams = z.object({ id: zIdParam() })

export const readAllOutput = z.object({ marked: z.number().int(), unread_count: z.number().int() })

export const notificationSetting = z.strictObject({
  type: z.enum(notificationTypes),
  in_app: z.boolean(),
  email: z.boolean(),
})
export type NotificationSetting = z.infer<typeof notificationSetting>

/** GET answers every type (defaults where nothing is saved); PUT takes the types to change. */
export const notificationSettingsOutput = z.object({ list: z.array(notificationSetting) })
export const updateNotificationSettingsInput = z.strictObject({
  list: z.array(notificationSetting).min(1).max(notificationTypes.length)
    .refine((list) => new Set(list.map((s) => s.type)).size === list.length, { message: 'Each type once' }).meta(uniqueBy('type')),
})
export type UpdateNotificationSettingsInput = z.infer<typeof updateNotificationSettingsInput>

/** POST /admin/sellers/{id}/notifications: a manager's message to one seller. */
export const customNotificationInput = z.strictObject({
  title: zText().trim().min(1).max(200),
  text: zText().trim().min(1).regex(notBlank).max(5000),
})
export type CustomNotificationInput = z.infer<typeof customNotificationInput>
export const sellerParams = z.object({ id: zIdParam() })
