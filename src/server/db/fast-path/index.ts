// The database's fast path: what the hot paths (checkout, payment, rush) use to send fewer, cheaper
// statements. Domain code uses only what is exported here; how each works, why it exists and which Drizzle
// and node-postgres internals it relies on is in ../README.md.

/** Queries built once per shape and run on any executor; their statements for commitBehind (decision 0035). */
export { param, reusableQuery, reusableSql, runSqlText, type ReusableQuery, type ReusableSql } from './reusable-query'
/** "Run these statements and commit": a transaction's last statements sent with its COMMIT (decision 0036). */
export { commitBehind, type Statement } from './commit-behind'
/** Questions asked in one turn of the event loop share one statement (decision 0023). */
export { askTogether, type AskTogetherOptions } from './ask-together'
/** Every parameterised statement prepared once per PostgreSQL connection (decision 0035); client.ts installs it. */
export { prepareStatementsOnConnect } from './prepared-statements'
/** Rows read as arrays skip node-postgres's per-statement object template (decision 0102); client.ts installs it. */
export { addFieldsWithoutObjectTemplate } from './internals'
/** The driver's client behind an executor: for tests that watch the statements sent. */
export { driverClientOf } from './internals'
