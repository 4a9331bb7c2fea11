import type { Transitions } from './transitions'

// A payer's change of the payment method for an order's later rates (payment_method_setups). Designed here
// (docs/decisions/0021-changing-the-payment-method.md); the spec only asks that the method can be changed.
// - waiting: the payer is at the provider's setup page (the sandbox's, or Stripe Checkout in setup mode).
// - successful: the provider kept the new method; it replaced the order's saved method.
// - denied: the provider refused the method. canceled: the payer went back. expired: the page ran out.

export const methodSetupStates = ['waiting', 'successful', 'denied', 'canceled', 'expired'] as const
export type MethodSetupState = (typeof methodSetupStates)[number]

export const methodSetupTransitions = {
  waiting: ['successful', 'denied', 'canceled', 'expired'],
  successful: [],
  denied: [],
  canceled: [],
  expired: [],
} as const satisfies Transitions<MethodSetupState>
