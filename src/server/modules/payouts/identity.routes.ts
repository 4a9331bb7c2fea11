import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Filled in by the identity part of money out (docs/decisions/0049-money-out.md).
export const identityRoutes: FastifyPluginAsyncZod = async () => {}
