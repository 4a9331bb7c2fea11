import type { AppDeps } from '../../deps'
import { isSameOrSubdomain } from '../../../shared/validation/hostname'
import * as repo from './domains.repository'

// Which seller a request's Host is (docs/decisions/0060-domains.md "Serving"): every verified custom domain
// and published subdomain, held in memory per app, because the URL is rewritten before routing, where nothing
// can wait for the database. A change made through this process reloads it at once; other processes reload
// every `refreshMs`.

export type HostEntry = { kind: 'domain' | 'subdomain'; sellerId: number; username: string; domainId: number | null; state: string }

export type PlatformHosts = { platformHost: string; subdomainSuffix: string }

export function platformHostsOf(config: AppDeps['config']): PlatformHosts {
  const platformHost = new URL(config.appUrl).hostname.toLowerCase()
  return { platformHost, subdomainSuffix: (config.SUBDOMAIN_SUFFIX ?? platformHost).toLowerCase().replace(/^\.|\.$/g, '') }
}

export class HostDirectory {
  private hosts = new Map<string, HostEntry>()
  private timer: NodeJS.Timeout | null = null
  private loading: Promise<void> | null = null
  readonly names: PlatformHosts

  constructor(private readonly deps: AppDeps, private readonly refreshMs = 30_000) {
    this.names = platformHostsOf(deps.config)
  }

  /** The seller a host serves; undefined for the platform's own host and for any host not served. */
  entryOf(host: string): HostEntry | undefined {
    return this.hosts.get(host)
  }

  get size(): number {
    return this.hosts.size
  }

  /** Reads the hosts again; callers at once share one read. */
  reload(): Promise<void> {
    this.loading ??= (async () => {
      try {
        const rows = await repo.servedHosts(this.deps.db)
        const next = new Map<string, HostEntry>()
        for (const row of rows) {
          const host = row.kind === 'subdomain' ? `${row.host}.${this.names.subdomainSuffix}` : row.host
          next.set(host, { kind: row.kind, sellerId: row.sellerId, username: row.username, domainId: row.domainId, state: row.state })
        }
        this.hosts = next
      } finally {
        this.loading = null
      }
    })()
    return this.loading
  }

  start(): void {
    if (this.timer) return
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) => this.deps.logger.warn({ err: error }, 'served hosts not reloaded'))
    }, this.refreshMs)
    this.timer.unref()
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }

  /** The request's host, lower case, without port or trailing dot. */
  static hostOf(header: string | string[] | undefined): string {
    const value = (Array.isArray(header) ? header[0] : header) ?? ''
    return value.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')
  }

  /** Whether a host belongs to the platform itself (its host or the subdomain suffix), not to one seller. */
  isPlatformName(host: string): boolean {
    return isSameOrSubdomain(host, this.names.platformHost) || isSameOrSubdomain(host, this.names.subdomainSuffix)
  }
}

const directories = new WeakMap<AppDeps, HostDirectory>()

/** The directory of an app's dependencies (one per app, so tests with several apps keep theirs apart). */
export function hostDirectoryOf(deps: AppDeps): HostDirectory {
  let directory = directories.get(deps)
  if (!directory) directories.set(deps, directory = new HostDirectory(deps))
  return directory
}

/** Paths a seller's host answers as on the platform host: health, the cookie frame, the shop's assets and its checkout API. */
const sharedPath = /^\/(?:healthz$|robots\.txt$|api\/hsm$|storefront\/|api\/v1\/shop\/)/

/**
 * The URL a request on a seller's host is routed as: the shop at `/`, its pages under it (`/<slug>` is
 * `/s/<username>/<slug>`), the few shared paths as they are; the rest of the API and the web app stay on the
 * platform host (a path that answers 404).
 */
export function sellerHostUrl(url: string, username: string): string {
  const queryAt = url.indexOf('?')
  const path = queryAt < 0 ? url : url.slice(0, queryAt)
  const query = queryAt < 0 ? '' : url.slice(queryAt)
  if (sharedPath.test(path)) return url
  if (path === '/api' || path.startsWith('/api/')) return `/api/not-on-this-host${query}`
  const shop = `/s/${encodeURIComponent(username)}`
  if (path === shop || path.startsWith(`${shop}/`)) return url
  return `${shop}${path === '/' ? '' : path}${query}`
}

/** The URL to route a request as: rewritten on a seller's host, null on any other (the platform's own among them). */
export function rewriteForSellerHost(directory: HostDirectory, req: { url?: string; headers: Record<string, string | string[] | undefined> }): string | null {
  if (directory.size === 0) return null
  const entry = directory.entryOf(HostDirectory.hostOf(req.headers.host))
  return entry ? sellerHostUrl(req.url ?? '/', entry.username) : null
}
