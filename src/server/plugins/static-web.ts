import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fastifyStatic from '@fastify/static'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Serves the built back-office SPA. Answers the handler for unknown paths: a page path gets the SPA's
 * index.html (its router shows the page or its own not-found page); API and asset paths are not its.
 */
export async function registerStaticWeb(app: FastifyInstance, webDir: string) {
  if (!existsSync(join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built: run `npm run build:web`')
    return null
  }
  // the build stores .br and .gz beside each script and stylesheet (vite.config.ts)
  await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: '1h', preCompressed: true })
  return (request: FastifyRequest, reply: FastifyReply): boolean => {
    const path = request.url.split('?')[0]!
    if (request.method !== 'GET' || path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/')) return false
    // sendFile sets its own max-age unless told not to; the shell must be revalidated so a deploy shows.
    void reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false })
    return true
  }
}
