import type { CheckoutMethod, PaymentProvider } from '../../../../shared/payments'
import type { PaymentSettingsInput } from '../../../../shared/schemas/payment-settings'

// The matrix as the page edits it, and the body it saves: a method without a provider is left out (the
// server's default choice applies to it), every other one is stored with its switch.

export type MatrixRow = { method: CheckoutMethod; provider: PaymentProvider | null; active: boolean }

export function matrixInput(rows: readonly MatrixRow[]): PaymentSettingsInput {
  return {
    methods: rows.flatMap((row) => (row.provider === null ? [] : [{ method: row.method, provider: row.provider, active: row.active }])),
  }
}
