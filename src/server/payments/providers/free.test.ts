import { expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { createFreeProvider } from './free'

const free = createFreeProvider()

test('a free order is paid the moment it is placed, with nothing to do next', async () => {
  const input = paymentInput({ method: 'free', amount: { amount: 0, currency: 'eur' } })
  expect(await free.createPayment(input)).toEqual({
    providerRef: `free_${input.paymentToken}`, state: 'successful', amount: { amount: 0, currency: 'eur' }, nextAction: { type: 'none' },
  })
  expect(await free.retrievePayment(`free_${input.paymentToken}`)).toMatchObject({ state: 'successful' })
})

test('an amount above zero needs a real payment method', async () => {
  await expect(free.createPayment(paymentInput({ method: 'free', amount: { amount: 1, currency: 'eur' } }))).rejects.toMatchObject({ type: 'no_payment_method' })
  await expect(free.refund({ providerRef: 'free_x', amount: { amount: 1, currency: 'eur' }, idempotencyKey: 'k' })).rejects.toMatchObject({ type: 'conflict' })
  await expect(free.parseWebhook(Buffer.from('{}'), {})).rejects.toMatchObject({ type: 'invalid_signature' })
})
