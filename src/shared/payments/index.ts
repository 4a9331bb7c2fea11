// Payment methods and providers (docs/reference/catalogue-and-selling.md §3, docs/reference/readings.md 27).
export * from './methods'
export * from './refundable'
