import type { Transitions } from './transitions'

// A seller's funnel (docs/decisions/0066-funnels.md):
// - active: the products that lead into it show its offers after a payment.
// - archived: kept for its orders and figures; no product leads into it any more.
export const funnelStates = ['active', 'archived'] as const
export type FunnelState = (typeof funnelStates)[number]

export const funnelTransitions = {
  active: ['archived'],
  archived: [],
} as const satisfies Transitions<FunnelState>
