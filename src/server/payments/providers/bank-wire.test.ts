import { describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { bankWireReference, createBankWireProvider } from './bank-wire'

const bankWire = createBankWireProvider({ accountHolder: ' Maker GmbH ', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', bankName: 'Commerzbank' })

describe('the bank wire provider', () => {
  test('a payment waits with the seller\'s bank details, the amount and a reference to quote', async () => {
    const input = paymentInput({ method: 'bank_wire', amount: { amount: 12_000, currency: 'eur' } })
    const result = await bankWire.createPayment(input)
    const reference = bankWireReference(input.paymentToken)
    expect(result).toEqual({
      providerRef: reference, state: 'waiting', amount: input.amount,
      nextAction: {
        type: 'bank_wire',
        details: { account_holder: 'Maker GmbH', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', bank_name: 'Commerzbank', reference, amount: 12_000, currency: 'eur' },
      },
    })
  })

  test('the reference is SF-, two groups of 5 readable characters and check digits, the same for one payment and different for another', () => {
    const reference = bankWireReference('pay_abc')
    expect(reference).toMatch(/^SF-[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}-\d{2}$/)
    expect(bankWireReference('pay_abc')).toBe(reference)
    const many = new Set(Array.from({ length: 2000 }, (_, i) => bankWireReference(`pay_${i}`)))
    expect(many.size).toBe(2000)
  })

  test('missing BIC and bank name are null', async () => {
    const plain = createBankWireProvider({ accountHolder: 'Maker', iban: 'DE89370400440532013000' })
    const result = await plain.createPayment(paymentInput({ method: 'bank_wire' }))
    expect(result.nextAction).toMatchObject({ details: { bic: null, bank_name: null } })
  })

  test('without an account holder or IBAN the provider cannot be used', () => {
    expect(() => createBankWireProvider({ accountHolder: '', iban: 'DE89370400440532013000' })).toThrow(expect.objectContaining({ type: 'no_payment_method' }))
  })

  test('confirmation is manual: no saved methods, always waiting, refunds pending, no webhooks', async () => {
    await expect(bankWire.chargeSavedMethod({ ...paymentInput(), savedMethod: { provider: 'bank_wire' } })).rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(bankWire.createPayment(paymentInput({ method: 'bank_wire', saveMethod: true }))).rejects.toMatchObject({ type: 'no_payment_method' })
    expect(await bankWire.retrievePayment('SF-0123456789')).toEqual({ providerRef: 'SF-0123456789', state: 'waiting' })
    expect(await bankWire.refund({ providerRef: 'SF-0123456789', amount: { amount: 100, currency: 'eur' }, idempotencyKey: 'k' }))
      .toEqual({ refundRef: expect.stringMatching(/^SF-0123456789-R[0-9A-F]{8}$/), state: 'pending' })
    await expect(bankWire.parseWebhook(Buffer.from('{}'), {})).rejects.toMatchObject({ type: 'invalid_signature' })
  })
})
