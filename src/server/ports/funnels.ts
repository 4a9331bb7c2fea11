import type { Executor } from '../db/client'

// What the order store asks of the funnels module (docs/decisions/0066-funnels.md): the funnels module reads
// orders (its figures), so the orders module reaches it through this port, wired in bootstrap.ts.

/** A funnel as an order's `funnel` relation shows it, with the node whose offer the order is. */
export type FunnelBrief = { id: number; name: string; node: { id: number; kind: string } | null }

export type FunnelsPort = {
  funnelBrief(db: Executor, funnelId: number, nodeId: number | null): Promise<FunnelBrief | null>
}
