import { AppError } from '../../../shared/errors'
import { defaultPush, type MobileDocumentOutput, type MobilePushSetting, type UpdateMobilePushSettingsInput } from '../../../shared/schemas/mobile-app'
import { notificationTypes } from '../../../shared/schemas/notifications'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, featureEnabled, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as shop from '../catalog/shop.service'
import * as legalTexts from '../checkout-settings/legal-texts.service'
import * as repo from './mobile-app.repository'

// The seller's mobile app (docs/decisions/0086-live-shopping-and-mobile-app.md), behind the mobile_app flag: the
// legal documents the app shows, and which of the seller's notification types reach the app's users as push
// notifications. Sending pushes needs a push service the platform does not have yet: the settings are what the
// app (and a later push sender) read.

const noDocument = () => new AppError('not_found', 'No such document')

/** Paragraphs (blank lines) with line breaks, every character of the text escaped: the stored text never becomes markup. */
export function textToHtml(text: string): string {
  const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
  return text.trim().split(/\n\s*\n/).map((p) => `<p>${p.split('\n').map(escape).join('<br>')}</p>`).join('\n')
}

/**
 * GET /shop/{sellerId}/mobile_app/document/{id}: one of the seller's legal documents for the app. 404 when the shop
 * is closed or unknown, the mobile_app flag is off, or the id names another seller's cancellation terms.
 */
export async function appDocument(ctx: Ctx, sellerId: number, id: string): Promise<MobileDocumentOutput> {
  const seller = await shop.openShopSeller(ctx, sellerId)
  if (!seller) throw noDocument()
  if (!featureEnabled({ sellerFeatures: await repo.sellerFeatures(ctx.db, seller.id) ?? {} }, 'mobile_app')) throw noDocument()
  const which = id === 'terms' || id === 'privacy' || id === 'cancellation_terms' ? id : Number(id)
  const document = await legalTexts.legalDocumentOf(ctx.db, seller.id, which)
  if (!document) throw noDocument()
  return {
    document: {
      id, kind: document.kind, title: document.title, body: document.body, body_html: textToHtml(document.body), language: document.language,
      is_default: document.isDefault, updated_at: document.updatedAt?.toISOString() ?? null,
    },
  }
}

async function settingsList(db: Executor, sellerId: number): Promise<MobilePushSetting[]> {
  const saved = new Map((await repo.pushSettings(db, sellerId)).map((s) => [s.type, s.push]))
  return notificationTypes.map((type) => ({ type, push: saved.get(type) ?? defaultPush(type) }))
}

/** GET /cabinet/mobile_app/notification_settings: every notification type with whether it is pushed to the app. */
export async function getPushSettings(ctx: Ctx): Promise<{ list: MobilePushSetting[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  assertFeature(ctx, 'mobile_app')
  return { list: await settingsList(ctx.db, sellerId) }
}

/** PUT /cabinet/mobile_app/notification_settings: the types given change; the others keep what they had. */
export async function updatePushSettings(ctx: Ctx, input: UpdateMobilePushSettingsInput): Promise<{ list: MobilePushSetting[] }> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  assertFeature(ctx, 'mobile_app')
  return ctx.db.transaction(async (tx) => {
    await repo.upsertPushSettings(tx, sellerId, input.list, ctx.deps.now())
    return { list: await settingsList(tx, sellerId) }
  })
}
