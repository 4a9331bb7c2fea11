import type { FastifyInstance } from 'fastify'

/** `npm run dev`: the SPA is served by Vite in middleware mode inside Fastify, with hot reload. */
export async function registerDevWeb(app: FastifyInstance): Promise<void> {
  const [{ default: middie }, { createServer }] = await Promise.all([import('@fastify/middie'), import('vite')])
  const vite = await createServer({ configFile: 'vite.config.ts', server: { middlewareMode: true }, appType: 'spa' })
  await app.register(middie)
  // API, health and the server-rendered shop pages stay Fastify's; everything else (pages, modules,
  // assets of the back office) is Vite's.
  const fastifyPrefixes = ['/api/', '/s/', '/sandbox/', '/storefront/']
  app.use((req, res, next) => {
    const url = req.url ?? ''
    return url === '/healthz' || fastifyPrefixes.some((p) => url.startsWith(p)) ? next() : vite.middlewares(req, res, next)
  })
  app.addHook('onClose', async () => vite.close())
}
