import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Filled in by the payouts part of money out (docs/decisions/0049-money-out.md).
export const payoutsRoutes: FastifyPluginAsyncZod = async () => {}
