import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  createTrackingCodeInput, productTrackingInput, productTrackingOutput, productTrackingParams, trackingCodeAnswer, trackingCodeListOutput,
  trackingCodeListQuery, trackingCodeParams, updateTrackingCodeInput,
} from '../../../shared/schemas/tracking'
import * as tracking from './tracking.service'

// Tracking codes (/api/v1/cabinet/tracking_codes, the settings area) and a product's choice of them
// (/api/v1/cabinet/products/{id}/tracking_codes); docs/decisions/0074-tracking-with-consent.md.

const security = [{ bearer: [] }]
const config = { auth: 'required' as const }
const featureOff = { 403: 'feature_disabled: the feature of this tracking code type is off for the seller (google_analytics, tag_manager, facebook_pixel, custom_css for custom codes, conversion_tools for tracify)' }
const invalid = { 422: 'invalid_tracking_id: the tracking id does not match its type\'s rule (UA-, G-, GTM-, 16 digits); validation_failed: custom code without an https script or pixel, or code on another type' }
const tags = ['tracking']

export const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/cabinet/tracking_codes', {
    config: { ...config, documentErrors: { 404: 'not_found: product_id names no product of the seller' } },
    schema: { tags, security, querystring: trackingCodeListQuery, response: { 200: trackingCodeListOutput }, description: 'The seller\'s tracking codes, filtered by type, consent category, event, a product\'s selection or custom code.' },
  }, async (req) => tracking.listTrackingCodes(req.ctx, req.query))

  app.post('/cabinet/tracking_codes', {
    config: { ...config, documentErrors: { ...featureOff, ...invalid, 409: 'conflict: 50 tracking codes already' } },
    schema: {
      tags, security, body: createTrackingCodeInput, response: { 201: trackingCodeAnswer },
      description: 'Adds a tracking code. The consent category defaults by type (analytics and tag manager: statistics; pixels, Tracify and custom code: marketing); events default to all pages. Custom code keeps only external https scripts and https image pixels (inside noscript too); the storefront serves it only after the payer consented to its category.',
    },
  }, async (req, reply) => reply.code(201).send(await tracking.createTrackingCode(req.ctx, req.body)))

  app.get('/cabinet/tracking_codes/:id', {
    config,
    schema: { tags, security, params: trackingCodeParams, response: { 200: trackingCodeAnswer }, description: 'One tracking code.' },
  }, async (req) => tracking.getTrackingCode(req.ctx, req.params.id))

  app.patch('/cabinet/tracking_codes/:id', {
    config: { ...config, documentErrors: { ...featureOff, ...invalid } },
    schema: { tags, security, params: trackingCodeParams, body: updateTrackingCodeInput, response: { 200: trackingCodeAnswer }, description: 'Changes a tracking code (its type stays).' },
  }, async (req) => tracking.updateTrackingCode(req.ctx, req.params.id, req.body))

  app.delete('/cabinet/tracking_codes/:id', {
    config,
    schema: { tags, security, params: trackingCodeParams, response: { 204: z.null() }, description: 'Deletes a tracking code; products that selected it no longer serve it.' },
  }, async (req, reply) => {
    await tracking.deleteTrackingCode(req.ctx, req.params.id)
    return reply.code(204).send(null)
  })

  app.get('/cabinet/products/:id/tracking_codes', {
    config,
    schema: { tags, security, params: productTrackingParams, response: { 200: productTrackingOutput }, description: 'The product\'s tracking selection: none (the default), all or selected codes.' },
  }, async (req) => tracking.getProductTracking(req.ctx, req.params.id))

  app.put('/cabinet/products/:id/tracking_codes', {
    config,
    schema: { tags, security, params: productTrackingParams, body: productTrackingInput, response: { 200: productTrackingOutput }, description: 'Sets the product\'s tracking selection (the wizard\'s market upsell step).' },
  }, async (req) => tracking.setProductTracking(req.ctx, req.params.id, req.body))
}
