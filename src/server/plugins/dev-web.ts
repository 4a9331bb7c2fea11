import type { FastifyInstance } from 'fastify'

/** `npm run dev`: the SPA is served by Vite in middleware mode inside Fastify, with hot reload. */
export async function registerDevWeb(app: FastifyInstance): Promise<void> {
  const [{ default: middie }, { createServer }] = await Promise.all([import('@fastify/middie'), import('vite')])
  const vite = await createServer({ configFile: 'vite.config.ts', server: { middlewareMode: true }, appType: 'spa' })
  await app.register(middie)
  // API and health routes stay Fastify's; everything else (pages, modules, assets) is Vite's.
  app.use((req, res, next) => (req.url?.startsWith('/api/') || req.url === '/healthz' ? next() : vite.middlewares(req, res, next)))
  app.addHook('onClose', async () => vite.close())
}
