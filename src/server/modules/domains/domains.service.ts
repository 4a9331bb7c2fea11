import { randomBytes } from 'node:crypto'
import { domainToUnicode } from 'node:url'
import { AppError } from '../../../shared/errors'
import type { CreateDomainInput, CreateSubdomainInput, DomainOutput, DomainsOverview, SubdomainOutput } from '../../../shared/schemas/domains'
import { subdomainTtlOptions } from '../../../shared/schemas/domains'
import { assertTransition, domainTransitions, servedDomainStates, subdomainRecordTransitions, type DomainState, type SubdomainRecordState } from '../../../shared/states'
import { asciiHostname } from '../../../shared/validation/hostname'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import { checkDnsRecords, txtRecordPrefix } from './domains.dns'
import { hostDirectoryOf, type HostDirectory } from './domains.hosts'
import * as repo from './domains.repository'
import { isUniqueViolation } from '../../db/unique-violation'

// Sellers' custom domains and platform subdomains (docs/decisions/0060-domains.md). A custom domain is
// verified by DNS (a TXT record with its token, or a CNAME to the platform host) by a job after it is
// connected, again on "Check now" and periodically; while verified the platform serves the seller's shop
// on it. A subdomain `<name>.<suffix>` is the platform's own: claimed, then published by a job.

export const checkDomainJob = 'domains.check'
export const publishSubdomainJob = 'domains.publish-subdomain'

/** At most this many custom domains per seller. */
const maxDomainsPerSeller = 10
/** Subdomain names the platform keeps for itself. */
const reservedSubdomains = new Set(['www', 'api', 'app', 'admin', 'mail', 'smtp', 'imap', 'pop', 'ftp', 'static', 'assets', 'cdn', 'status', 'docs', 'help', 'support', 'blog', 'ns1', 'ns2', 'dev', 'staging', 'test'])

const notFound = () => new AppError('not_found', 'No such domain')

function domainOutput(directory: HostDirectory, row: repo.DomainRow): DomainOutput {
  return {
    id: row.id, domain: row.domain, display_domain: domainToUnicode(row.domain) || row.domain, state: row.state as DomainState,
    records: {
      txt: { type: 'TXT', name: `${txtRecordPrefix}.${row.domain}`, value: row.verificationToken },
      cname: { type: 'CNAME', name: row.domain, value: directory.names.platformHost },
    },
    check_error: row.checkError, checked_at: row.checkedAt?.toISOString() ?? null, verified_at: row.verifiedAt?.toISOString() ?? null,
    ssl_at: row.sslAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(),
  }
}

function subdomainOutput(directory: HostDirectory, row: repo.SubdomainRow): SubdomainOutput {
  return {
    id: row.id, name: row.name, host: `${row.name}.${directory.names.subdomainSuffix}`, state: row.state as SubdomainRecordState,
    ttl: row.ttl, created_at: row.createdAt.toISOString(),
  }
}

function sellerOf(ctx: Ctx, action: 'settings.read' | 'settings.write'): number {
  const sellerId = actingSellerId(ctx.actor, action)
  assertFeature(ctx, 'domains')
  return sellerId
}

// ---------------------------------------------------------------- the seller's side

export async function domainsOverview(ctx: Ctx): Promise<DomainsOverview> {
  const sellerId = sellerOf(ctx, 'settings.read')
  const directory = hostDirectoryOf(ctx.deps)
  const [domains, subdomain] = await Promise.all([repo.listDomains(ctx.db, sellerId), repo.findSubdomainOfSeller(ctx.db, sellerId)])
  return {
    domains: domains.map((d) => domainOutput(directory, d)),
    subdomain: subdomain ? subdomainOutput(directory, subdomain) : null,
    settings: { subdomain_suffix: directory.names.subdomainSuffix, platform_host: directory.names.platformHost, ttl_options: [...subdomainTtlOptions] },
  }
}

export async function getDomain(ctx: Ctx, id: number): Promise<{ domain: DomainOutput }> {
  const sellerId = sellerOf(ctx, 'settings.read')
  const row = await repo.findDomain(ctx.db, sellerId, id)
  if (!row) throw notFound()
  return { domain: domainOutput(hostDirectoryOf(ctx.deps), row) }
}

const invalidDomain = (message: string) => new AppError('validation_failed', message, [{ path: 'domain', message }])

