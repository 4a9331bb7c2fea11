import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createDomainInput, createSubdomainInput, domainAnswer, domainParams, domainsOverview, subdomainAnswer, verifiedDomainAnswer, verifiedDomainQuery,
} from '../../../shared/schemas/domains'
import * as domains from './domains.service'

// Custom domains and the platform subdomain (/api/v1/cabinet/domains, the settings area) and the reverse
// proxy's certificate question (/api/v1/common/domains/verified); docs/decisions/0060-domains.md.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const featureOff = { 403: 'feature_disabled: the domains feature is off for this seller' }
const tags = ['domains']

export const domainsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/domains', {
    config: { ...config, documentErrors: featureOff },
    schema: { tags, security, response: { 200: domainsOverview }, description: 'The seller\'s custom domains with their DNS records and states, the subdomain, and the choices (suffix, CNAME target, record TTLs).' },
  }, async (req) => domains.domainsOverview(req.ctx))

  app.post('/cabinet/domains', {
    config: { ...config, documentErrors: { ...featureOff, 409: 'conflict: connected already, verified by another seller, or 10 domains connected', 422: 'validation_failed: not a valid domain, or the platform\'s own host or subdomain suffix' } },
    schema: {
      tags, security, body: createDomainInput, response: { 201: domainAnswer },
      description: 'Connects a custom domain (an IDN is kept as punycode): state waiting, with a token for the TXT record `_sellfront.<domain>` (or a CNAME to the platform host). It is checked at once by a job, then every 5 minutes until found.',
    },
  }, async (req, reply) => reply.code(201).send(await domains.createDomain(req.ctx, req.body)))

  app.post('/cabinet/domains/subdomain', {
    config: { ...config, documentErrors: { ...featureOff, 409: 'conflict: the name is taken, or the seller has a subdomain already', 422: 'validation_failed: a name the platform keeps' } },
    schema: {
      tags, security, body: createSubdomainInput, response: { 201: subdomainAnswer },
      description: 'Claims the subdomain `<name>.<suffix>` with a record TTL of 300, 3600 (default), 86400 or 604800 s: state waiting, published (submitted) by a job; the platform then serves the shop there.',
    },
  }, async (req, reply) => reply.code(201).send(await domains.createSubdomain(req.ctx, req.body)))

  app.delete('/cabinet/domains/subdomain', {
    config: { ...config, documentErrors: { ...featureOff, 404: 'not_found: the seller has no subdomain' } },
    schema: { tags, security, response: { 200: subdomainAnswer }, description: 'Releases the subdomain (state deleted): the shop is no longer served there and the name is free.' },
  }, async (req) => domains.deleteSubdomain(req.ctx))

  app.get('/cabinet/domains/:id', {
    config: { ...config, documentErrors: featureOff },
    schema: { tags, security, params: domainParams, response: { 200: domainAnswer }, description: 'One custom domain.' },
  }, async (req) => domains.getDomain(req.ctx, req.params.id))

  app.post('/cabinet/domains/:id/check', {
    config: { ...config, documentErrors: featureOff },
    schema: {
      tags, security, params: domainParams, response: { 200: domainAnswer },
      description: '"Check now": asks DNS for the records at once; found -> active, not found -> error with the reason and the time of the check.',
    },
  }, async (req) => domains.checkDomainNow(req.ctx, req.params.id))

  app.delete('/cabinet/domains/:id', {
    config: { ...config, documentErrors: featureOff },
    schema: { tags, security, params: domainParams, response: { 204: z.null() }, description: 'Disconnects the domain: the shop is no longer served there.' },
  }, async (req, reply) => {
    await domains.deleteDomain(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.get('/common/domains/verified', {
    config: { documentErrors: { 404: 'not_found: the platform does not serve this host' } },
    schema: {
      tags, querystring: verifiedDomainQuery, response: { 200: verifiedDomainAnswer },
      description: 'The reverse proxy\'s on-demand TLS "ask" endpoint: 200 when the host is a verified custom domain or a published subdomain of a seller, else 404 (no certificate is asked for).',
    },
  }, async (req) => domains.verifiedHost(req.ctx, req.query.domain))
}
