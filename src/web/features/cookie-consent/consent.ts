// docs/reference/accounts-and-orders.md §3 "Consent": the accepted categories live in a cookie, as `all` or a comma list of
// category ids. Required categories are always on.

export const CONSENT_COOKIE = 'sf_cookie_consent'
export const CONSENT_MAX_AGE_S = 365 * 24 * 60 * 60

export type Consent = 'all' | string[]
export type ConsentCategory = { id: number | string; required: boolean }

/** Reads the consent from a `document.cookie` string; null when the user has not chosen yet. */
export function parseConsent(cookieHeader: string): Consent | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    if (name !== CONSENT_COOKIE) continue
    const value = decodeURIComponent(rest.join('='))
    if (value === 'all') return 'all'
    return value.split(',').map((id) => id.trim()).filter(Boolean)
  }
  return null
}

/** The cookie value for a choice: `all` when every category is on, else the ids (required ones included). */
export function serializeConsent(chosenIds: readonly (number | string)[], categories: readonly ConsentCategory[]): string {
  const ids = new Set(chosenIds.map(String))
  for (const category of categories) if (category.required) ids.add(String(category.id))
  if (categories.length > 0 && categories.every((c) => ids.has(String(c.id)))) return 'all'
  return categories.filter((c) => ids.has(String(c.id))).map((c) => String(c.id)).join(',')
}

export function consentCookie(value: string, secure: boolean): string {
  return `${CONSENT_COOKIE}=${encodeURIComponent(value).replace(/%2C/g, ',')}; Path=/; Max-Age=${CONSENT_MAX_AGE_S}; SameSite=Lax${secure ? '; Secure' : ''}`
}

export function isAccepted(consent: Consent | null, category: ConsentCategory): boolean {
  if (category.required) return true
  if (consent === null) return false
  return consent === 'all' || consent.includes(String(category.id))
}
