import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { cookieConsentCookie } from '../../../shared/cookie-consent'
import type { AppDeps } from '../../deps'
import { HostDirectory, hostDirectoryOf } from './domains.hosts'
import { markDomainSecure } from './domains.service'

// The HTTP side of sellers' hosts (docs/decisions/0060-domains.md): the directory loaded when the app is ready
// and reloaded on a timer, an HTTPS request on a verified domain marking its certificate, and `/api/hsm`,
// the hidden frame that tells a page on another of the platform's hosts the visitor's cookie consent.

/** The origin a frame may talk to: an http(s) origin of the platform host or a served seller host; null for any other. */
function allowedOrigin(directory: HostDirectory, appUrl: string, value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return null
  }
  // Plain http only where the platform itself runs on it (development, tests).
  const schemes = appUrl.startsWith('https:') ? ['https:'] : ['https:', 'http:']
  if (!schemes.includes(url.protocol) || url.origin !== value) return null
  const host = url.hostname.toLowerCase()
  return host === directory.names.platformHost || directory.entryOf(host) ? url.origin : null
}

/**
 * The frame's script: it answers one question, `{ type: 'sellfront:hsm:get' }`, and only from the allowed
 * origin, with `{ type: 'sellfront:hsm', consent }` posted to that origin alone. No token, no session: a
 * seller's host is the seller's (its DNS can point elsewhere), so nothing that signs in crosses to it.
 */
function frameScript(origin: string): string {
  return `(function(){var o=${JSON.stringify(origin).replace(/</g, '\\u003c')};var n=${JSON.stringify(cookieConsentCookie)};`
    + 'function c(){var p=document.cookie.split("; ");for(var i=0;i<p.length;i++){var k=p[i].split("=");if(k[0]===n)return decodeURIComponent(k.slice(1).join("="));}return null;}'
    + 'window.addEventListener("message",function(e){if(e.origin!==o||!e.data||e.data.type!=="sellfront:hsm:get")return;'
    + 'window.parent.postMessage({type:"sellfront:hsm",consent:c()},o);});'
    + 'window.parent.postMessage({type:"sellfront:hsm:ready"},o);})();'
}

function hsmPage(request: FastifyRequest, reply: FastifyReply, directory: HostDirectory, appUrl: string) {
  const origin = allowedOrigin(directory, appUrl, (request.query as Record<string, unknown>).origin)
  void reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('x-content-type-options', 'nosniff')
    .header('cross-origin-opener-policy', 'same-origin')
  reply.raw.removeHeader('x-frame-options')
  void reply.removeHeader('x-frame-options')
  if (!origin) {
    void reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'").header('x-frame-options', 'DENY')
    return reply.code(404).type('application/json; charset=utf-8').send({ error: { message: 'This origin may not use the frame', type: 'not_found' } })
  }
  const script = frameScript(origin)
  const hash = createHash('sha256').update(script).digest('base64')
  void reply.header('content-security-policy', `default-src 'none'; script-src 'sha256-${hash}'; frame-ancestors ${origin}; base-uri 'none'; form-action 'none'`)
  return reply.code(200).type('text/html; charset=utf-8')
    .send(`<!doctype html><html><head><meta charset="utf-8"><title>Sellfront</title></head><body><script>${script}</script></body></html>`)
}

/** Hooks on the root app (every request) and the frame's route. */
export function registerSellerHosts(app: FastifyInstance, deps: AppDeps): void {
  const directory = hostDirectoryOf(deps)
  app.addHook('onReady', async () => {
    await directory.reload()
    directory.start()
  })
  app.addHook('onClose', async () => directory.stop())
  // The reverse proxy asked for the host's certificate and forwards HTTPS (TRUST_PROXY): the domain has SSL.
  app.addHook('onRequest', async (request) => {
    if (request.protocol !== 'https') return
    const entry = directory.entryOf(HostDirectory.hostOf(request.headers.host))
    if (entry?.kind !== 'domain' || entry.state !== 'active' || entry.domainId === null) return
    entry.state = 'active_with_ssl'
    markDomainSecure(deps, entry.domainId).catch((error: unknown) => request.log.warn({ err: error }, 'domain not marked secure'))
  })
  app.get('/api/hsm', {
    config: { documentErrors: { 404: 'The origin is not the platform\'s nor a served seller host: a page nobody may frame' } },
    schema: {
      tags: ['domains'], querystring: z.object({ origin: z.string().max(300).optional() }).strict(), produces: ['text/html'],
      description: 'The hidden frame that tells a page on `origin` (https, the platform host or a seller\'s served host) the visitor\'s cookie consent by postMessage; framed by that origin only (docs: README "Custom domains and certificates").',
    },
  }, async (request, reply) => hsmPage(request, reply, directory, deps.config.appUrl))
}
