import type { Transitions } from './transitions'

// A seller's live shopping event (modules/live-shopping, docs/decisions/0086-live-shopping-and-mobile-app.md).
// scheduled: announced, its public page counts down to the start; live: the seller went live, the page shows the
// stream and the products with buy buttons; ended: over, the page says so and keeps the products; cancelled: called
// off before it went live. The seller moves it by hand (the start time is a promise, not a switch).

export const liveEventStates = ['scheduled', 'live', 'ended', 'cancelled'] as const
export type LiveEventState = (typeof liveEventStates)[number]

export const liveEventTransitions = {
  scheduled: ['live', 'cancelled'],
  live: ['ended'],
  ended: [],
  cancelled: [],
} as const satisfies Transitions<LiveEventState>
