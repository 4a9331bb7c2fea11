import { z } from 'zod'
import { webhookDeliveryStates, webhookEndpointStates } from '../states/webhook-endpoint'
import { zId, zIdParam, zText } from '../validation/storable'
import { platformEventTypes } from '../webhooks/events'
import { webhookProductScopes } from '../webhooks/product-scope'
import { listOutput, listQuery } from './lists'

// Signed webhooks (docs/decisions/0072-signed-webhooks.md): a seller's endpoints, their deliveries and attempts.

const webhookUrl = zText().trim().min(1).max(2000).meta({
  description: 'An http(s) URL. It must not resolve to a loopback, private, link-local or metadata address (400 url_not_allowed).',
  example: 'https://example.com/hooks/sellfront',
})
const eventList = z.array(z.enum(platformEventTypes)).min(1).max(platformEventTypes.length)
  .meta({ description: 'The event types the endpoint hears.', example: ['order.paid'] })
const productIds = z.array(zId()).max(500).meta({ description: 'The products whose events it hears (scope selected; kept only with it). Without product_scope: none given means every product.' })
const productScope = z.enum(webhookProductScopes).meta({
  description: 'Which products\' events it hears: all, the selected product_ids, or none (only events that concern no product, such as payouts). Default: selected when product_ids are given, else all.',
})

export const createWebhookEndpointInput = z.object({
  url: webhookUrl,
  events: eventList,
  product_ids: productIds.optional(),
  product_scope: productScope.optional(),
  description: zText().trim().max(300).optional(),
}).strict()
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointInput>

export const updateWebhookEndpointInput = z.object({
  url: webhookUrl.optional(),
  events: eventList.optional(),
  product_ids: productIds.optional(),
  product_scope: productScope.optional(),
  description: zText().trim().max(300).optional(),
  /** active, inactive; a paused endpoint is resumed with active. */
  state: z.enum(['active', 'inactive']).optional(),
}).strict()
export type UpdateWebhookEndpointInput = z.infer<typeof updateWebhookEndpointInput>

export const webhookEndpointParams = z.object({ id: zIdParam() }).strict()
export const webhookDeliveryParams = z.object({ id: zIdParam(), delivery_id: zIdParam() }).strict()

export const webhookEndpointOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  product_scope: z.enum(webhookProductScopes),
  product_ids: z.array(z.number().int()),
  state: z.enum(webhookEndpointStates),
  failure_streak: z.number().int(),
  failing_since: z.string().nullable(),
  paused_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type WebhookEndpointOutput = z.infer<typeof webhookEndpointOutput>
export const webhookEndpointAnswer = z.object({ webhook_endpoint: webhookEndpointOutput })
/** The answer that shows the secret: on create and on roll only. */
export const webhookEndpointWithSecretAnswer = z.object({ webhook_endpoint: webhookEndpointOutput.extend({ secret: z.string() }) })

export const webhookEndpointListQuery = listQuery.extend({
  state: z.enum(webhookEndpointStates).optional(),
  sort_key: z.enum(['id', 'url', 'state', 'created_at']).optional(),
}).strict()
export type WebhookEndpointListQuery = z.output<typeof webhookEndpointListQuery>
export const listOfWebhookEndpoints = listOutput(webhookEndpointOutput)

export const webhookAttemptOutput = z.object({
  id: z.number().int(),
  request_headers: z.record(z.string(), z.string()),
  status: z.number().int().nullable(),
  answer: z.string().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
  trigger: z.string(),
  created_at: z.string(),
})

export const webhookDeliveryOutput = z.object({
  id: z.number().int(),
  message_id: z.string(),
  event_type: z.string(),
  order_id: z.number().int().nullable(),
  body: z.unknown(),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status: z.number().int().nullable(),
  last_answer: z.string().nullable(),
  last_duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  created_at: z.string(),
  attempt_list: z.array(webhookAttemptOutput),
})
export type WebhookDeliveryOutput = z.infer<typeof webhookDeliveryOutput>
export const webhookDeliveryAnswer = z.object({ webhook_delivery: webhookDeliveryOutput })
export const webhookDeliveryListQuery = listQuery.extend({
  state: z.enum(webhookDeliveryStates).optional(),
  event_type: z.enum(platformEventTypes).optional(),
}).strict()
export type WebhookDeliveryListQuery = z.output<typeof webhookDeliveryListQuery>
export const listOfWebhookDeliveries = listOutput(webhookDeliveryOutput)

// ---------------------------------------------------------------- one product's endpoints (the wizard's market upsell step)

export const productWebhookParams = z.object({ id: zIdParam() }).strict()
export const productWebhookEndpointOutput = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  state: z.enum(webhookEndpointStates),
  product_scope: z.enum(webhookProductScopes),
  sends: z.boolean().meta({ description: 'Whether the endpoint hears this product\'s events.' }),
})
export const productWebhooksAnswer = z.object({ list: z.array(productWebhookEndpointOutput) })
export type ProductWebhooksAnswer = z.infer<typeof productWebhooksAnswer>
export const productWebhooksInput = z.object({
  endpoint_ids: z.array(zId()).max(500).meta({
    description: 'The endpoints that hear this product\'s events; the seller\'s other endpoints stop hearing them. Endpoints that hear every product keep doing so.',
  }),
}).strict()
export type ProductWebhooksInput = z.infer<typeof productWebhooksInput>

