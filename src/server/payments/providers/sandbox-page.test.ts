import { describe, expect, test } from 'vitest'
import { AppError } from '../../../shared/errors'
import { completeSandboxPayment, getSandboxPayment, type SandboxPaymentLabels, type SandboxPaymentStore } from './sandbox-page'

// The sandbox's test page on a store kept in memory: the page holds no database code, so the rules of what
// it shows and records are checked here without one (the routes' tests run it on the orders module).

const token = 'pay_0123456789abcdef'
const now = new Date('2026-05-01T00:00:00Z')

function storeWith(provider: string) {
  const labels: SandboxPaymentLabels = {
    payment: { token, state: 'waiting', amount: 1999, currency: 'eur', method: 'card', provider, providerRef: null },
    orderToken: 'ord_1', productName: 'Course', username: 'ann smith',
  }
  const calls: string[] = []
  const store: SandboxPaymentStore = {
    async paymentWithLabels(paymentToken) {
      calls.push(`read ${paymentToken}`)
      return paymentToken === token ? labels : undefined
    },
    async recordOutcomeOf(paymentToken, decide) {
      calls.push(`record ${paymentToken}`)
      const outcome = decide(labels.payment)
      labels.payment = { ...labels.payment, state: outcome.state, providerRef: outcome.providerRef }
      return { state: outcome.state, labels }
    },
  }
  return { store, calls }
}

const notFound = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e)
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).type).toBe('not_found')
}

describe('the sandbox test page', () => {
  test('shows the payment with its order, product and seller; returns to the order page', async () => {
    const { store } = storeWith('sandbox')
    expect(await getSandboxPayment(store, token)).toEqual({
      payment_id: token, state: 'waiting', amount: 1999, currency: 'eur', method: 'card', product_name: 'Course',
      seller_username: 'ann smith', order_token: 'ord_1', return_url: '/s/ann%20smith/payment/ord_1',
    })
  })

  test('a token of another shape is no payment, without a read; another provider\'s payment is none either', async () => {
    const { store, calls } = storeWith('sandbox')
    await notFound(getSandboxPayment(store, 'short'))
    expect(calls).toEqual([])
    await notFound(getSandboxPayment(storeWith('stripe').store, token))
  })

  test('a button records its outcome for exactly the payment\'s amount, and only in test mode', async () => {
    const { store, calls } = storeWith('sandbox')
    await notFound(completeSandboxPayment(store, { testMode: false, now: () => now }, token, 'success'))
    expect(calls).toEqual([])
    const page = await completeSandboxPayment(store, { testMode: true, now: () => now }, token, 'success')
    expect(page.state).toBe('successful')
    expect(calls).toEqual([`record ${token}`])
    await notFound(completeSandboxPayment(storeWith('paypal').store, { testMode: true, now: () => now }, token, 'success'))
  })
})
