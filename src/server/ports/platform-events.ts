import type { PlatformEventType } from '../../shared/webhooks/events'
import type { Executor } from '../db/client'
import type { AppDeps } from '../deps'

// What happened on the platform that other systems hear of (src/shared/webhooks/events.ts): an order paid, a
// rate failed, access granted, a payout moved. The module that makes the change emits it inside its own
// transaction; the listeners (webhooks fan it out to the seller's endpoints, integrations add or remove a
// buyer) are registered once in bootstrap.ts and write their rows and jobs in that same transaction, so an
// event exists exactly when its change commits (docs/DESIGN.md "a module that must react to another's event
// takes a port").

export type PlatformEvent = {
  type: PlatformEventType
  sellerId: number
  /** The order the event belongs to, when there is one: deliveries of one order keep their order. */
  orderId: number | null
  /** The products concerned (an endpoint scoped to some products hears only theirs); empty when none. */
  productIds: number[]
  /** The body's `data`, snake_case, as documented in the OpenAPI. */
  data: Record<string, unknown>
  occurredAt: Date
}

export type PlatformEventListener = (deps: AppDeps, tx: Executor, event: PlatformEvent) => Promise<void>

export type PlatformEvents = {
  on(listener: PlatformEventListener): void
  emit(deps: AppDeps, tx: Executor, event: PlatformEvent): Promise<void>
}

export function createPlatformEvents(): PlatformEvents {
  const listeners: PlatformEventListener[] = []
  return {
    on(listener) {
      listeners.push(listener)
    },
    async emit(deps, tx, event) {
      for (const listener of listeners) await listener(deps, tx, event)
    },
  }
}
