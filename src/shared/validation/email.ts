import { isDomain } from './web'

// docs/reference/accounts-and-orders.md §5: an email must look like an email. The local part takes the RFC 5322 "atext"
// characters in dot-separated atoms; the domain must be a public host name (see isDomain).
// Addresses are kept as typed (not lowercased); only the server's lookups compare case-insensitively.

export const emailMaxLength = 254
const localPartMaxLength = 64
const localPart = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/

export function isEmail(value: string): boolean {
  if (value.length > emailMaxLength) return false
  const at = value.lastIndexOf('@')
  const local = value.slice(0, at)
  return at > 0 && local.length <= localPartMaxLength && localPart.test(local) && isDomain(value.slice(at + 1))
}
