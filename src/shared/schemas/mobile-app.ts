import { z } from 'zod'
import { zIdParam } from '../validation/storable'
import { notificationTypes, type NotificationType } from './notifications'

// The seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md), behind the mobile_app flag: the
// legal documents an app shows (GET /shop/{sellerId}/mobile_app/document/{id}) and which of the seller's
// notifications reach the app's users as push notifications (/cabinet/mobile_app/notification_settings).

/** A document of the app: terms of sale, privacy policy, cancellation terms (a form's, or saved terms by their id). */
export const mobileDocumentIds = ['terms', 'privacy', 'cancellation_terms'] as const
export const mobileDocumentParams = z.strictObject({
  sellerId: zIdParam(),
  id: z.string().regex(/^(terms|privacy|cancellation_terms|[1-9]\d{0,9})$/, { error: 'invalid_value' })
    .meta({ description: 'terms, privacy, cancellation_terms, or the id of the seller\'s saved cancellation terms' }),
})

export const mobileDocumentOutput = z.object({
  document: z.object({
    id: z.string(),
    kind: z.enum(['terms', 'privacy', 'cancellation_terms']),
    title: z.string(),
    /** The text as the seller stored it (plain text, paragraphs split by blank lines). */
    body: z.string(),
    /** The same text as HTML for a web view: escaped, in paragraphs with line breaks; nothing of the text is markup. */
    body_html: z.string(),
    /** The language of the text: the templates' language for the seller's country. */
    language: z.enum(['de', 'en']),
    /** true: the template filled with the seller's profile (nothing saved). */
    is_default: z.boolean(),
    updated_at: z.string().nullable(),
  }),
})
export type MobileDocumentOutput = z.infer<typeof mobileDocumentOutput>

/** Without a saved row: the sales the seller hears of at once are pushed; summaries, quiz and comment news are not. */
const pushedByDefault: readonly NotificationType[] = ['order_created', 'paid_transaction', 'free_transaction', 'order_canceled', 'custom_notification']
export function defaultPush(type: NotificationType): boolean {
  return pushedByDefault.includes(type)
}

export const mobilePushSetting = z.strictObject({ type: z.enum(notificationTypes, { error: 'invalid_value' }), push: z.boolean({ error: 'invalid_value' }) })
export type MobilePushSetting = z.infer<typeof mobilePushSetting>
/** GET answers every type (defaults where nothing is saved); PUT takes the types to change. */
export const mobilePushSettingsOutput = z.object({ list: z.array(mobilePushSetting) })
export const updateMobilePushSettingsInput = z.strictObject({
  list: z.array(mobilePushSetting).min(1).max(notificationTypes.length)
    .refine((list) => new Set(list.map((s) => s.type)).size === list.length, { error: 'duplicate_type' }),
})
export type UpdateMobilePushSettingsInput = z.infer<typeof updateMobilePushSettingsInput>
