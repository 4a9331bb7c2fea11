// Exact money for server and browser: integer minor units, one rounding function, the spec's display
// rules. See money.ts, currencies.ts and format.ts.
export * from './currencies'
export * from './money'
export * from './format'
export * from './exchange'
