import { describe, expect, test } from 'vitest'
import { refundableOfPayments } from './refundable'

// The one rule the refund route and the order detail's refund button share.
describe('refundableOfPayments', () => {
  const charge = { id: 1, kind: 'charge', state: 'successful', amount: 5000, parentPaymentId: null }

  test('a charge less its refunds and open chargebacks (its refunded_amount); only successful charges count', () => {
    expect(refundableOfPayments([
      { ...charge, refundedAmount: 5000 }, // 1000 refunded, 4000 charged back
      { id: 2, kind: 'charge', state: 'denied', amount: 5000, refundedAmount: 0, parentPaymentId: null },
      { id: 3, kind: 'refund', state: 'successful', amount: 1000, refundedAmount: 0, parentPaymentId: 1 },
      { id: 4, kind: 'chargeback', state: 'successful', amount: 4000, refundedAmount: 0, parentPaymentId: 1 },
    ])).toBe(0)
  })

  test('a won chargeback gives its amount back; a refund still with the provider is not refundable twice', () => {
    expect(refundableOfPayments([
      { ...charge, refundedAmount: 1000 }, // the 4000 chargeback was won back
      { id: 3, kind: 'refund', state: 'successful', amount: 1000, refundedAmount: 0, parentPaymentId: 1 },
      { id: 4, kind: 'chargeback', state: 'successful', amount: 4000, refundedAmount: 0, parentPaymentId: 1 },
      { id: 5, kind: 'chargeback_reversal', state: 'successful', amount: 4000, refundedAmount: 0, parentPaymentId: 4 },
      { id: 6, kind: 'refund', state: 'pending', amount: 500, refundedAmount: 0, parentPaymentId: 1 },
    ])).toBe(3500)
  })
})
