import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'
import { AppError } from '../../../shared/errors'

// Where a webhook may go (docs/decisions/0072-signed-webhooks.md "SSRF"): http(s) only, and every address the
// host resolves to must be a public unicast one. A single private answer refuses the whole URL: a name
// answering both would otherwise let a second lookup pick the private one. The sender connects to the
// address checked here (pinned), never to a second resolution.

export type ResolvedAddress = { address: string; family: number }
export type HostResolver = (host: string) => Promise<ResolvedAddress[]>

export const systemResolver: HostResolver = (host) => dnsLookup(host, { all: true, verbatim: true })

/** Tests replace the resolver (a name that resolves to a private address); null restores the system's. */
let resolver: HostResolver = systemResolver
export function setHostResolverForTests(replacement: HostResolver | null): void {
  resolver = replacement ?? systemResolver
}

export type CheckedTarget = { url: URL; address: string; family: 4 | 6 }

const refuse = (message: string) => new AppError('url_not_allowed', message)

/** The range of an address as ipaddr.js names it, IPv4-mapped IPv6 taken as the IPv4 address it maps. */
export function addressRange(address: string): { range: string; normalized: string } {
  let parsed = ipaddr.parse(address)
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address()
  return { range: parsed.range(), normalized: parsed.toString() }
}

/** Whether a webhook may reach the address: public unicast, or loopback when the switch allows it. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  const { range } = addressRange(address)
  return range === 'unicast' || (allowLoopback && range === 'loopback')
}

/** Parses and checks a webhook URL and resolves its host; throws url_not_allowed with the reason. */
export async function checkWebhookUrl(raw: string, options: { allowLoopback: boolean }): Promise<CheckedTarget> {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw refuse('The URL is not a valid absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse(`Only http and https URLs are allowed, not ${url.protocol.replace(/:$/, '')}`)
  if (url.username || url.password) throw refuse('The URL must not carry a user name or password')
  // WHATWG parsing has already normalised numeric forms (http://2130706433/ is 127.0.0.1); IPv6 comes bracketed.
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: ResolvedAddress[]
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }]
  } else {
    try {
      addresses = await resolver(host)
    } catch {
      throw refuse(`The host ${host} could not be resolved`)
    }
    if (addresses.length === 0) throw refuse(`The host ${host} could not be resolved`)
  }
  for (const { address } of addresses) {
    if (!ipaddr.isValid(address)) throw refuse(`The host ${host} resolved to an invalid address`)
    if (!addressAllowed(address, options.allowLoopback)) {
      const { range } = addressRange(address)
      throw refuse(`The URL resolves to ${address}, a ${range} address; webhooks reach public addresses only`)
    }
  }
  const first = addresses[0]!
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
