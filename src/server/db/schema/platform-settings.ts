import { boolean, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { users } from './accounts'

// The platform-settings module's tables (docs/decisions/0062-platform-settings.md): the settings a manager
// changes at run time over the environment's defaults, and the history of every change.

/**
 * One row, id 1. A null column keeps the environment's value (HOME_COUNTRY, PAYMENTS_TEST_MODE,
 * CONNECT_FEE_BPS, PLATFORM_FEE_BPS); a value is a manager's choice and wins.
 */
export const platformSettings = pgTable('platform_settings', {
  id: integer('id').primaryKey(),
  homeCountry: text('home_country'),
  paymentsTestMode: boolean('payments_test_mode'),
  connectFeeBps: integer('connect_fee_bps'),
  platformFeeBps: integer('platform_fee_bps'),
  /** Where exchange rates come from (docs/decisions/0097-payer-currencies.md): ecb | file | off; its address or file; the oldest rate used, in hours. */
  exchangeRateSource: text('exchange_rate_source'),
  exchangeRateUrl: text('exchange_rate_url'),
  exchangeRateFile: text('exchange_rate_file'),
  exchangeRateMaxAgeHours: integer('exchange_rate_max_age_hours'),
  updatedAt: updatedAt(),
})

/** One row per setting a manager changed: who, when, from what to what (null: back to the environment's). */
export const platformSettingChanges = pgTable('platform_setting_changes', {
  id: serial('id').primaryKey(),
  managerUserId: integer('manager_user_id').notNull().references(() => users.id),
  setting: text('setting').notNull(),
  previousValue: jsonb('previous_value').$type<string | number | boolean | null>(),
  newValue: jsonb('new_value').$type<string | number | boolean | null>(),
  createdAt: createdAt(),
}, (t) => [index('platform_setting_changes_created_idx').on(t.createdAt)])
