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
