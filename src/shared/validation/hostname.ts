// Host names a seller connects (docs/decisions/0060-domains.md "Host names"): the WHATWG URL parser (the same in
// the browser and in Node) lower-cases and turns an IDN into punycode; what it gives must then be a DNS name
// of at least two labels, each 1..63 letters, digits or inner hyphens, 253 characters at most, not an IP
// address, with a top-level label that is not all digits.

export type HostnameCheck = { ok: true; host: string } | { ok: false; reason: string }

const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/

/** The ASCII (punycode) form of a host name a person typed, or why it is none. A trailing dot is dropped. */
export function asciiHostname(input: string): HostnameCheck {
  const typed = input.trim().replace(/\.$/, '')
  if (typed === '') return { ok: false, reason: 'Enter a domain such as shop.example.com' }
  if (/[\s/\\:@?#%*]/.test(typed)) return { ok: false, reason: 'Enter the domain alone, without https://, a path, a port or spaces' }
  let host: string
  try {
    host = new URL(`http://${typed}/`).hostname
  } catch {
    return { ok: false, reason: 'This is not a valid domain' }
  }
  if (host.length > 253) return { ok: false, reason: 'A domain has at most 253 characters' }
  if (/^[\d.]+$/.test(host) || host.startsWith('[')) return { ok: false, reason: 'Enter a domain, not an IP address' }
  const labels = host.split('.')
  if (labels.length < 2) return { ok: false, reason: 'Enter a full domain such as shop.example.com' }
  if (!labels.every((l) => label.test(l))) return { ok: false, reason: 'This is not a valid domain' }
  if (/^\d+$/.test(labels.at(-1)!)) return { ok: false, reason: 'This is not a valid domain' }
  return { ok: true, host }
}

/** Whether `host` is `parent` or one of its subdomains (both ASCII, lower case). */
export function isSameOrSubdomain(host: string, parent: string): boolean {
  return host === parent || host.endsWith(`.${parent}`)
}
