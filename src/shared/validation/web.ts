// Domains and URLs a seller enters (custom domains, redirect and success-page URLs, social links).
// Only public host names pass: no IP addresses, no "localhost", no credentials in a URL.

export const domainMaxLength = 253
export const urlMaxLength = 2048
const domainLabel = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i
/** Letters, or an internationalised TLD in its xn-- form. */
const topLevelDomain = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i

/** A host name of two or more labels in ASCII; international names in their xn-- (punycode) form. */
export function isDomain(value: string): boolean {
  if (value.length > domainMaxLength) return false
  const labels = value.split('.')
  return labels.length >= 2 && labels.every((label) => domainLabel.test(label)) && topLevelDomain.test(labels.at(-1) ?? '')
}

/**
 * An absolute http or https URL that the URL constructor accepts and whose host is a domain. The URL
 * constructor silently drops tabs, newlines and outer spaces, so any whitespace is refused first.
 */
export function isUrl(value: string): boolean {
  if (value.length > urlMaxLength || /\s/.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  // user:password@ hides the real host from a reader ("https://bank.example@evil.example").
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === ''
    && isDomain(url.hostname)
}
