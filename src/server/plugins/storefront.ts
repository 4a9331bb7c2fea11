import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../deps'

/** The server-rendered public pages (src/storefront): registered before the back office's fallback. */
export async function registerStorefront(_app: FastifyInstance, _deps: AppDeps, _options: { dev?: boolean }) {}
