import { z } from 'zod'
import { countryCodes } from '../validation/countries'
import { listOutput, listQuery } from './lists'

// The platform settings managers change at run time (docs/decisions/0062-platform-settings.md).

export const platformSettingNames = [
  'home_country', 'payments_test_mode', 'connect_fee_bps', 'platform_fee_bps',
  'exchange_rate_source', 'exchange_rate_url', 'exchange_rate_file', 'exchange_rate_max_age_hours',
] as const
export type PlatformSettingName = (typeof platformSettingNames)[number]

const feeBps = z.number().int().min(0).max(10_000)

/** Where exchange rates come from (docs/decisions/0097-payer-currencies.md): the central bank, a file on the server, or none. */
export const exchangeRateSources = ['ecb', 'file', 'off'] as const
export type ExchangeRateSource = (typeof exchangeRateSources)[number]
/** The central bank's (or a mirror's) address: http or https only. */
export const exchangeRateUrl = z.url({ protocol: /^https?$/ }).max(1000)
/** A path on the server; the server reads it at each refresh. */
export const exchangeRateFile = z.string().trim().min(1).max(1000)
export const exchangeRateMaxAgeHours = z.number().int().min(1).max(720)

/** The settings' values (fees in basis points: 500 = 5 %; the oldest exchange rate used, in hours). */
const settingValues = z.object({
  home_country: z.string(),
  payments_test_mode: z.boolean(),
  connect_fee_bps: z.number().int(),
  platform_fee_bps: z.number().int(),
  exchange_rate_source: z.enum(exchangeRateSources),
  exchange_rate_url: z.string(),
  /** Empty when no file is named. */
  exchange_rate_file: z.string(),
  exchange_rate_max_age_hours: z.number().int(),
})

/** GET /admin/platform_settings: the values in force, the environment's, which a manager set, and read-only facts. */
export const platformSettingsOutput = settingValues.extend({
  /** The environment's values: what a setting returns to when a manager resets it (null in the PATCH body). */
  environment: settingValues,
  /** The settings a manager has set (the others follow the environment). */
  set_by_manager: z.array(z.enum(platformSettingNames)),
  updated_at: z.string().nullable(),
  /** Read-only: the environment decides these. */
  test_clock: z.boolean(),
  admin_mode_ttl_seconds: z.number().int(),
})
export type PlatformSettingsOutput = z.infer<typeof platformSettingsOutput>

/**
 * PATCH /admin/platform_settings: the settings to change; a setting left out stays, null returns it to the
 * environment's value. Fees are basis points (0-10000). Test mode cannot be turned off while the test clock is on.
 * The exchange-rate source is `ecb` (the URL), `file` (a path on the server) or `off`; the max age is 1-720 hours.
 */
export const platformSettingsInput = z.object({
  home_country: z.enum(countryCodes).nullable().optional(),
  payments_test_mode: z.boolean().nullable().optional(),
  connect_fee_bps: feeBps.nullable().optional(),
  platform_fee_bps: feeBps.nullable().optional(),
  exchange_rate_source: z.enum(exchangeRateSources).nullable().optional(),
  exchange_rate_url: exchangeRateUrl.nullable().optional(),
  exchange_rate_file: exchangeRateFile.nullable().optional(),
  exchange_rate_max_age_hours: exchangeRateMaxAgeHours.nullable().optional(),
}).strict()
export type PlatformSettingsInput = z.infer<typeof platformSettingsInput>

/** Newest first by default; `sort_dir=asc` from the first change. */
export const platformSettingChangesQuery = listQuery.pick({ page: true, per: true, sort_dir: true }).extend({ sort_key: z.enum(['id']).optional() })
export type PlatformSettingChangesQuery = z.infer<typeof platformSettingChangesQuery>

const settingValue = z.union([z.string(), z.number(), z.boolean()]).nullable()

/** One change a manager made: null as a value means the environment's value. */
export const platformSettingChangeOutput = z.object({
  id: z.number().int(),
  setting: z.enum(platformSettingNames),
  previous_value: settingValue,
  new_value: settingValue,
  manager_user_id: z.number().int(),
  manager_email: z.string(),
  created_at: z.string(),
})
export type PlatformSettingChangeOutput = z.infer<typeof platformSettingChangeOutput>
export const platformSettingChangesOutput = listOutput(platformSettingChangeOutput)
