// Money out: identity documents, payout availability, balances, schedules and payout countries
// (docs/decisions/0049-money-out.md). Pure TypeScript, shared by the server and the web app.
export * from './availability'
export * from './balance'
export * from './countries'
export * from './documents'
export * from './schedule'
