import type { MessageKey } from './messages'

// docs/reference/readings.md 18: 8 to 40 characters with at least one character from the special set. Lengths count
// UTF-16 code units, like zod's .max() and the browser's maxlength, so form and server agree.

export const passwordMinLength = 8
export const passwordMaxLength = 40
/** Exactly the set of docs/reference/readings.md 18, which is every ASCII punctuation character. */
export const passwordSpecialCharacters = '!@#$%^&*()-_=+[]{};:\'",.<>/?\\|`~'

export type PasswordIssue = Extract<MessageKey, 'password_too_short' | 'password_too_long' | 'password_needs_special'>

export function passwordIssue(value: string): PasswordIssue | undefined {
  if (value.length < passwordMinLength) return 'password_too_short'
  if (value.length > passwordMaxLength) return 'password_too_long'
  if (![...value].some((char) => passwordSpecialCharacters.includes(char))) return 'password_needs_special'
  return undefined
}

export function isPassword(value: string): boolean {
  return passwordIssue(value) === undefined
}