export async function createDomain(ctx: Ctx, input: CreateDomainInput): Promise<{ domain: DomainOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  const directory = hostDirectoryOf(ctx.deps)
  const checked = asciiHostname(input.domain)
  if (!checked.ok) throw invalidDomain(checked.reason)
  const domain = checked.host
  if (directory.isPlatformName(domain)) {
    throw invalidDomain(`${domain} belongs to the platform itself; claim a subdomain of ${directory.names.subdomainSuffix} instead`)
  }
  const row = await ctx.db.transaction(async (tx) => {
    const served = await repo.findServedDomain(tx, domain)
    if (served && served.sellerId !== sellerId) throw new AppError('conflict', `${domain} is connected and verified by another seller`)
    if (await repo.findDomainOfSeller(tx, sellerId, domain)) throw new AppError('conflict', `${domain} is connected already`)
    if ((await repo.listDomains(tx, sellerId)).length >= maxDomainsPerSeller) throw new AppError('conflict', `A seller connects at most ${maxDomainsPerSeller} domains`)
    let inserted: repo.DomainRow
    try {
      inserted = await repo.insertDomain(tx, { sellerId, domain, verificationToken: `sellfront-verify-${randomBytes(16).toString('hex')}` })
    } catch (error) {
      if (isUniqueViolation(error, 'seller_domains_seller_domain_unique')) throw new AppError('conflict', `${domain} is connected already`)
      throw error
    }
    await ctx.deps.jobs.enqueue(tx, checkDomainJob, { domainId: inserted.id })
    return inserted
  })
  return { domain: domainOutput(directory, row) }
}

/** "Check now": the DNS check at once, answered with the domain as it is after it. */
export async function checkDomainNow(ctx: Ctx, id: number): Promise<{ domain: DomainOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  if (!await repo.findDomain(ctx.db, sellerId, id)) throw notFound()
  const row = await runDomainCheck(ctx.deps, id)
  if (!row) throw notFound()
  return { domain: domainOutput(hostDirectoryOf(ctx.deps), row) }
}

export async function deleteDomain(ctx: Ctx, id: number): Promise<void> {
  const sellerId = sellerOf(ctx, 'settings.write')
  const row = await repo.findDomain(ctx.db, sellerId, id)
  if (!row) throw notFound()
  await repo.deleteDomain(ctx.db, id)
  if (servedDomainStates.includes(row.state as DomainState)) await hostDirectoryOf(ctx.deps).reload()
}

export async function createSubdomain(ctx: Ctx, input: CreateSubdomainInput): Promise<{ subdomain: SubdomainOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  const directory = hostDirectoryOf(ctx.deps)
  if (reservedSubdomains.has(input.name)) {
    throw new AppError('validation_failed', `${input.name} is kept by the platform`, [{ path: 'name', message: 'invalid_value' }])
  }
  const row = await ctx.db.transaction(async (tx) => {
    if (await repo.findSubdomainOfSeller(tx, sellerId)) throw new AppError('conflict', 'You have a subdomain already; delete it first')
    if (await repo.subdomainNameTaken(tx, input.name)) throw new AppError('conflict', `${input.name}.${directory.names.subdomainSuffix} is taken`)
    let inserted: repo.SubdomainRow
    try {
      inserted = await repo.insertSubdomain(tx, { sellerId, name: input.name, ttl: input.ttl ?? 3600 })
    } catch (error) {
      if (isUniqueViolation(error, 'seller_subdomains_')) throw new AppError('conflict', `${input.name}.${directory.names.subdomainSuffix} is taken`)
      throw error
    }
    await ctx.deps.jobs.enqueue(tx, publishSubdomainJob, { subdomainId: inserted.id })
    return inserted
  })
  return { subdomain: subdomainOutput(directory, row) }
}

export async function deleteSubdomain(ctx: Ctx): Promise<{ subdomain: SubdomainOutput }> {
  const sellerId = sellerOf(ctx, 'settings.write')
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findSubdomainOfSeller(tx, sellerId, true)
    if (!current) throw new AppError('not_found', 'You have no subdomain')
    assertTransition(subdomainRecordTransitions, current.state as SubdomainRecordState, 'deleted', 'subdomain record')
    return repo.updateSubdomain(tx, current.id, { state: 'deleted' })
  })
  await hostDirectoryOf(ctx.deps).reload()
  return { subdomain: subdomainOutput(hostDirectoryOf(ctx.deps), row) }
}

// ---------------------------------------------------------------- checks and publishing (jobs)

