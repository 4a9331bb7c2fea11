import type { Ctx } from '../../context'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'

// The payer back from a provider's page: the payment's state is asked of the provider (never read from the
// URL) and recorded like any outcome, then the payer goes to the order's page.

/** GET /shop/payments/{token}/return: the provider sent the payer back; ask it (never trust the URL). */
export async function paymentReturn(ctx: Ctx, paymentToken: string): Promise<string> {
  const payment = await orders.findPayment(ctx.db, paymentToken)
  const order = (await orders.findOrder(ctx.db, payment.orderId))!
  if (payment.providerRef && payment.state !== 'successful' && payment.provider !== 'sandbox' && payment.provider !== 'bank_wire' && payment.provider !== 'free') {
    const adapter = await paymentSettings.providerAdapter(ctx.db, ctx.deps, order.sellerId, payment.provider)
    const outcome = await adapter.retrievePayment(payment.providerRef)
    await orders.recordPaymentOutcome(ctx.deps, payment.token, outcome)
  }
  const username = await orders.sellerUsername(ctx.db, order.sellerId)
  return `/s/${encodeURIComponent(username)}/payment/${order.token}`
}
