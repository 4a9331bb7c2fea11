import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { CreateWebhookEndpointInput, UpdateWebhookEndpointInput, listOfWebhookDeliveries, listOfWebhookEndpoints, webhookDeliveryOutput, webhookEndpointOutput } from '../../../../shared/schemas/webhooks'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// The seller's webhook endpoints and their delivery logs (docs/decisions/0072-signed-webhooks.md): /cabinet/webhook_endpoints.

export type WebhookEndpoint = Camelize<z.infer<typeof webhookEndpointOutput>>
export type WebhookDelivery = Camelize<z.infer<typeof webhookDeliveryOutput>>
type EndpointList = Camelize<z.infer<typeof listOfWebhookEndpoints>>
type DeliveryList = Camelize<z.infer<typeof listOfWebhookDeliveries>>
type WithSecret = { webhookEndpoint: WebhookEndpoint & { secret: string } }

export const webhooksKey = ['cabinet', 'webhook_endpoints'] as const

export function endpointsQuery() {
  return queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => api.get<EndpointList>('/cabinet/webhook_endpoints?per=100', { signal }),
  })
}


export function deliveriesQuery(endpointId: number) {
  return queryOptions({
    queryKey: [...webhooksKey, endpointId, 'deliveries'],
    queryFn: ({ signal }) => api.get<DeliveryList>(`/cabinet/webhook_endpoints/${endpointId}/deliveries?per=50`, { signal }),
  })
}

export function createEndpoint(input: CreateWebhookEndpointInput): Promise<WithSecret> {
  return api.post('/cabinet/webhook_endpoints', input, { silent: true })
}

export function updateEndpoint(id: number, input: UpdateWebhookEndpointInput): Promise<{ webhookEndpoint: WebhookEndpoint }> {
  return api.patch(`/cabinet/webhook_endpoints/${id}`, input, { silent: true })
}

export function deleteEndpoint(id: number): Promise<unknown> {
  return api.delete(`/cabinet/webhook_endpoints/${id}`)
}

export function rollSecret(id: number): Promise<WithSecret> {
  return api.post(`/cabinet/webhook_endpoints/${id}/roll_secret`)
}

export function sendTest(id: number): Promise<unknown> {
  return api.post(`/cabinet/webhook_endpoints/${id}/test`)
}

export function replayDelivery(endpointId: number, deliveryId: number): Promise<unknown> {
  return api.post(`/cabinet/webhook_endpoints/${endpointId}/deliveries/${deliveryId}/replay`)
}
