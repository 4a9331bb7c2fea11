import type { FastifyInstance } from 'fastify'

/** `npm run dev`: the SPA is served by Vite in middleware mode inside Fastify, with hot reload. */
export async function registerDevWeb(app: FastifyInstance): Promise<void> {
  const [{ default: middie }, { createServer }] = await Promise.all([import('@fastify/middie'), import('vite')])
  const vite = await createServer({ configFile: 'vite.config.ts', server: { middlewareMode: true }, appType: 'spa' })
  await app.register(middie)
  // API, health and the server-rendered shop pages stay Fastify's; everything else (pages, modules,
  // assets of the back office) is Vite's.
  const fastifyPrefixes = ['/api/', '/s/', '/sandbox/', '/storefront/']
  // ...except the back-office pages under /s/ (the storefront hands them to the SPA: the course player and
  // the payment management page), which `npm start` serves from the built SPA.
  const spaUnderShop = /^\/s\/[^/?]+\/(courses(?:[/?]|$)|payment\/[^/?]+\/manage(?:[/?]|$))/
  app.use((req, res, next) => {
    const url = req.url ?? ''
    const fastify = url === '/healthz' || (fastifyPrefixes.some((p) => url.startsWith(p)) && !spaUnderShop.test(url))
    return fastify ? next() : vite.middlewares(req, res, next)
  })
  app.addHook('onClose', async () => vite.close())
}
