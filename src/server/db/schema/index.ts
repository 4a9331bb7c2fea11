// The one Drizzle schema, shared by PGlite and PostgreSQL. One file per area.
export * from './accounts'
export * from './email'
export * from './catalog'
export * from './media'
export * from './courses'
export * from './certificates'
export * from './tickets'
export * from './checkout'
