import type { Ctx } from '../../context'
import { completeSandboxPayment as complete, getSandboxPayment as get, type SandboxPaymentStore } from '../../payments/providers/sandbox-page'
import type { SandboxChoice } from '../../payments/providers/sandbox'
import * as orders from '../orders/orders.service'

// The sandbox provider's test page (src/server/payments/providers/sandbox-page.ts) on the orders module's
// payments: the page reads a payment with its labels and records the payer's choice as a webhook would.

function storeOf(ctx: Ctx): SandboxPaymentStore {
  return {
    paymentWithLabels: (paymentToken) => orders.paymentWithLabels(ctx.db, paymentToken),
    recordOutcomeOf: (paymentToken, decide) => orders.recordPaymentOutcomeOf(ctx.deps, paymentToken, decide),
  }
}

/** GET /shop/sandbox/payments/{paymentId}: what the test page shows. */
export async function getSandboxPayment(ctx: Ctx, paymentToken: string) {
  return get(storeOf(ctx), paymentToken)
}

/** POST /shop/sandbox/payments/{paymentId}: the test page's buttons (test mode only). */
export async function completeSandboxPayment(ctx: Ctx, paymentToken: string, outcome: SandboxChoice) {
  return complete(storeOf(ctx), { testMode: ctx.deps.settings.paymentsTestMode, now: () => ctx.deps.now() }, paymentToken, outcome)
}
