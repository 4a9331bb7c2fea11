// Cookie consent categories (docs/reference/accounts-and-orders.md §3 "Consent"): the accepted ones are kept in the cookie
// `sf_cookie_consent` as `all` or a comma list of category ids. Required ones cannot be refused.
export const cookieConsentCookie = 'sf_cookie_consent'

export const cookieConsentCategories = [
  { id: 1, key: 'necessary', name: 'Necessary', description: 'Sign-in, security and the consent choice itself. Always on.', required: true },
  { id: 2, key: 'preferences', name: 'Preferences', description: 'Remembers choices such as the language.', required: false },
  { id: 3, key: 'statistics', name: 'Statistics', description: 'Counts visits to improve pages; only with tracking codes the seller adds.', required: false },
  { id: 4, key: 'marketing', name: 'Marketing', description: 'Advertising pixels a seller adds to their pages.', required: false },
] as const

/** Reads the cookie's value into the accepted category ids. */
export function parseConsent(value: string | undefined): number[] {
  const required = cookieConsentCategories.filter((c) => c.required).map((c) => c.id)
  if (!value) return required
  if (value === 'all') return cookieConsentCategories.map((c) => c.id)
  const ids = value.split(',').map((v) => Number(v.trim())).filter((id) => cookieConsentCategories.some((c) => c.id === id))
  return [...new Set([...required, ...ids])].sort((a, b) => a - b)
}

export function serializeConsent(ids: number[]): string {
  const all = cookieConsentCategories.every((c) => ids.includes(c.id))
  return all ? 'all' : [...new Set(ids)].sort((a, b) => a - b).join(',')
}
