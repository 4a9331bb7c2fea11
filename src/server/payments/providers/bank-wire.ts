import { createHash } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import { formatWireReference } from '../../../shared/payments/wire-reference'
import { ibanToElectronicFormat } from '../../../shared/validation'
import { assertCanSave, noWebhooks } from './common'
import type { BankWireCredentials, PaymentProviderAdapter } from './types'

// A bank wire: the payer transfers the amount to the seller's account quoting a reference; the seller or
// a manager confirms it by hand when it arrives. No money passes through an API, so there is nothing to
// ask later and no webhook.

/**
 * The reference the payer quotes, such as 'SF-7A8NR-1Z29C-68' (src/shared/payments/wire-reference.ts: 50 bits derived
 * from the payment token and two check digits), the same for a retried call. A bank statement's matcher
 * finds it in the transfer's remittance text (modules/bank-transfers).
 */
export function bankWireReference(paymentToken: string): string {
  return formatWireReference(createHash('sha256').update(paymentToken).digest())
}

export function createBankWireProvider(credentials: BankWireCredentials): PaymentProviderAdapter {
  const iban = ibanToElectronicFormat(credentials.iban)
  if (!credentials.accountHolder.trim() || !iban) throw new AppError('no_payment_method', 'The seller has not given bank details for wires')

  return {
    code: 'bank_wire',

    async createPayment(input) {
      assertCanSave(input.method, input.saveMethod)
      const reference = bankWireReference(input.paymentToken)
      return {
        providerRef: reference,
        state: 'waiting',
        amount: input.amount,
        nextAction: {
          type: 'bank_wire',
          details: {
            account_holder: credentials.accountHolder.trim(),
            iban,
            bic: credentials.bic?.trim().toUpperCase() || null,
            bank_name: credentials.bankName?.trim() || null,
            reference,
            amount: input.amount.amount,
            currency: input.amount.currency,
          },
        },
      }
    },

    async chargeSavedMethod() {
      throw new AppError('no_payment_method', 'A bank wire cannot be charged without the payer')
    },

    // Confirmation is manual: until someone records the arrival, the payment waits.
    async retrievePayment(providerRef) {
      return { providerRef, state: 'waiting' }
    },

    // The seller sends the money back themselves; the platform records it when they say it is done.
    async refund(input) {
      return { refundRef: `${input.providerRef}-R${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 8).toUpperCase()}`, state: 'pending' }
    },

    parseWebhook: noWebhooks,
  }
}
