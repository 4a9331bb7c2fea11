import { AppError } from '../../../shared/errors'
import { noWebhooks } from './common'
import type { CreatePaymentResult, PaymentProviderAdapter } from './types'

// A free order (amount 0, e.g. a 100 % coupon) is paid the moment it is placed; nothing leaves the platform.

export function createFreeProvider(): PaymentProviderAdapter {
  function paid(paymentToken: string, amount: CreatePaymentResult['amount']): CreatePaymentResult {
    if (!amount || amount.amount !== 0) throw new AppError('no_payment_method', 'A payment method is needed for an amount above zero')
    return { providerRef: `free_${paymentToken}`, state: 'successful', amount, nextAction: { type: 'none' } }
  }

  return {
    code: 'free',
    async createPayment(input) {
      return paid(input.paymentToken, input.amount)
    },
    async chargeSavedMethod(input) {
      return paid(input.paymentToken, input.amount)
    },
    async retrievePayment(providerRef) {
      return { providerRef, state: 'successful' }
    },
    async refund(input) {
      if (input.amount.amount !== 0) throw new AppError('conflict', 'A free payment has nothing to refund')
      return { refundRef: `free_re_${input.providerRef}`, state: 'successful' }
    },
    parseWebhook: noWebhooks,
  }
}
