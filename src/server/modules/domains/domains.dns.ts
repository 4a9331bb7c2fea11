import { Resolver } from 'node:dns/promises'
import type { Config } from '../../config'

// The DNS questions a domain check asks (docs/decisions/0060-domains.md "Verification"): the TXT record
// `_sellfront.<domain>` holding the domain's token, else a CNAME of the domain to the platform's host. Asked
// with Node's resolver of the servers in DNS_SERVERS (the system's when unset); tests point it at a local
// stand-in.

export const txtRecordPrefix = '_sellfront'

export type DnsCheck = { found: true; via: 'txt' | 'cname' } | { found: false; reason: string }

/** DNS answers that mean "no such record" (not a failure of the resolver). */
const missing = new Set(['ENOTFOUND', 'ENODATA', 'ENOTIMP', 'NXDOMAIN'])

function resolverOf(config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>): Resolver {
  const resolver = new Resolver({ timeout: config.DNS_TIMEOUT_MS, tries: 2 })
  if (config.DNS_SERVERS.length > 0) resolver.setServers(config.DNS_SERVERS)
  return resolver
}

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'EUNKNOWN'

/** Looks for the domain's records; a failure of the resolver is a reason too, never a throw. */
export async function checkDnsRecords(config: Pick<Config, 'DNS_SERVERS' | 'DNS_TIMEOUT_MS'>, domain: string, token: string, platformHost: string): Promise<DnsCheck> {
  const resolver = resolverOf(config)
  const txtName = `${txtRecordPrefix}.${domain}`
  let txtProblem: string
  try {
    const records = (await resolver.resolveTxt(txtName)).map((chunks) => chunks.join(''))
    if (records.some((value) => value.trim() === token)) return { found: true, via: 'txt' }
    txtProblem = `The TXT record ${txtName} does not hold the token (found ${records.length === 1 ? 'another value' : `${records.length} other values`})`
  } catch (error) {
    const code = codeOf(error)
    if (!missing.has(code)) return { found: false, reason: `DNS did not answer for ${txtName} (${code})` }
    txtProblem = `No TXT record ${txtName} was found`
  }
  try {
    const targets = (await resolver.resolveCname(domain)).map((t) => t.toLowerCase().replace(/\.$/, ''))
    if (targets.includes(platformHost)) return { found: true, via: 'cname' }
    return { found: false, reason: `${txtProblem}, and the CNAME of ${domain} points to ${targets.join(', ')}, not to ${platformHost}` }
  } catch (error) {
    const code = codeOf(error)
    if (!missing.has(code)) return { found: false, reason: `${txtProblem}; DNS did not answer for the CNAME of ${domain} (${code})` }
    return { found: false, reason: `${txtProblem}, and ${domain} has no CNAME to ${platformHost}` }
  }
}
