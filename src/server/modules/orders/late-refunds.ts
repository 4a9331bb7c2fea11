import type { CurrencyId } from '../../../shared/money'
import { systemContext } from '../../context'
import type { AppDeps } from '../../deps'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import { refundLatePayment } from './orders.service'

// Late refunds: a payment that arrived after its order's reservation ran out, when nothing was left to
// sell, is refunded in full (the job refundLatePaymentJob, ./orders.jobs.ts).

/** The refund of a payment that arrived after its reservation ran out and found nothing left to sell. */
export async function refundLatePaymentThroughProvider(deps: AppDeps, data: { paymentToken: string }): Promise<void> {
  const ctx = systemContext(deps)
  await refundLatePayment(deps, data, async (payment) => {
    if (payment.provider === 'free' || payment.amount === 0) return
    const adapter = await paymentSettings.providerAdapter(deps.db, ctx.deps, payment.sellerId, payment.provider)
    await adapter.refund({ providerRef: payment.providerRef ?? '', amount: { amount: payment.amount, currency: payment.currency as CurrencyId }, idempotencyKey: `late-refund:${payment.token}`, reason: 'reservation_expired' })
  })
}
