// Pricing plans (docs/reference/catalogue-and-selling.md §3 and §9): forms and kinds, intervals, the plan formulas, discounts,
// the API input schema, rate schedules and the snapshot an order keeps. See README.md.
export * from './discounts'
export * from './intervals'
export * from './plan'
export * from './plan-forms'
export * from './plan-input'
export * from './schedule'
export * from './snapshot'
export * from './totals'
export * from './trial'
export * from './checkout-price'
export * from './exchange'
