import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

export const paymentSettingsRoutes: FastifyPluginAsyncZod = async () => {}
