import { describe, expect, test } from 'vitest'
import { paymentInput } from '../../../../tests/stand-ins/payment-input'
import { createSandboxProvider, sandboxDeclinedMethodId, sandboxOutcome, sandboxRef, sandboxTestCard } from './sandbox'

const sandbox = createSandboxProvider({ appUrl: 'http://localhost:3000/' })
const amount = { amount: 1999, currency: 'eur' as const }
const year = new Date().getUTCFullYear()

describe('the sandbox provider', () => {
  test('a payment waits while the payer chooses an outcome on our hosted test page', async () => {
    const input = paymentInput({ method: 'klarna' })
    expect(await sandbox.createPayment(input)).toEqual({
      providerRef: `sbx_${input.paymentToken}`, state: 'waiting', amount: input.amount,
      nextAction: { type: 'redirect', url: `http://localhost:3000/sandbox/payments/${input.paymentToken}` },
    })
  })

  test('each choice on the test page has its outcome', () => {
    const ref = sandboxRef('tok1')
    expect(sandboxOutcome('success', ref, amount)).toEqual({
      providerRef: ref, state: 'successful', amount, card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: year + 3 },
    })
    expect(sandboxOutcome('failure', ref, amount)).toEqual({ providerRef: ref, state: 'denied', amount, failureReason: 'card_declined' })
    expect(sandboxOutcome('pending', ref, amount)).toEqual({ providerRef: ref, state: 'pending', amount })
    // 3-D Secure: pending with no failure; the page then records success or failure.
    expect(sandboxOutcome('challenge', ref, amount)).toEqual({ providerRef: ref, state: 'pending', amount })
    expect(sandboxTestCard(new Date('2026-05-01T00:00:00Z')).expYear).toBe(2029)
  })

  test('the test card is shown only for a card method: the sandbox standing in for PayPal, SEPA or a wallet-less method shows none', () => {
    const ref = sandboxRef('tok1')
    expect(sandboxOutcome('success', ref, amount, { method: 'paypal' })).toEqual({ providerRef: ref, state: 'successful', amount })
    expect(sandboxOutcome('success', ref, amount, { method: 'sepa' }).card).toBeUndefined()
    expect(sandboxOutcome('success', ref, amount, { method: 'card' }).card?.last4).toBe('4242')
    expect(sandboxOutcome('success', ref, amount, { method: 'apple_pay' }).card?.last4).toBe('4242')
  })

  test('a success that keeps the method can be charged again at once; only sandbox methods can', async () => {
    const outcome = sandboxOutcome('success', sandboxRef('tok2'), amount, { saveMethod: true })
    expect(outcome.savedMethod).toEqual({ provider: 'sandbox', paymentMethodId: 'sbx_pm_tok2' })
    expect(sandboxOutcome('failure', sandboxRef('tok2'), amount, { saveMethod: true }).savedMethod).toBeUndefined()

    const next = paymentInput({ amount: { amount: 990, currency: 'eur' } })
    expect(await sandbox.chargeSavedMethod({ ...next, savedMethod: outcome.savedMethod! })).toEqual({
      providerRef: `sbx_${next.paymentToken}`, state: 'successful', amount: next.amount, card: sandboxTestCard(),
      savedMethod: outcome.savedMethod, nextAction: { type: 'none' },
    })
    // Each charge has its own idempotency key (the same key answers the first outcome again).
    expect(await sandbox.chargeSavedMethod({ ...next, idempotencyKey: 'declined-1', savedMethod: { provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId } }))
      .toMatchObject({ state: 'denied', failureReason: 'card_declined', nextAction: { type: 'none' } })
    await expect(sandbox.chargeSavedMethod({ ...next, idempotencyKey: 'stripe-1', savedMethod: { provider: 'stripe', customerId: 'cus_1', paymentMethodId: 'pm_1' } }))
      .rejects.toMatchObject({ type: 'no_payment_method' })
  })

  test('success_then_decline: the payment succeeds and the method it keeps declines every later charge', async () => {
    const ref = sandboxRef('tok4')
    const outcome = sandboxOutcome('success_then_decline', ref, amount, { saveMethod: true })
    expect(outcome).toMatchObject({ providerRef: ref, state: 'successful', amount, savedMethod: { provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId } })
    const later = paymentInput({ amount: { amount: 990, currency: 'eur' } })
    expect(await sandbox.chargeSavedMethod({ ...later, savedMethod: outcome.savedMethod! })).toMatchObject({ state: 'denied', failureReason: 'card_declined' })
  })

  test('an off-session charge is idempotent per key: the same key answers the same outcome, even with another method', async () => {
    const kept = sandboxOutcome('success', sandboxRef('tok5'), amount, { saveMethod: true }).savedMethod!
    const input = paymentInput({ amount: { amount: 990, currency: 'eur' }, idempotencyKey: 'rate-77-1' })
    const first = await sandbox.chargeSavedMethod({ ...input, savedMethod: kept })
    expect(first.state).toBe('successful')
    // Asked again after a timeout (the reconcile step): the same charge, not a second one, whatever the method now.
    expect(await sandbox.chargeSavedMethod({ ...input, savedMethod: { provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId } })).toEqual(first)
    expect(await sandbox.chargeSavedMethod({ ...input, idempotencyKey: 'rate-77-2', savedMethod: { provider: 'sandbox', paymentMethodId: sandboxDeclinedMethodId } }))
      .toMatchObject({ state: 'denied' })
  })

  test('only reusable methods can be kept', async () => {
    await expect(sandbox.createPayment(paymentInput({ method: 'twint', saveMethod: true }))).rejects.toMatchObject({ type: 'no_payment_method' })
    await expect(sandbox.createPayment(paymentInput({ method: 'paypal', saveMethod: true }))).resolves.toMatchObject({ state: 'waiting' })
  })

  test('the provider knows no outcome afterwards, refunds at once and takes no webhooks', async () => {
    expect(await sandbox.retrievePayment('sbx_tok3')).toEqual({ providerRef: 'sbx_tok3', state: 'waiting' })
    const refund = await sandbox.refund({ providerRef: 'sbx_tok3', amount, idempotencyKey: 'k1' })
    expect(refund).toEqual({ refundRef: expect.stringMatching(/^sbx_re_[0-9a-f]{24}$/), state: 'successful' })
    expect(await sandbox.refund({ providerRef: 'sbx_tok3', amount, idempotencyKey: 'k1' })).toEqual(refund)
    await expect(sandbox.parseWebhook(Buffer.from('{}'), {})).rejects.toMatchObject({ type: 'invalid_signature' })
  })
})
