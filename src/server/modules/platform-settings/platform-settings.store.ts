import { exchangeRateSources, type ExchangeRateSource } from '../../../shared/schemas/platform-settings'
import type { Config } from '../../config'
import type { Executor } from '../../db/client'
import { readStoredSettings, type SettingsRow } from './platform-settings.repository'

// The platform settings managers change at run time (docs/decisions/0062-platform-settings.md): the
// environment gives each its default, a manager's choice (table platform_settings) wins. Every process keeps
// the values in memory and re-reads them on a timer (main.ts), like the test clock's offset; the process
// that saved a change has it at once.

export type PlatformSettingValues = {
  /** The country a seller's profile defaults to, and the wallet's and onboarding's fallback (ISO 3166-1 alpha-2). */
  homeCountry: string
  /** The sandbox provider is on for every seller (docs/DESIGN.md "Payments"). */
  paymentsTestMode: boolean
  /** The platform's fee on payments it collects (connect, e-money), in basis points. */
  connectFeeBps: number
  /** The platform's fee on payments sellers collect with their own provider accounts, in basis points. */
  platformFeeBps: number
  /** Where exchange rates come from (docs/decisions/0097-payer-currencies.md): the central bank, a file on the server, or none. */
  exchangeRateSource: ExchangeRateSource
  /** The central bank's daily rates' address (the source `ecb`). */
  exchangeRateUrl: string
  /** The file's path on the server (the source `file`); empty when none. */
  exchangeRateFile: string
  /** The oldest rate a checkout uses, in hours (1..720). */
  exchangeRateMaxAgeHours: number
}

export type PlatformSettingKey = keyof PlatformSettingValues
export const platformSettingKeys = [
  'homeCountry', 'paymentsTestMode', 'connectFeeBps', 'platformFeeBps',
  'exchangeRateSource', 'exchangeRateUrl', 'exchangeRateFile', 'exchangeRateMaxAgeHours',
] as const satisfies readonly PlatformSettingKey[]

export type SettingsConfig = Pick<Config,
  'HOME_COUNTRY' | 'PAYMENTS_TEST_MODE' | 'CONNECT_FEE_BPS' | 'PLATFORM_FEE_BPS'
  | 'EXCHANGE_RATES_SOURCE' | 'EXCHANGE_RATES_URL' | 'EXCHANGE_RATES_FILE' | 'EXCHANGE_RATES_MAX_AGE_HOURS'>

export function environmentSettings(config: SettingsConfig): PlatformSettingValues {
  return {
    homeCountry: config.HOME_COUNTRY.toUpperCase(), paymentsTestMode: config.PAYMENTS_TEST_MODE, connectFeeBps: config.CONNECT_FEE_BPS, platformFeeBps: config.PLATFORM_FEE_BPS,
    exchangeRateSource: config.EXCHANGE_RATES_SOURCE, exchangeRateUrl: config.EXCHANGE_RATES_URL,
    exchangeRateFile: config.EXCHANGE_RATES_FILE, exchangeRateMaxAgeHours: config.EXCHANGE_RATES_MAX_AGE_HOURS,
  }
}

/** The stored row's managers' choices (null columns keep the environment's value). */
export function overridesOf(row: SettingsRow | null): Partial<PlatformSettingValues> {
  const overrides: Partial<PlatformSettingValues> = {}
  if (!row) return overrides
  if (row.homeCountry !== null) overrides.homeCountry = row.homeCountry
  if (row.paymentsTestMode !== null) overrides.paymentsTestMode = row.paymentsTestMode
  if (row.connectFeeBps !== null) overrides.connectFeeBps = row.connectFeeBps
  if (row.platformFeeBps !== null) overrides.platformFeeBps = row.platformFeeBps
  if (row.exchangeRateSource !== null && (exchangeRateSources as readonly string[]).includes(row.exchangeRateSource)) {
    overrides.exchangeRateSource = row.exchangeRateSource as ExchangeRateSource
  }
  if (row.exchangeRateUrl !== null) overrides.exchangeRateUrl = row.exchangeRateUrl
  if (row.exchangeRateFile !== null) overrides.exchangeRateFile = row.exchangeRateFile
  if (row.exchangeRateMaxAgeHours !== null) overrides.exchangeRateMaxAgeHours = row.exchangeRateMaxAgeHours
  return overrides
}

export class PlatformSettings implements Readonly<PlatformSettingValues> {
  readonly environment: PlatformSettingValues
  private overrides: Partial<PlatformSettingValues> = {}
  private timer: ReturnType<typeof setInterval> | null = null

  constructor(config: SettingsConfig) {
    this.environment = environmentSettings(config)
  }

  get homeCountry() { return this.overrides.homeCountry ?? this.environment.homeCountry }
  get paymentsTestMode() { return this.overrides.paymentsTestMode ?? this.environment.paymentsTestMode }
  get connectFeeBps() { return this.overrides.connectFeeBps ?? this.environment.connectFeeBps }
  get platformFeeBps() { return this.overrides.platformFeeBps ?? this.environment.platformFeeBps }
  get exchangeRateSource() { return this.overrides.exchangeRateSource ?? this.environment.exchangeRateSource }
  get exchangeRateUrl() { return this.overrides.exchangeRateUrl ?? this.environment.exchangeRateUrl }
  get exchangeRateFile() { return this.overrides.exchangeRateFile ?? this.environment.exchangeRateFile }
  get exchangeRateMaxAgeHours() { return this.overrides.exchangeRateMaxAgeHours ?? this.environment.exchangeRateMaxAgeHours }

  /** The values in force now. */
  values(): PlatformSettingValues {
    return {
      homeCountry: this.homeCountry, paymentsTestMode: this.paymentsTestMode, connectFeeBps: this.connectFeeBps, platformFeeBps: this.platformFeeBps,
      exchangeRateSource: this.exchangeRateSource, exchangeRateUrl: this.exchangeRateUrl, exchangeRateFile: this.exchangeRateFile,
      exchangeRateMaxAgeHours: this.exchangeRateMaxAgeHours,
    }
  }

  /** The settings a manager has set (the others follow the environment). */
  managerSet(): PlatformSettingKey[] {
    return platformSettingKeys.filter((key) => this.overrides[key] !== undefined)
  }

  /** Takes a saved row's values (the process that saved it, or a refresh). */
  apply(row: SettingsRow | null): void {
    this.overrides = overridesOf(row)
  }

  /** Re-reads the managers' choices; a database without the table yet (before migrations) keeps the environment's. */
  async refresh(db: Executor): Promise<void> {
    try {
      this.apply(await readStoredSettings(db))
    } catch (error) {
      if (!/platform_settings/.test(String((error as Error).message))) throw error
    }
  }

  /** Re-reads every `intervalMs` so a change saved by another process arrives here (unref'd: never keeps the process up). */
  startRefreshing(db: Executor, intervalMs: number, onError: (error: unknown) => void): void {
    this.stopRefreshing()
    this.timer = setInterval(() => { this.refresh(db).catch(onError) }, intervalMs)
    this.timer.unref()
  }

  stopRefreshing(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = null
  }
}
