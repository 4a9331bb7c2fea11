// State machines (spec 000 section 4, spec 001 section 4): the value sets and, as tables, the transitions
// the spec does not show. One file per machine; see README.md for the reasoning.
export * from './account'
export * from './affiliate-node'
export * from './order-payment'
export * from './order-rate'
export * from './payment'
export * from './payment-ticket'
export * from './payout'
export * from './product-publish'
export * from './transitions'
export * from './webhook-endpoint'
