import { z } from 'zod'
import { domainStates, subdomainRecordStates } from '../states/domain'
import { zIdParam } from '../validation/storable'

// Sellers' custom domains and platform subdomains (docs/decisions/0060-domains.md). The host name a seller
// types is checked by src/shared/validation/hostname.ts in the service (422 with the reason): the request
// schema keeps only what JSON Schema can say.

/** The record TTLs a subdomain's DNS record may have, in seconds: 5 minutes, an hour, a day, a week. */
export const subdomainTtlOptions = [300, 3600, 86400, 604800] as const
export type SubdomainTtl = (typeof subdomainTtlOptions)[number]

export const createDomainInput = z.object({
  domain: z.string().min(1).max(253).regex(/^[^\s/\\:@?#%*]+$/),
}).strict()
export type CreateDomainInput = z.output<typeof createDomainInput>

/** A subdomain's name: one DNS label, lower case. */
export const subdomainName = z.string().min(2).max(63).regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/)
export const createSubdomainInput = z.object({
  name: subdomainName,
  ttl: z.union(subdomainTtlOptions.map((v) => z.literal(v))).optional(),
}).strict()
export type CreateSubdomainInput = z.output<typeof createSubdomainInput>

export const domainOutput = z.object({
  id: z.number().int(),
  /** The host in ASCII (punycode for an IDN). */
  domain: z.string(),
  /** The host as people read it (Unicode for an IDN). */
  display_domain: z.string(),
  state: z.enum(domainStates),
  /** The DNS records that verify it: either one. */
  records: z.object({
    txt: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
    cname: z.object({ type: z.literal('CNAME'), name: z.string(), value: z.string() }),
  }),
  /** Why the last check failed; null when it did not. */
  check_error: z.string().nullable(),
  checked_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  ssl_at: z.string().nullable(),
  created_at: z.string(),
})
export type DomainOutput = z.infer<typeof domainOutput>
export const domainAnswer = z.object({ domain: domainOutput })

export const subdomainOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string(),
  state: z.enum(subdomainRecordStates),
  ttl: z.number().int(),
  created_at: z.string(),
})
export type SubdomainOutput = z.infer<typeof subdomainOutput>
export const subdomainAnswer = z.object({ subdomain: subdomainOutput })

export const domainsOverview = z.object({
  domains: z.array(domainOutput),
  /** The seller's subdomain that is not deleted, if any. */
  subdomain: subdomainOutput.nullable(),
  settings: z.object({
    /** Subdomains are `<name>.<suffix>`. */
    subdomain_suffix: z.string(),
    /** The CNAME target and the platform's own host. */
    platform_host: z.string(),
    ttl_options: z.array(z.number().int()),
  }),
})
export type DomainsOverview = z.infer<typeof domainsOverview>

export const domainParams = z.object({ id: zIdParam() })

export const verifiedDomainQuery = z.object({ domain: z.string().min(1).max(253) }).strict()
export const verifiedDomainAnswer = z.object({ domain: z.string(), kind: z.enum(['domain', 'subdomain']) })
