// Which products' events a webhook endpoint hears (docs/decisions/0072-signed-webhooks.md "Products"): every
// product's; only the selected products'; or no product's, leaving the events that concern no product
// (payouts, affiliate nodes, payment tickets without an order).
export const webhookProductScopes = ['all', 'selected', 'none'] as const
export type WebhookProductScope = (typeof webhookProductScopes)[number]

/** Whether an endpoint with this scope hears an event concerning these products. */
export function scopeHears(scope: WebhookProductScope, selected: readonly number[], eventProducts: readonly number[]): boolean {
  if (scope === 'all') return true
  if (scope === 'none') return eventProducts.length === 0
  return eventProducts.some((id) => selected.includes(id))
}

/**
 * The scope a request asks for: the given one, else `selected` when products are given, else `all` (so the
 * first contract, `product_ids` alone, keeps its meaning: none given is every product).
 */
export function requestedScope(scope: WebhookProductScope | undefined, productIds: readonly number[] | undefined): WebhookProductScope {
  return scope ?? (productIds && productIds.length > 0 ? 'selected' : 'all')
}
