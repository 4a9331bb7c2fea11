import type { Transitions } from './transitions'

// A seller's custom domain and a platform subdomain's record (docs/decisions/0060-domains.md).
// Domain:
// - waiting: connected, its DNS record (TXT with the token, or CNAME to the platform host) not yet checked.
// - active: the record was found; the platform serves the seller's shop on the host (HTTP; the proxy may now
//   ask for a certificate).
// - error: checked and not found or wrong; the reason and the time of the check are kept, checks go on.
// - active_with_ssl: a request came in over HTTPS on the host (the reverse proxy holds a certificate).
// A record that disappears moves an active domain to error; found again, it is active again.
export const domainStates = ['waiting', 'active', 'error', 'active_with_ssl'] as const
export type DomainState = (typeof domainStates)[number]

export const domainTransitions = {
  waiting: ['active', 'error'],
  active: ['active_with_ssl', 'error'],
  error: ['active'],
  active_with_ssl: ['error'],
} as const satisfies Transitions<DomainState>

/** States in which the platform serves the seller's shop on the domain. */
export const servedDomainStates: readonly DomainState[] = ['active', 'active_with_ssl']

/** States the verification job checks again. */
export const checkedDomainStates: readonly DomainState[] = ['waiting', 'error', 'active', 'active_with_ssl']

// A platform subdomain's DNS record (`<name>.<suffix>`):
// - waiting: claimed; the record is not published yet.
// - submitted: published (under the platform's wildcard record); the platform serves the shop there.
// - deleted: released by the seller; the name is free again.
export const subdomainRecordStates = ['waiting', 'submitted', 'deleted'] as const
export type SubdomainRecordState = (typeof subdomainRecordStates)[number]

export const subdomainRecordTransitions = {
  waiting: ['submitted', 'deleted'],
  submitted: ['deleted'],
  deleted: [],
} as const satisfies Transitions<SubdomainRecordState>
