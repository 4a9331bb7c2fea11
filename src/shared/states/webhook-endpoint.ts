import type { Transitions } from './transitions'

// A seller's webhook endpoint (docs/reference/accounts-and-orders.md §4). The seller switches it on and off (active, inactive);
// the platform pauses an active endpoint that keeps failing, and the seller resumes or switches it off.
// Only the seller's resume makes a paused endpoint active again: a pause is not lifted on its own.
// Deleting an endpoint removes it; no state is terminal.

export const webhookEndpointStates = ['active', 'inactive', 'paused'] as const
export type WebhookEndpointState = (typeof webhookEndpointStates)[number]

export const webhookEndpointTransitions = {
  active: ['inactive', 'paused'],
  inactive: ['active'],
  paused: ['active', 'inactive'],
} as const satisfies Transitions<WebhookEndpointState>

// A webhook delivery (docs/decisions/0072-signed-webhooks.md): pending until its first attempt; failed while
// retries remain; succeeded on a 2xx answer; given_up after the last retry (about three days) or when its
// endpoint is switched off or paused. A replay (the seller's) moves any state back to pending.
export const webhookDeliveryStates = ['pending', 'succeeded', 'failed', 'given_up'] as const
export type WebhookDeliveryState = (typeof webhookDeliveryStates)[number]

export const webhookDeliveryTransitions = {
  pending: ['succeeded', 'failed', 'given_up'],
  failed: ['succeeded', 'failed', 'given_up', 'pending'],
  succeeded: ['pending'],
  given_up: ['pending'],
} as const satisfies Transitions<WebhookDeliveryState>
