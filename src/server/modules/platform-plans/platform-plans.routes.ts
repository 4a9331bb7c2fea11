import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { listQuery } from '../../../shared/schemas/lists'
import {
  assignPlatformPlanInput, listOfPlatformPlans, listOfPromos, platformPlanInput, platformPlanListQuery, platformPlanOutput, platformPlanParams,
  platformSubscriptionOutput, promoInput, promoOutput, promoTokenParams, sellerPlanPageOutput, subscribePlatformPlanInput, subscribePlatformPlanOutput,
  updatePlatformPlanInput,
} from '../../../shared/schemas/platform-plans'
import { zIdParam } from '../../../shared/validation/storable'
import { sellerFeaturesOutput } from '../../../shared/schemas/features'
import * as plans from './platform-plans.service'
import * as sellerFeatures from './seller-features.service'

// The platform's own plans (docs/decisions/0055-platform-plans.md): the seller's plan
// (/api/v1/cabinet/platform_plan: reading is finance's `payouts.read`, buying, changing and canceling is the
// seller's own `team.manage`), the plans on offer and the promo pages' data (/api/v1/common), and the managers'
// plans, promos and plan assignment (/api/v1/admin).

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }

export const platformPlansRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['platform plans']

  app.get('/cabinet/platform_plan', {
    config, schema: { tags, security, response: { 200: sellerPlanPageOutput }, description: 'The seller\'s plan (null: the defaults), an unpaid checkout of one, and the plans on offer (public and trial).' },
  }, async (req) => plans.sellerPlanPage(req.ctx))

  app.post('/cabinet/platform_plan/subscriptions', {
    config: { ...config, documentErrors: { 409: 'conflict: the promo was used by this seller already', 410: 'promo_unavailable: the promo expired or has no uses left' } },
    schema: {
      tags, security, body: subscribePlatformPlanInput, response: { 201: subscribePlatformPlanOutput },
      description: 'Starts buying a plan at a billing cycle (or a promo token\'s terms): an order of the platform\'s account with the seller as payer, paid at `redirect_url`. The plan starts (trialing or active) when the first payment is recorded and replaces the plan before it; the billing engine renews it each cycle.',
    },
  }, async (req, reply) => reply.code(201).send(await plans.subscribe(req.ctx, req.body)))

  app.post('/cabinet/platform_plan/cancel', {
    config: { ...config, documentErrors: { 409: 'conflict: no running plan' } },
    schema: { tags, security, response: { 200: platformSubscriptionOutput }, description: 'The plan does not renew; it is `canceled` with its features until `ends_at` (the end of the paid period), then `ended`.' },
  }, async (req) => plans.cancel(req.ctx))

  app.get('/cabinet/features', {
    config,
    schema: {
      tags, security, response: { 200: sellerFeaturesOutput },
      description: 'The seller\'s feature flags: each with its value in effect, its source (override, platform_plan, default) and the plans on offer that grant it. Read fresh on every request.',
    },
  }, async (req) => sellerFeatures.cabinetFeatures(req.ctx))

  app.get('/admin/sellers/:id/features', {
    config: { ...config, documentErrors: { 404: 'not_found: no such seller' } },
    schema: { tags: ['admin'], security, params: z.strictObject({ id: zIdParam() }), response: { 200: sellerFeaturesOutput }, description: 'A seller\'s feature flags with their sources; changed through PATCH /admin/sellers/{id} `features`.' },
  }, async (req) => sellerFeatures.adminSellerFeatures(req.ctx, req.params.id))

  app.get('/common/platform_plans', {
    schema: { tags, querystring: platformPlanListQuery, response: { 200: listOfPlatformPlans }, description: 'The plans anyone may buy (purposes public and trial), filtered by `purpose` and `billingCycle` (a plan with a price in that cycle).' },
  }, async (req) => plans.listPublicPlans(req.ctx, req.query))

  app.get('/common/platform_promos/:token', {
    config: { documentErrors: { 410: 'promo_unavailable: the promo expired or has no uses left' } },
    schema: { tags, params: promoTokenParams, response: { 200: promoOutput }, description: 'What a promo page (/elopage_promos/{token}, /ablefy_promos/{token}) shows: the plan and its special terms.' },
  }, async (req) => plans.promoPage(req.ctx, req.params.token))

  const admin = ['admin']
  app.get('/admin/platform_plans', {
    config, schema: { tags: admin, security, querystring: platformPlanListQuery, response: { 200: listOfPlatformPlans }, description: 'Every platform plan, filtered by `purpose` and `billingCycle`.' },
  }, async (req) => plans.listPlans(req.ctx, req.query))

  app.post('/admin/platform_plans', {
    config, schema: { tags: admin, security, body: platformPlanInput, response: { 201: platformPlanOutput }, description: 'A platform plan; with prices it is sold as a product of the platform\'s account, one subscription pricing plan per billing cycle.' },
  }, async (req, reply) => reply.code(201).send(await plans.createPlan(req.ctx, req.body)))

  app.patch('/admin/platform_plans/:id', {
    config, schema: { tags: admin, security, params: platformPlanParams, body: updatePlatformPlanInput, response: { 200: platformPlanOutput }, description: 'Edits a plan. A changed price is a new version: running subscriptions keep the terms they bought.' },
  }, async (req) => plans.updatePlan(req.ctx, req.params.id, req.body))

  app.get('/admin/platform_promos', {
    config, schema: { tags: admin, security, querystring: listQuery, response: { 200: listOfPromos }, description: 'The promo tokens, newest first, with their uses.' },
  }, async (req) => plans.listPromos(req.ctx, req.query))

  app.post('/admin/platform_promos', {
    config, schema: { tags: admin, security, body: promoInput, response: { 201: promoOutput }, description: 'A promo token: a plan at a billing cycle with a special price and/or free months, an expiry and a most number of uses.' },
  }, async (req, reply) => reply.code(201).send(await plans.createPromo(req.ctx, req.body)))

  app.post('/admin/sellers/:id/platform_plan', {
    config, schema: {
      tags: admin, security, params: z.object({ id: zIdParam() }), body: assignPlatformPlanInput, response: { 200: platformSubscriptionOutput },
      description: 'Moves the seller to a plan without a payment (on_hold, deletion_planned, deletion_requested, or one given): the paid plan running is canceled at once.',
    },
  }, async (req) => plans.assignPlan(req.ctx, req.params.id, req.body.plan_id))
}

/** GET /preise?product_id=&step= (the marketing pricing link): the seller's plans page, the plan preselected (the public /plans stays the site's page). */
export const pricingLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const query = z.object({ product_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(), step: z.coerce.number().int().min(1).max(10).optional() })
  app.get('/preise', { schema: { hide: true, querystring: query } }, async (req, reply) => reply.redirect(await plans.pricingLinkTarget(req.ctx.db, req.query.product_id, req.query.step), 302))
}
