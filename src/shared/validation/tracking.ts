// docs/reference/catalogue-and-selling.md §5: tracking IDs by tracking code type. The prefixes are the spec's; what follows
// them is the vendors' published shape (UA-12345678-1, G-ABC123XYZ9, GTM-ABC1234).

export const trackingIdPatterns = {
  google_analytics: /^UA-[0-9]+-[0-9]+$/,
  google_analytics_4: /^G-[A-Z0-9]+$/,
  google_tag_manager: /^GTM-[A-Z0-9]+$/,
  /** Exactly 16 characters, all digits. */
  facebook_pixel: /^[0-9]{16}$/,
} as const satisfies Record<string, RegExp>

/** The tracking code types that carry an ID (custom codes and tracify carry a snippet instead). */
export type TrackingIdType = keyof typeof trackingIdPatterns
export const trackingIdTypes = Object.keys(trackingIdPatterns) as TrackingIdType[]

export function isTrackingId(type: TrackingIdType, value: string): boolean {
  return trackingIdPatterns[type].test(value)
}
