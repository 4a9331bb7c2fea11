import type { MessageKey } from './messages'
import { hasCyrillic } from './text'

// docs/reference/accounts-and-orders.md §5: a letter first, then letters, digits, underscore, hyphen or space. "Letters" are
// any script's letters except Cyrillic (docs/reference/readings.md 20), which is refused for look-alike names.
// Whether a name is taken is the server's lowercased lookup, not a rule here.

export const usernameMinLength = 3
export const usernameMaxLength = 50
const usernamePattern = /^\p{L}[\p{L}0-9_ -]*$/u

export type UsernameIssue = Extract<MessageKey, 'cyrillic' | 'username_too_short' | 'username_too_long' | 'invalid_username'>

/** Checks the value as given; callers trim first (zUsername does). */
export function usernameIssue(value: string): UsernameIssue | undefined {
  if (hasCyrillic(value)) return 'cyrillic'
  if (value.length < usernameMinLength) return 'username_too_short'
  if (value.length > usernameMaxLength) return 'username_too_long'
  if (!usernamePattern.test(value)) return 'invalid_username'
  return undefined
}

export function isUsername(value: string): boolean {
  return usernameIssue(value) === undefined
}
