import { AppError } from '../../../shared/errors'
import type { PaymentProvider } from '../../../shared/payments'
import type { AppDeps } from '../../deps'
import type { ProviderEvent } from '../../payments/providers/types'
import * as orders from '../orders/orders.service'
import * as repo from './refunds.repository'
import { bookChargeback, bookChargebackWon, reconcileProviderRefund } from './refunds.service'

// Provider webhook events, applied exactly once whatever the order, number and concurrency of their
// deliveries (docs/decisions/0028-refunds-chargebacks-provider-events.md). Each verified event is stored first (provider_events, unique per
// provider and event id) with what it says, unapplied; then every unapplied event of the provider is
// tried, oldest first, until a round applies nothing more. An event that cannot apply yet (a refund or
// dispute of a payment not yet successful, a won dispute whose dispute is not booked) stays unapplied and
// is tried again on the next delivery and by the sweep. Applying one locks the order first, re-reads the
// event under its lock and marks it processed in the same transaction, so two deliveries never apply it
// twice; what it books is keyed by the provider's refs too (a dispute once, a refund total once).

type StoredEvent = { event: ProviderEvent; seller_id: number | null }

/** Events older than this are no longer tried (a payment that never succeeded keeps its events unapplied). */
const retryDays = 30
const batch = 200

/** Stores the events of one verified delivery and applies whatever can be applied now. */
export async function receiveProviderEvents(deps: AppDeps, provider: PaymentProvider, sellerId: number | null, events: ProviderEvent[]): Promise<{ received: number }> {
  let received = 0
  const now = deps.now()
  for (const event of events) {
    const stored: StoredEvent = { event, seller_id: sellerId }
    const row = await repo.insertProviderEvent(deps.db, {
      provider, eventId: event.eventId, type: event.type, payload: stored as unknown as Record<string, unknown>,
      processedAt: event.kind === 'ignored' ? now : null, createdAt: now,
    })
    if (row) received++
  }
  await applyPendingProviderEvents(deps, provider, new Set(events.map((e) => e.eventId)))
  return { received }
}

/**
 * Tries every unapplied event of the provider until a round applies nothing; answers how many applied.
 * A failure of one of `delivered` (the events of the delivery being answered) is thrown after the others
 * were tried, so the provider delivers it again; older failures are only logged (the sweep retries them).
 */
export async function applyPendingProviderEvents(deps: AppDeps, provider: string, delivered: ReadonlySet<string> = new Set()): Promise<number> {
  const since = new Date(deps.now().getTime() - retryDays * 86_400_000)
  let applied = 0
  let failure: unknown = null
  for (let round = 0; round < 10; round++) {
    let progress = false
    for (const row of await repo.pendingProviderEvents(deps.db, provider, since, batch)) {
      try {
        if (await applyStoredEvent(deps, provider, row)) {
          applied++
          progress = true
        }
      } catch (error) {
        // One event that fails must not hold up the others; it stays unapplied and the caller hears of it.
        deps.logger.error({ err: error, eventId: row.eventId, provider }, 'provider event could not be applied')
        if (delivered.has(row.eventId)) failure ??= error
      }
    }
    if (!progress) break
  }
  if (failure) throw failure instanceof AppError ? failure : new AppError('internal_error', 'A provider event could not be applied')
  return applied
}

/** The sweep: every provider's unapplied events. */
export async function applyAllPendingProviderEvents(deps: AppDeps): Promise<number> {
  const since = new Date(deps.now().getTime() - retryDays * 86_400_000)
  let applied = 0
  for (const provider of await repo.providersWithPendingEvents(deps.db, since)) applied += await applyPendingProviderEvents(deps, provider)
  return applied
}

/** Applies one stored event if it can be applied now; true when it was (and is now processed). */
async function applyStoredEvent(deps: AppDeps, provider: string, row: repo.ProviderEventRow): Promise<boolean> {
  const stored = row.payload as Partial<StoredEvent>
  const event = stored.event
  const done = () => repo.markProviderEventProcessed(deps.db, row.id, deps.now())
  // Rows from before this record kept only the kind: nothing to apply.
  if (!event || event.kind === 'ignored') return done()
  const ref = event.kind === 'payment' ? event.outcome.providerRef : event.providerRef
  const payment = event.paymentToken ? await repo.findPaymentByToken(deps.db, event.paymentToken) : await repo.findPaymentByRef(deps.db, provider, ref)
  const sellerId = stored.seller_id ?? null
  // Not a payment of ours (or of this seller's endpoint): nothing to do.
  if (!payment || payment.kind !== 'charge' || (sellerId !== null && payment.sellerId !== sellerId)) return done()
  if (event.kind === 'payment') {
    await orders.recordPaymentOutcome(deps, payment.token, event.outcome)
    return done()
  }
  // Read without a lock: only a successful charge (final) is refunded or disputed; one still open is
  // retried later. The locks follow the lock order (orders README "Lock order"): the order, then its rows.
  if (payment.state !== 'successful') return false
  return deps.db.transaction(async (tx) => {
    await orders.findOrder(tx, payment.orderId, { lock: true })
    const fresh = await repo.lockProviderEvent(tx, row.id)
    if (!fresh || fresh.processedAt) return false
    switch (event.kind) {
      case 'refund':
        await reconcileProviderRefund(deps, tx, payment.orderId, payment.id, event)
        break
      case 'chargeback':
        await bookChargeback(deps, tx, payment.orderId, payment.id, { ref: event.ref ?? event.eventId, amount: event.amount, fee: event.fee })
        break
      case 'chargeback_reversal':
        // A won dispute is matched to its chargeback by the dispute's ref; one without a ref names none.
        if (!event.ref) deps.logger.error({ eventId: row.eventId, provider }, 'won dispute without a dispute ref; not applied')
        else if (!(await bookChargebackWon(deps, tx, payment.orderId, payment.id, event.ref, event.fee))) return false
        break
    }
    return repo.markProviderEventProcessed(tx, row.id, deps.now())
  })
}
