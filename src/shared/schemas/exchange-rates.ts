import { z } from 'zod'
import { exchangeRateSources } from './platform-settings'

// The exchange rates a manager sees (src/server/modules/exchange-rates/README.md, docs/decisions/0097-payer-currencies.md).

/** One stored rate: units of `currency` per 1 EUR, a decimal string as published. */
export const exchangeRateOutput = z.object({
  currency: z.string(),
  per_eur: z.string(),
  /** ecb | file | what a test or the demo seed named. */
  source: z.string(),
  rated_at: z.string(),
  fetched_at: z.string(),
  /** Hours since `rated_at`, one decimal. */
  age_hours: z.number(),
  /** Not older than the maximum age: a checkout may use it. */
  usable: z.boolean(),
})
export type ExchangeRateOutput = z.infer<typeof exchangeRateOutput>

/** One refresh: ok with the number of rates stored, or the failure in words (the previous rates stayed). */
export const exchangeRateRefreshOutput = z.object({
  id: z.number().int(),
  source: z.string(),
  ok: z.boolean(),
  rates_count: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
})
export type ExchangeRateRefreshOutput = z.infer<typeof exchangeRateRefreshOutput>

/** GET /admin/exchange_rates and POST /admin/exchange_rates/refresh. */
export const exchangeRatesStatusOutput = z.object({
  /** The settings in force (changed in the platform settings). */
  source: z.enum(exchangeRateSources),
  max_age_hours: z.number().int(),
  rates: z.array(exchangeRateOutput),
  /** The last ten refreshes, newest first. */
  refreshes: z.array(exchangeRateRefreshOutput),
})
export type ExchangeRatesStatusOutput = z.infer<typeof exchangeRatesStatusOutput>
