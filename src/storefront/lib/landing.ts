// Helpers of the affiliate landing page and embeddable items (docs/decisions/0048-affiliates.md): block
// props are the seller's free-form values, so every one is read as the type it must be, and links only as
// http(s) or a path of this site.

export function textProp(props: Record<string, unknown>, name: string, max = 5000): string | null {
  const value = props[name]
  return typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null
}

/** An http(s) URL or a site path; anything else (javascript:, data:, protocol-relative) is null. */
export function safeUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const url = value.trim()
  if (/^\/(?!\/)/.test(url)) return url
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

/** A CSS colour in hex (#rgb, #rrggbb); anything else is null, so nothing else reaches a style attribute. */
export function hexColor(value: unknown): string | null {
  return typeof value === 'string' && /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i.test(value.trim()) ? value.trim() : null
}

export const landingThemeNames = ['classic', 'bold', 'minimal'] as const
export function landingTheme(value: string): (typeof landingThemeNames)[number] {
  return (landingThemeNames as readonly string[]).includes(value) ? value as (typeof landingThemeNames)[number] : 'classic'
}

/** The web app's page where a publisher joins the program, keeping the recruiting publisher's token. */
export function joinPath(programId: number, recruitedBy: string | null): string {
  return `/publish/affiliate_marketplace/${programId}${recruitedBy ? `?recruited_by=${encodeURIComponent(recruitedBy)}` : ''}`
}
