import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { zIdParam } from '../../../shared/validation/storable'
import {
  changeMethodInput, changeMethodOutput, managePaymentOutput, methodSetupOutput, methodSetupParams, orderTokenParams,
  payerOverviewOutput, payerSellerOutput, payerSellerParams, paymentManagementInput, paymentManagementOutput, productDeliveryInput,
  productDeliveryOutput, sandboxSetupInput,
} from '../../../shared/schemas/delivery'
import * as delivery from './delivery.service'
import * as payerArea from './payer-area.service'
import { redirectAnswer } from '../../plugins/openapi'

// The delivery's routes: the payer area (/api/v1/payer/*), managing a payment (change the method of later
// rates; cancel and pay now are billing's routes), the product's delivery step and the seller's payment-management setting. Thin: parse, then
// one use case.

const security = [{ bearer: [] }]
const auth = { auth: 'required' as const }
const productParams = z.object({ id: zIdParam() })

export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/payer/purchases', { config: auth, schema: { tags: ['payer'], security, response: { 200: payerOverviewOutput } } },
    async (req) => payerArea.overview(req.ctx))

  app.get('/payer/sellers/:id', { config: auth, schema: { tags: ['payer'], security, params: payerSellerParams, response: { 200: payerSellerOutput } } },
    async (req) => payerArea.sellerPage(req.ctx, req.params.id))

  app.get('/payer/orders/:token', { config: auth, schema: { tags: ['payer'], security, params: orderTokenParams, response: { 200: managePaymentOutput } } },
    async (req) => payerArea.managePayment(req.ctx, req.params.token))

  // Changing the method later rates are charged to: start, the sandbox's setup page, the provider's return.
  app.post('/payer/orders/:token/payment_method', {
    config: auth, schema: { tags: ['payer'], security, params: orderTokenParams, body: changeMethodInput.optional(), response: { 200: changeMethodOutput } },
  }, async (req) => payerArea.startMethodChange(req.ctx, req.params.token))

  app.get('/payer/method_setups/:token', { config: auth, schema: { tags: ['payer'], security, params: methodSetupParams, response: { 200: methodSetupOutput } } },
    async (req) => payerArea.getMethodSetup(req.ctx, req.params.token))

  app.post('/payer/method_setups/:token/sandbox', {
    config: auth, schema: { tags: ['payer'], security, params: methodSetupParams, body: sandboxSetupInput, response: { 200: methodSetupOutput } },
  }, async (req) => payerArea.completeSandboxSetup(req.ctx, req.params.token, req.body.outcome))

  app.get('/shop/method_setups/:token/return', { schema: { tags: ['payer'], params: methodSetupParams, response: { 303: redirectAnswer } } },
    async (req, reply) => reply.redirect(await payerArea.methodSetupReturn(req.ctx, req.params.token), 303))

  app.get('/cabinet/products/:id/delivery', { config: auth, schema: { tags: ['products'], security, params: productParams, response: { 200: productDeliveryOutput } } },
    async (req) => delivery.getDeliverySettings(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/delivery', {
    config: auth, schema: { tags: ['products'], security, params: productParams, body: productDeliveryInput, response: { 200: productDeliveryOutput } },
  }, async (req) => delivery.saveDeliverySettings(req.ctx, req.params.id, req.body))

  app.get('/cabinet/settings/payment_management', { config: auth, schema: { tags: ['settings'], security, response: { 200: paymentManagementOutput } } },
    async (req) => payerArea.getPaymentManagement(req.ctx))

  app.put('/cabinet/settings/payment_management', {
    config: auth, schema: { tags: ['settings'], security, body: paymentManagementInput, response: { 200: paymentManagementOutput } },
  }, async (req) => payerArea.savePaymentManagement(req.ctx, req.body))
}
