import { randomUUID } from 'node:crypto'
import type { TestApp } from '../helpers/test-app'
import { createProduct } from './catalog'

/** A published product of the seller, ready to buy. */
export async function publishedProduct(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const product = await createProduct(t, token, overrides)
  const res = await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token })
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`)
  return res.json()
}

export const fullPayer = (email = `payer-${randomUUID().slice(0, 8)}@example.test`) => ({
  email, first_name: 'Pia', last_name: 'Payer', country_code: 'DE', street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin', phone: '+4930123456',
})

/** POST /api/v1/shop/orders with an Idempotency-Key (a new one unless given). */
export function submitOrder(t: TestApp, payload: Record<string, unknown>, key: string = randomUUID()) {
  return t.request({ method: 'POST', url: '/api/v1/shop/orders', headers: { 'idempotency-key': key }, payload })
}

/** Chooses an outcome on the sandbox's test page. */
export function sandboxPay(t: TestApp, paymentId: string, outcome: 'success' | 'failure' | 'pending' | 'challenge' = 'success') {
  return t.request({ method: 'POST', url: `/api/v1/shop/sandbox/payments/${paymentId}`, payload: { outcome } })
}

/** The seller takes cards through Stripe (the stand-in behind `STRIPE_API_BASE`): its keys saved, card on Stripe active. */
export async function sellCardsWithStripe(t: TestApp, token: string, keys: { publishable_key: string; secret_key: string; webhook_secret: string }) {
  const saved = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_providers/stripe', token, payload: keys })
  if (saved.statusCode !== 200) throw new Error(`stripe keys failed: ${saved.statusCode} ${saved.body}`)
  const matrix = await t.request({ method: 'PUT', url: '/api/v1/cabinet/payment_settings', token, payload: { methods: [{ method: 'card', provider: 'stripe', active: true }] } })
  if (matrix.statusCode !== 200) throw new Error(`payment settings failed: ${matrix.statusCode} ${matrix.body}`)
}
