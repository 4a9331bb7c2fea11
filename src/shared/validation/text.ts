// Plain-text rules shared by every free-text field. Escaping on output is the real defence; refusing
// script tags on input (docs/reference/readings.md 20) also keeps them out of CSV exports, emails and webhooks.

/** `<script`, `</script`, `< script ...>` in any case; `<scripts>` or `description` are not tags. */
const scriptTag = /<\s*\/?\s*script(?=[\s/>]|$)/i
const cyrillic = /\p{Script=Cyrillic}/u

export function hasScriptTag(value: string): boolean {
  return scriptTag.test(value)
}

/** docs/reference/readings.md 20: refused in usernames and slugs (look-alike names), allowed elsewhere. */
export function hasCyrillic(value: string): boolean {
  return cyrillic.test(value)
}

/** The spec's length helper: min and max inclusive, counted in UTF-16 code units like zod and maxlength. */
export function isLengthBetween(value: string, min: number, max: number): boolean {
  return value.length >= min && value.length <= max
}

/** First and last names. */
export const personNameMaxLength = 50
/** A profile's display name. */
export const profileNameMaxLength = 60

/** A required name: after trimming 1..max characters, no script tag. */
export function isPersonName(value: string, max: number = personNameMaxLength): boolean {
  return isLengthBetween(value.trim(), 1, max) && !hasScriptTag(value)
}

export function isProfileName(value: string): boolean {
  return isPersonName(value, profileNameMaxLength)
}
