import type { CreatePaymentInput } from '../../src/server/payments/providers/types'
import { randomId } from './server'

/** A payment as the checkout hands it to a provider: 19.99 eur by card, each call with fresh tokens. */
export function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  const token = randomId(20)
  return {
    paymentToken: `pay_${token}`,
    orderToken: `ord_${randomId(12)}`,
    amount: { amount: 1999, currency: 'eur' },
    method: 'card',
    description: 'Course: Baking bread',
    payer: { email: 'payer@example.com', firstName: 'Pat', lastName: 'Payer', countryCode: 'DE' },
    returnUrl: `https://shop.example/pay/return/pay_${token}`,
    cancelUrl: `https://shop.example/pay/cancel/pay_${token}`,
    saveMethod: false,
    idempotencyKey: `idem-${token}`,
    ...overrides,
  }
}
