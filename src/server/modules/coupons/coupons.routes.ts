import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  bulkCouponsInput, bulkCouponsOutput, couponListOutput, couponListQuery, couponOutput, couponParams, createCouponInput, updateCouponInput,
} from '../../../shared/schemas/coupons'
import * as coupons from './coupons.service'

/** /api/v1/cabinet/coupons: the seller's coupons, singly or in bulk. */
export const couponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['coupons']
  const security = [{ bearer: [] }]
  const config = { auth: 'required' as const, feature: 'coupons' as const }

  app.post('/cabinet/coupons', { config, schema: { tags, security, body: createCouponInput, response: { 201: couponOutput } } },
    async (req, reply) => reply.code(201).send(await coupons.createCoupon(req.ctx, req.body)))

  app.post('/cabinet/coupons/bulk', { config, schema: { tags, security, body: bulkCouponsInput, response: { 201: bulkCouponsOutput } } },
    async (req, reply) => reply.code(201).send(await coupons.createCouponsInBulk(req.ctx, req.body)))

  app.get('/cabinet/coupons', { config, schema: { tags, security, querystring: couponListQuery, response: { 200: couponListOutput } } },
    async (req) => coupons.listCoupons(req.ctx, req.query))

  app.get('/cabinet/coupons/:id', { config, schema: { tags, security, params: couponParams, response: { 200: couponOutput } } },
    async (req) => coupons.getCoupon(req.ctx, req.params.id))

  app.patch('/cabinet/coupons/:id', { config, schema: { tags, security, params: couponParams, body: updateCouponInput, response: { 200: couponOutput } } },
    async (req) => coupons.updateCoupon(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/coupons/:id', { config, schema: { tags, security, params: couponParams, response: { 204: z.null().describe('No content') } } },
    async (req, reply) => {
      await coupons.deleteCoupon(req.ctx, req.params.id)
      return reply.code(204).send(null)
    })
}
