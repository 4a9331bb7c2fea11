import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { checkDomainJob, checkDueDomains, publishSubdomainJob, publishSubdomain, runDomainCheck } from './domains.service'

// Domain checks and subdomain publishing (docs/decisions/0060-domains.md): a connected domain is checked at
// once, every waiting or failed one again every 5 minutes (verified ones daily), a claimed subdomain published.
export const checkDueDomainsJob = 'domains.check-due'
export const domainsJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { domainId: number }>({
    name: checkDomainJob, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps, data) => { await runDomainCheck(deps, data.domainId) },
  }),
  defineJob<AppDeps, Record<string, never>>({
    name: checkDueDomainsJob, cron: '*/5 * * * *', retryLimit: 1, retryDelaySeconds: 60, handler: async (deps) => { await checkDueDomains(deps) },
  }),
  defineJob<AppDeps, { subdomainId: number }>({
    name: publishSubdomainJob, retryLimit: 5, retryDelaySeconds: 30, handler: async (deps, data) => { await publishSubdomain(deps, data.subdomainId) },
  }),
]