/**
 * Checks one domain's DNS records and moves its state: found -> active (unless another seller's row of the
 * host is verified: then error), not found -> error with the reason. The DNS questions are asked before the
 * transaction. Idempotent: a second check of the same answers changes only the time of the check.
 */
export async function runDomainCheck(deps: AppDeps, domainId: number): Promise<repo.DomainRow | undefined> {
  const directory = hostDirectoryOf(deps)
  const before = await repo.findDomainById(deps.db, domainId)
  if (!before) return undefined
  const dns = await checkDnsRecords(deps.config, before.domain, before.verificationToken, directory.names.platformHost)
  const now = deps.realNow()
  let servedChanged = false
  const row = await deps.db.transaction(async (tx) => {
    const current = await repo.findDomainById(tx, domainId, true)
    if (!current) return undefined
    const state = current.state as DomainState
    const served = servedDomainStates.includes(state)
    const fail = (reason: string) => {
      if (state !== 'error') assertTransition(domainTransitions, state, 'error', 'domain')
      servedChanged = served
      return repo.updateDomain(tx, current.id, { state: 'error', checkError: reason, checkedAt: now })
    }
    if (!dns.found) return fail(dns.reason)
    if (served) return repo.updateDomain(tx, current.id, { checkError: null, checkedAt: now })
    const other = await repo.findServedDomain(tx, current.domain)
    if (other && other.id !== current.id) return fail(`${current.domain} is connected and verified by another seller`)
    assertTransition(domainTransitions, state, 'active', 'domain')
    servedChanged = true
    return repo.updateDomain(tx, current.id, { state: 'active', checkError: null, checkedAt: now, verifiedAt: now })
  })
  if (servedChanged) await directory.reload()
  return row
}

/** The periodic sweep: waiting and failed domains every 5 minutes, verified ones once a day; 100 per run. */
export async function checkDueDomains(deps: AppDeps): Promise<number> {
  const now = deps.realNow().getTime()
  const ids = await repo.dueDomainIds(deps.db, new Date(now - 5 * 60_000), new Date(now - 86_400_000), 100)
  for (const id of ids) await runDomainCheck(deps, id)
  return ids.length
}

/**
 * Publishes a claimed subdomain (waiting -> submitted). The platform's wildcard record `*.<suffix>` already
 * points every name at it, so publishing is the platform starting to serve the name; a DNS provider's API
 * would write the record with its TTL here (docs/decisions/0060-domains.md "Subdomains").
 */
export async function publishSubdomain(deps: AppDeps, subdomainId: number): Promise<void> {
  const changed = await deps.db.transaction(async (tx) => {
    const row = await repo.findSubdomainById(tx, subdomainId, true)
    if (!row || row.state !== 'waiting') return false
    assertTransition(subdomainRecordTransitions, 'waiting', 'submitted', 'subdomain record')
    await repo.updateSubdomain(tx, row.id, { state: 'submitted' })
    return true
  })
  if (changed) await hostDirectoryOf(deps).reload()
}

/** A request reached a verified domain over HTTPS: the proxy holds its certificate (active -> active_with_ssl). */
export async function markDomainSecure(deps: AppDeps, domainId: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await repo.findDomainById(tx, domainId, true)
    if (!row || row.state !== 'active') return
    assertTransition(domainTransitions, 'active', 'active_with_ssl', 'domain')
    await repo.updateDomain(tx, row.id, { state: 'active_with_ssl', sslAt: deps.realNow() })
  })
  await hostDirectoryOf(deps).reload()
}

// ---------------------------------------------------------------- the reverse proxy's question

/** Whether the platform serves `host` for a seller (the TLS "ask" endpoint): a verified domain or a published subdomain. */
export async function verifiedHost(ctx: Ctx, host: string): Promise<{ domain: string; kind: 'domain' | 'subdomain' }> {
  const checked = asciiHostname(host)
  if (!checked.ok) throw new AppError('not_found', 'Not a domain the platform serves')
  const directory = hostDirectoryOf(ctx.deps)
  const { subdomainSuffix } = directory.names
  if (checked.host.endsWith(`.${subdomainSuffix}`)) {
    const name = checked.host.slice(0, -(subdomainSuffix.length + 1))
    const row = name.includes('.') ? undefined : await repo.findSubdomainByName(ctx.db, name)
    if (row?.state === 'submitted') return { domain: checked.host, kind: 'subdomain' }
  }
  if (await repo.findServedDomain(ctx.db, checked.host)) return { domain: checked.host, kind: 'domain' }
  throw new AppError('not_found', 'Not a domain the platform serves')
}
