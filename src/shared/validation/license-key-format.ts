import type { MessageKey } from './messages'

// License key formats (docs/reference/catalogue-and-selling.md §5). A format is literal text with placeholders in braces:
//
//   {alphabetic:N}    N random letters A-Z
//   {alphanumeric:N}  N random characters A-Z and 0-9
//   {numeric:N}       N random digits 0-9
//   {protection_token} the payer's protection token, filled in when the key is delivered
//
// e.g. `PRO-{alphanumeric:5}-{numeric:4}` -> `PRO-7KQ2Z-0481`. N is 1..64, and at least one placeholder
// has a size of 3 or more (the spec's "size of at least 3 somewhere"), so a format cannot make only a
// handful of distinct keys. Literal text is letters, digits and - _ . / # : (no spaces, no braces).
// The protection token is detected (hasProtectionToken) and kept verbatim by generation: it names the
// buyer, not the key, so the delivery replaces it per order.
//
// Errors, as message keys: license_key_format_invalid (the text is not a format: it names the
// {type:size} placeholder), license_key_format_size (no placeholder of size >= 3, or a size out of 1..64),
// license_key_format_type (a placeholder type other than the three).

export const licenseKeyPlaceholderTypes = ['alphabetic', 'alphanumeric', 'numeric'] as const
export type LicenseKeyPlaceholderType = (typeof licenseKeyPlaceholderTypes)[number]

export const protectionTokenPlaceholder = '{protection_token}'
export const licenseKeyMinPlaceholderSize = 3
export const licenseKeyMaxPlaceholderSize = 64
export const licenseKeyFormatMaxLength = 200
/** The longest key a format may make (and the longest key stored). */
export const licenseKeyMaxLength = 200

export type LicenseKeyFormatPart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly type: LicenseKeyPlaceholderType; readonly size: number }
  | { readonly kind: 'protection_token' }

export type LicenseKeyFormatIssue = Extract<MessageKey, 'license_key_format_invalid' | 'license_key_format_size' | 'license_key_format_type'>

export type ParsedLicenseKeyFormat =
  | { readonly ok: true; readonly parts: readonly LicenseKeyFormatPart[] }
  | { readonly ok: false; readonly issue: LicenseKeyFormatIssue }

const literalPattern = /^[A-Za-z0-9\-_./#:]+$/
const placeholderPattern = /^\{([a-z_]+)(?::(\d+))?\}$/
const tokenPattern = /\{[^{}]*\}|[^{}]+|[{}]/g

const alphabet: Record<LicenseKeyPlaceholderType, string> = {
  alphabetic: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  alphanumeric: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  numeric: '0123456789',
}

function isPlaceholderType(value: string): value is LicenseKeyPlaceholderType {
  return (licenseKeyPlaceholderTypes as readonly string[]).includes(value)
}

/** Splits a format into literal text and placeholders, or names its first problem. */
export function parseLicenseKeyFormat(format: string): ParsedLicenseKeyFormat {
  if (format.length === 0 || format.length > licenseKeyFormatMaxLength) return { ok: false, issue: 'license_key_format_invalid' }
  const parts: LicenseKeyFormatPart[] = []
  let typeIssue = false
  let sizeIssue = false
  for (const token of format.match(tokenPattern) ?? []) {
    if (!token.startsWith('{')) {
      if (!literalPattern.test(token)) return { ok: false, issue: 'license_key_format_invalid' }
      parts.push({ kind: 'literal', text: token })
      continue
    }
    if (token === protectionTokenPlaceholder) {
      parts.push({ kind: 'protection_token' })
      continue
    }
    const match = placeholderPattern.exec(token)
    if (!match) return { ok: false, issue: 'license_key_format_invalid' }
    const [, type, sizeText] = match
    if (!isPlaceholderType(type!)) {
      typeIssue = true
      continue
    }
    if (sizeText === undefined) return { ok: false, issue: 'license_key_format_invalid' }
    const size = Number(sizeText)
    if (size < 1 || size > licenseKeyMaxPlaceholderSize) sizeIssue = true
    parts.push({ kind: 'placeholder', type, size })
  }
  if (typeIssue) return { ok: false, issue: 'license_key_format_type' }
  const placeholders = parts.filter((part) => part.kind === 'placeholder')
  if (placeholders.length === 0) return { ok: false, issue: 'license_key_format_invalid' }
  if (sizeIssue || !placeholders.some((part) => part.size >= licenseKeyMinPlaceholderSize)) return { ok: false, issue: 'license_key_format_size' }
  const length = parts.reduce((sum, part) => sum + (part.kind === 'literal' ? part.text.length : part.kind === 'placeholder' ? part.size : protectionTokenPlaceholder.length), 0)
  if (length > licenseKeyMaxLength) return { ok: false, issue: 'license_key_format_size' }
  return { ok: true, parts }
}

/** The message key of a format's problem; undefined for a valid format. */
export function licenseKeyFormatIssue(format: string): LicenseKeyFormatIssue | undefined {
  const parsed = parseLicenseKeyFormat(format)
  return parsed.ok ? undefined : parsed.issue
}

/** docs/reference/catalogue-and-selling.md §5: a format containing the protection token placeholder is detected. */
export function hasProtectionToken(format: string): boolean {
  return format.includes(protectionTokenPlaceholder)
}

/**
 * How many distinct keys a valid format can make (Infinity when it exceeds the safe integer range), so a
 * request for more keys than exist can be refused before generating.
 */
export function licenseKeyFormatCapacity(format: string): number {
  const parsed = parseLicenseKeyFormat(format)
  if (!parsed.ok) return 0
  let capacity = 1
  for (const part of parsed.parts) {
    if (part.kind !== 'placeholder') continue
    capacity *= alphabet[part.type].length ** part.size
    if (capacity > Number.MAX_SAFE_INTEGER) return Infinity
  }
  return capacity
}

/**
 * One key made from a valid format. `random(n)` answers a uniformly random whole number in 0..n-1; the
 * server passes a cryptographically safe one (node:crypto randomInt), as shared code cannot import it.
 * Throws a RangeError for an invalid format (check it with licenseKeyFormatIssue first).
 */
export function generateLicenseKey(format: string, random: (n: number) => number): string {
  const parsed = parseLicenseKeyFormat(format)
  if (!parsed.ok) throw new RangeError(`invalid license key format: ${parsed.issue}`)
  let key = ''
  for (const part of parsed.parts) {
    if (part.kind === 'literal') key += part.text
    else if (part.kind === 'protection_token') key += protectionTokenPlaceholder
    else {
      const chars = alphabet[part.type]
      for (let i = 0; i < part.size; i++) key += chars[random(chars.length)]
    }
  }
  return key
}
