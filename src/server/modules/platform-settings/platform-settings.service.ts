import { AppError } from '../../../shared/errors'
import type { ListAnswer } from '../../../shared/schemas/lists'
import type {
  PlatformSettingChangeOutput, PlatformSettingChangesQuery, PlatformSettingName, PlatformSettingsInput, PlatformSettingsOutput,
} from '../../../shared/schemas/platform-settings'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './platform-settings.repository'
import type { PlatformSettingKey, PlatformSettingValues, PlatformSettings } from './platform-settings.store'

// Managers change the home country, the fees, test mode and where exchange rates come from at run time
// (docs/decisions/0062-platform-settings.md; the rates: src/server/modules/exchange-rates/README.md).
// The environment gives the defaults; a change is stored with who made it and reaches every process.

/** The API's name of each setting and the row's column. */
const columnOf = {
  home_country: 'homeCountry', payments_test_mode: 'paymentsTestMode', connect_fee_bps: 'connectFeeBps', platform_fee_bps: 'platformFeeBps',
  exchange_rate_source: 'exchangeRateSource', exchange_rate_url: 'exchangeRateUrl', exchange_rate_file: 'exchangeRateFile',
  exchange_rate_max_age_hours: 'exchangeRateMaxAgeHours',
} as const satisfies Record<PlatformSettingName, PlatformSettingKey>
const names = Object.keys(columnOf) as PlatformSettingName[]

const valuesOutput = (values: PlatformSettingValues) => ({
  home_country: values.homeCountry, payments_test_mode: values.paymentsTestMode, connect_fee_bps: values.connectFeeBps, platform_fee_bps: values.platformFeeBps,
  exchange_rate_source: values.exchangeRateSource, exchange_rate_url: values.exchangeRateUrl, exchange_rate_file: values.exchangeRateFile,
  exchange_rate_max_age_hours: values.exchangeRateMaxAgeHours,
})

function output(ctx: Ctx, settings: PlatformSettings, updatedAt: Date | null): PlatformSettingsOutput {
  const set = new Set(settings.managerSet())
  return {
    ...valuesOutput(settings.values()),
    environment: valuesOutput(settings.environment),
    set_by_manager: names.filter((name) => set.has(columnOf[name])),
    updated_at: updatedAt?.toISOString() ?? null,
    test_clock: ctx.deps.config.testClock,
    admin_mode_ttl_seconds: ctx.deps.config.ADMIN_MODE_TTL_SECONDS,
  }
}

/** GET /admin/platform_settings: read again first, so a change another process saved shows at once. */
export async function getPlatformSettings(ctx: Ctx): Promise<PlatformSettingsOutput> {
  assertCan(ctx.actor, 'admin.read')
  const row = await repo.readStoredSettings(ctx.db)
  ctx.deps.settings.apply(row)
  return output(ctx, ctx.deps.settings, row?.updatedAt ?? null)
}

/**
 * PATCH /admin/platform_settings: under the row's lock, each named setting takes its new value (null: the
 * environment's again) and each real change is recorded. Test mode stays on while the test clock runs
 * (the clock is refused without it at start-up).
 */
export async function updatePlatformSettings(ctx: Ctx, input: PlatformSettingsInput): Promise<PlatformSettingsOutput> {
  assertCan(ctx.actor, 'admin.write')
  const manager = ctx.actor
  const saved = await ctx.db.transaction(async (tx) => {
    const current = await repo.lockStoredSettings(tx)
    const { id: _id, updatedAt: _updatedAt, ...next } = current
    const changes: { setting: PlatformSettingName; previousValue: string | number | boolean | null; newValue: string | number | boolean | null }[] = []
    for (const name of names) {
      const value = input[name]
      if (value === undefined) continue
      const column = columnOf[name]
      if (next[column] === value) continue
      changes.push({ setting: name, previousValue: next[column], newValue: value })
      Object.assign(next, { [column]: value })
    }
    const testModeAfter = next.paymentsTestMode ?? ctx.deps.settings.environment.paymentsTestMode
    if (!testModeAfter && ctx.deps.config.testClock) {
      throw new AppError('conflict', 'Test mode stays on while the test clock is on (TEST_CLOCK=on): turn the clock off first', [{ path: 'payments_test_mode', message: 'invalid_value' }])
    }
    if (changes.length === 0) return current
    const row = await repo.writeStoredSettings(tx, next)
    await repo.insertSettingChanges(tx, changes.map((change) => ({ ...change, managerUserId: manager.userId })))
    return row
  })
  ctx.deps.settings.apply(saved)
  ctx.deps.logger.info({ managerUserId: manager.userId, settings: ctx.deps.settings.values() }, 'platform settings changed')
  return output(ctx, ctx.deps.settings, saved.updatedAt)
}

/** GET /admin/platform_settings/changes: every change, newest first. */
export async function listPlatformSettingChanges(ctx: Ctx, query: PlatformSettingChangesQuery): Promise<ListAnswer<PlatformSettingChangeOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total } = await repo.listSettingChanges(ctx.db, { offset: (query.page - 1) * query.per, limit: query.per, sortDir: query.sort_dir ?? 'desc' })
  return {
    list: rows.map(({ change, managerEmail }) => ({
      id: change.id, setting: change.setting as PlatformSettingName, previous_value: change.previousValue ?? null, new_value: change.newValue ?? null,
      manager_user_id: change.managerUserId, manager_email: managerEmail, created_at: change.createdAt.toISOString(),
    })),
    total_count: total,
    total_count_max: total,
  }
}
