import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

// The exchange-rates module's tables (docs/decisions/0097-payer-currencies.md): the last rates read from the source
// the manager configured, one row per currency against the euro (the European Central Bank's base), and a log of
// each refresh so the manager sees when the source last answered and why it did not.

export const exchangeRates = pgTable('exchange_rates', {
  /** A lowercase currency id (src/shared/money/currencies.ts); eur itself is never stored (1 by definition). */
  currency: text('currency').primaryKey(),
  /** Units of this currency one euro buys, a decimal string as published ("4.2931"): never a float. */
  perEur: text('per_eur').notNull(),
  /** ecb | file: where it was read. */
  source: text('source').notNull(),
  /** When the source published it (the reference date for the central bank's rates, the file's date or its reading). */
  ratedAt: timestamp('rated_at', { withTimezone: true }).notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
})

export const exchangeRateRefreshes = pgTable('exchange_rate_refreshes', {
  id: serial('id').primaryKey(),
  source: text('source').notNull(),
  ok: boolean('ok').notNull(),
  /** How many rates were stored; the failure in words when not ok. */
  ratesCount: integer('rates_count').notNull().default(0),
  error: text('error'),
  createdAt: createdAt(),
}, (t) => [index('exchange_rate_refreshes_created_idx').on(t.createdAt)])
