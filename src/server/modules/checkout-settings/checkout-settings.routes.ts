import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const checkoutSettingsRoutes: FastifyPluginAsyncZod = async () => {}
