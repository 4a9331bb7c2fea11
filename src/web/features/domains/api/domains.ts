import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateSubdomainInput, domainOutput, domainsOverview, subdomainOutput } from '../../../../shared/schemas/domains'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's custom domains and subdomain (docs/decisions/0060-domains.md): /cabinet/domains.

export type Domain = Camelize<z.infer<typeof domainOutput>>
export type Subdomain = Camelize<z.infer<typeof subdomainOutput>>
export type DomainsOverview = Camelize<z.infer<typeof domainsOverview>>

export const domainsKey = ['cabinet', 'domains'] as const

export function domainsQuery() {
  return queryOptions({
    queryKey: domainsKey,
    queryFn: ({ signal }) => api.get<DomainsOverview>('/cabinet/domains', { signal }),
  })
}

export function connectDomain(domain: string): Promise<{ domain: Domain }> {
  return api.post('/cabinet/domains', { domain }, { silent: true })
}

export function checkDomain(id: number): Promise<{ domain: Domain }> {
  return api.post(`/cabinet/domains/${id}/check`)
}

export function disconnectDomain(id: number): Promise<unknown> {
  return api.delete(`/cabinet/domains/${id}`)
}

export function claimSubdomain(input: CreateSubdomainInput): Promise<{ subdomain: Subdomain }> {
  return api.post('/cabinet/domains/subdomain', input, { silent: true })
}

export function releaseSubdomain(): Promise<{ subdomain: Subdomain }> {
  return api.delete('/cabinet/domains/subdomain')
}
