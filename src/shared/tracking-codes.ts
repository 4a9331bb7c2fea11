import type { FeatureFlag } from './accounts'
import { isTrackingId, type TrackingIdType } from './validation/tracking'

// Tracking codes (docs/reference/catalogue-and-selling.md §5, docs/decisions/0074-tracking-with-consent.md): the
// types, the storefront events they fire on, the consent category each needs by default, the feature flag
// that allows each, and the hosts the storefront's CSP opens for each once the payer consented. Plain data:
// the server, the back office and the storefront read it alike (no zod here).

export const trackingCodeTypes = ['google_analytics', 'google_analytics_4', 'google_tag_manager', 'facebook_pixel', 'custom_tracking_codes', 'tracify'] as const
export type TrackingCodeType = (typeof trackingCodeTypes)[number]

/** The storefront pages that push an event to `window.dataLayer`, by the event's name. */
export const trackingEvents = ['shop_page', 'product_page', 'payment_page', 'funnel_page', 'success_page', 'shop_sub_page'] as const
export type TrackingEvent = (typeof trackingEvents)[number]

/** The data fields each event carries (besides `event` and `seller`). Prices are decimal major units, currency upper case. */
export const trackingEventFields = {
  shop_page: ['seller', 'page'],
  product_page: ['seller', 'product_id', 'product_name', 'price', 'currency'],
  payment_page: ['seller', 'product_id', 'product_name', 'price', 'currency'],
  funnel_page: ['seller', 'funnel_id', 'product_id', 'product_name', 'price', 'currency'],
  success_page: ['seller', 'order_id', 'product_id', 'product_name', 'value', 'currency'],
  shop_sub_page: ['seller', 'page_path'],
} as const satisfies Record<TrackingEvent, readonly string[]>

/** The consent categories a tracking code may need (ids of src/shared/cookie-consent.ts). */
export const trackingConsentCategories = ['statistics', 'marketing'] as const
export type TrackingConsentCategory = (typeof trackingConsentCategories)[number]

export const defaultConsentCategory: Record<TrackingCodeType, TrackingConsentCategory> = {
  google_analytics: 'statistics',
  google_analytics_4: 'statistics',
  google_tag_manager: 'statistics',
  facebook_pixel: 'marketing',
  custom_tracking_codes: 'marketing',
  tracify: 'marketing',
}

/**
 * The feature flag of each type (docs/reference/accounts-and-orders.md §6 has no flag of its own for custom codes
 * or tracify: custom codes go with `custom_css` (the seller's own code on the pages), tracify with
 * `conversion_tools`; decision 0074).
 */
export const trackingCodeFeature: Record<TrackingCodeType, FeatureFlag> = {
  google_analytics: 'google_analytics',
  google_analytics_4: 'google_analytics',
  google_tag_manager: 'tag_manager',
  facebook_pixel: 'facebook_pixel',
  custom_tracking_codes: 'custom_css',
  tracify: 'conversion_tools',
}

/** Tracify's account id (its "csid"): the spec gives no rule; letters, digits and dashes, 6 to 64. */
export const tracifyIdPattern = /^[A-Za-z0-9-]{6,64}$/

/** Whether `value` is a valid tracking id of `type` (custom codes carry code instead of an id). */
export function isTrackingIdOf(type: TrackingCodeType, value: string): boolean {
  if (type === 'custom_tracking_codes') return false
  if (type === 'tracify') return tracifyIdPattern.test(value)
  return isTrackingId(type as TrackingIdType, value)
}

/** What a valid id of each type looks like, for messages and placeholders. */
export const trackingIdExamples: Record<Exclude<TrackingCodeType, 'custom_tracking_codes'>, string> = {
  google_analytics: 'UA-12345678-1',
  google_analytics_4: 'G-ABC123XYZ9',
  google_tag_manager: 'GTM-ABC1234',
  facebook_pixel: '1234567890123456',
  tracify: 'a1b2c3d4-e5f6',
}

export type CspSources = { script: string[]; connect: string[]; img: string[]; frame: string[] }

const google = {
  script: ['https://www.googletagmanager.com'],
  connect: ['https://www.googletagmanager.com', 'https://www.google-analytics.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com'],
  img: ['https://www.googletagmanager.com', 'https://www.google-analytics.com'],
  frame: [],
}

/** The hosts each type's vendor script loads from and talks to (custom codes: their own hosts, from the sanitised code). */
export const trackingCspSources: Record<Exclude<TrackingCodeType, 'custom_tracking_codes'>, CspSources> = {
  google_analytics: google,
  google_analytics_4: google,
  google_tag_manager: { ...google, frame: ['https://www.googletagmanager.com'] },
  facebook_pixel: { script: ['https://connect.facebook.net'], connect: ['https://www.facebook.com', 'https://connect.facebook.net'], img: ['https://www.facebook.com'], frame: [] },
  tracify: { script: ['https://scripts.tracify.ai'], connect: ['https://*.tracify.ai'], img: [], frame: [] },
}

/** A tracking code as the storefront's loader receives it once the payer consented to its category. */
export type StorefrontTrackingCode = {
  id: number
  type: TrackingCodeType
  tracking_id: string | null
}

/** What a storefront page hands its tracking loader: the event for the data layer and the consented codes. */
export type StorefrontTrackingConfig = { event: Record<string, string | number | null>; codes: StorefrontTrackingCode[] }

/** The element id of the loader's configuration (`<script type="application/json">`). */
export const trackingConfigElementId = 'sf-tracking'
