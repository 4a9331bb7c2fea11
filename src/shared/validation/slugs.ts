import type { MessageKey } from './messages'
import { hasCyrillic } from './text'

// docs/reference/accounts-and-orders.md §5 has two slug forms. "Letters" are any script's letters except Cyrillic, which
// docs/reference/readings.md 20 refuses in slugs (look-alike addresses).

export const slugMinLength = 2
export const slugMaxLength = 102
/** Form 1, the address of a shop or product: letters, digits and hyphens, 2 to 102 characters. */
const slugPattern = /^[\p{L}0-9-]{2,102}$/u
/** Form 2: an optional hyphen and a letter first, then letters, digits, underscores or hyphens. */
const identifierSlugPattern = /^-?\p{L}[\p{L}0-9_-]*$/u

// docs/reference/readings.md 16: paths the app itself answers at the root, so no shop or product may take them.
export const reservedSlugs = [
  'plans', 'terms', 'privacy', 'imprint', 'cabinet', 'publish', 'team_member', 'payer', 'admin', 'users', 'emails',
  'email_logs', 's', 'v', 'api', 'healthz', 'certificates', 'preise', 'elopage_promos', 'ablefy_promos',
] as const
// docs/reference/readings.md 16: the app's own pages under /s/{username}/, so no product slug may take them.
export const reservedSellerPathSegments = ['sign_in', 'document', 'payment', 'courses'] as const

export function isSlug(value: string): boolean {
  return slugPattern.test(value) && !hasCyrillic(value)
}

export function isIdentifierSlug(value: string): boolean {
  return identifierSlugPattern.test(value) && !hasCyrillic(value)
}

/** Compared in lowercase: "/Cabinet" must not become a shop beside "/cabinet". */
export function isReservedSlug(value: string): boolean {
  return (reservedSlugs as readonly string[]).includes(value.toLowerCase())
}

export function isReservedSellerPathSegment(value: string): boolean {
  return (reservedSellerPathSegments as readonly string[]).includes(value.toLowerCase())
}

export type SlugIssue = Extract<MessageKey, 'cyrillic' | 'invalid_slug' | 'reserved_slug'>

/** Form 1; Cyrillic gets its own message so the user knows which letters to change. */
export function slugIssue(value: string): SlugIssue | undefined {
  if (hasCyrillic(value)) return 'cyrillic'
  if (!isSlug(value)) return 'invalid_slug'
  return undefined
}

/** A shop's slug: form 1 and not reserved at the root. */
export function shopSlugIssue(value: string): SlugIssue | undefined {
  return slugIssue(value) ?? (isReservedSlug(value) ? 'reserved_slug' : undefined)
}

/** A product's slug: a shop slug that is also none of the seller's own pages (docs/reference/readings.md 16). */
export function productSlugIssue(value: string): SlugIssue | undefined {
  return shopSlugIssue(value) ?? (isReservedSellerPathSegment(value) ? 'reserved_slug' : undefined)
}
