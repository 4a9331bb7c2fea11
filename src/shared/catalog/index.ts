// The catalogue (docs/reference/catalogue-and-selling.md): product forms, types and categories, the edit wizard's steps, product
// states, the statuses shown to sellers with the rules of who can sell, and status colours.
export * from './product-forms'
export * from './product-states'
export * from './product-statuses'
export * from './status-colors'
export * from './wizard'
export * from './urls'
export * from './translations'
