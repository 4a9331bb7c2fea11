// VAT for checkout and invoices (docs/reference/readings.md 26): the rate table with its source and date, where a sale is
// taxed, and the net / VAT / gross amounts in integer minor units.
export * from './vat-rates'
export * from './place-of-supply'
export * from './vat-amounts'
export * from './rate-shares'
export * from './reverse-charge'
