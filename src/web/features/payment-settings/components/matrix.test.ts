import { describe, expect, test } from 'vitest'
import { paymentSettingsInput } from '../../../../shared/schemas/payment-settings'
import { matrixInput } from './matrix'

describe('the payment matrix body', () => {
  test('methods without a provider are left out; the rest keep their switch and pass the shared schema', () => {
    const body = matrixInput([
      { method: 'card', provider: 'stripe', active: true },
      { method: 'bank_wire', provider: null, active: false },
      { method: 'paypal', provider: 'sandbox', active: false },
    ])
    expect(body).toEqual({ methods: [{ method: 'card', provider: 'stripe', active: true }, { method: 'paypal', provider: 'sandbox', active: false }] })
    expect(paymentSettingsInput.safeParse(body).success).toBe(true)
  })
})
