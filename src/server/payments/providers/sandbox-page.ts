import type { CurrencyId } from '../../../shared/money'
import { AppError } from '../../../shared/errors'
import { sandboxOutcome, type SandboxChoice } from './sandbox'
import type { PaymentOutcome } from './types'

// The sandbox provider's hosted test page (docs/DESIGN.md "Payments"): what it shows of a payment and what its
// buttons record. Like every adapter it holds no database code: the payment store is handed in (the
// payments module wires the orders module's reads and writes: src/server/modules/payments/sandbox-page.service.ts).

/** A sandbox payment as its page needs it. */
export type SandboxPaymentRow = {
  token: string; state: string; amount: number; currency: string; method: string; provider: string; providerRef: string | null
}

/** A payment with its order's token, product name and seller's username. */
export type SandboxPaymentLabels = { payment: SandboxPaymentRow; orderToken: string; productName: string; username: string }

/** Where the page reads a payment and records its outcome (under the payment's lock). */
export type SandboxPaymentStore = {
  /** The payment and its labels in one read; undefined when there is none. */
  paymentWithLabels(paymentToken: string): Promise<SandboxPaymentLabels | undefined>
  /**
   * Records the outcome made from the locked payment; answers the state and, when the payment was still
   * open, its labels read under the same locks (null for a payment already final).
   */
  recordOutcomeOf(paymentToken: string, decide: (payment: SandboxPaymentRow) => PaymentOutcome): Promise<{ state: string; labels: SandboxPaymentLabels | null }>
}

/** The shape of a payment's token (a path parameter): anything else is no payment, without a read. */
const isPaymentToken = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token)

/** The sandbox provider's test page: what it shows. */
export async function getSandboxPayment(store: SandboxPaymentStore, paymentToken: string) {
  return (await sandboxPayment(store, paymentToken)).page
}

async function sandboxPayment(store: SandboxPaymentStore, paymentToken: string) {
  const found = isPaymentToken(paymentToken) ? await store.paymentWithLabels(paymentToken) : undefined
  if (!found || found.payment.provider !== 'sandbox') throw new AppError('not_found', 'This payment does not exist')
  return { page: sandboxPage(found), providerRef: found.payment.providerRef }
}

function sandboxPage({ payment, username, orderToken, productName }: SandboxPaymentLabels) {
  return {
    payment_id: payment.token, state: payment.state as string, amount: payment.amount, currency: payment.currency, method: payment.method,
    product_name: productName, seller_username: username, order_token: orderToken,
    return_url: `/s/${encodeURIComponent(username)}/payment/${orderToken}`,
  }
}

/**
 * The sandbox page's buttons: complete the payment as the provider's webhook would, for exactly its amount.
 * An open payment's page is built from the rows the outcome locked; a final one's is read. Outside test
 * mode (`testMode` false) there is no such page.
 */
export async function completeSandboxPayment(store: SandboxPaymentStore, options: { testMode: boolean; now: () => Date }, paymentToken: string, outcome: SandboxChoice) {
  const missing = () => new AppError('not_found', 'This payment does not exist')
  if (!options.testMode || !isPaymentToken(paymentToken)) throw missing()
  // The test card is kept on every sandbox success: harmless in test mode, and it lets one-click offers
  // and later rates charge it as a real provider's saved method would.
  const recorded = await store.recordOutcomeOf(paymentToken, (payment) => {
    if (payment.provider !== 'sandbox') throw missing()
    const amount = { amount: payment.amount, currency: payment.currency as CurrencyId }
    return sandboxOutcome(outcome, payment.providerRef ?? `sbx_${paymentToken}`, amount, { saveMethod: true, now: options.now(), method: payment.method })
  })
  const page = recorded.labels ? sandboxPage(recorded.labels) : (await sandboxPayment(store, paymentToken)).page
  return { ...page, state: recorded.state }
}
