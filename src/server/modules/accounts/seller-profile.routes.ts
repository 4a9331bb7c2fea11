import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sellerProfileOutput, sellerProfilePut } from '../../../shared/schemas/seller-profile'
import * as sellerProfile from './seller-profile.service'

// /api/v1/cabinet/profile: the seller profile of the profile modal (docs/reference/accounts-and-orders.md §2, §3 and §5).

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }

export const sellerProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts']

  app.get('/cabinet/profile', { config: auth, schema: { tags, security, response: { 200: sellerProfileOutput } } },
    async (req) => sellerProfile.getSellerProfile(req.ctx))

  app.put('/cabinet/profile', { config: auth, schema: { tags, security, body: sellerProfilePut, response: { 200: sellerProfileOutput } } },
    async (req) => sellerProfile.saveSellerProfile(req.ctx, req.body))
}
