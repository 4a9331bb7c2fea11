import type { PaymentProvider } from '../../../shared/payments'
import type { Ctx } from '../../context'
import { createProvider } from '../../payments/providers'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as providerEvents from '../refunds/provider-events.service'

// A provider's webhook delivery: its signature checked by the provider's adapter, its events handed to the
// refunds module's provider events, which apply each exactly once.

/**
 * POST /shop/webhooks/{provider}/{seller}: verified by the provider's own code, then stored and applied
 * exactly once in any order of delivery (refunds module, docs/decisions/0028-refunds-chargebacks-provider-events.md): payments through
 * orders.recordPaymentOutcome, refunds, chargebacks and won chargebacks through the refunds module.
 */
export async function providerWebhook(ctx: Ctx, provider: PaymentProvider, sellerId: number | null, rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ received: number }> {
  const adapter = sellerId === null
    ? createProvider(provider, { config: ctx.deps.config, settings: ctx.deps.settings })
    : await paymentSettings.providerAdapter(ctx.db, ctx.deps, sellerId, provider)
  const events = await adapter.parseWebhook(rawBody, headers)
  return providerEvents.receiveProviderEvents(ctx.deps, provider, sellerId, events)
}
