import { systemContext } from '../../context'
import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { ratesNeedRefresh, refreshRates } from './exchange-rates.service'

// Exchange rates are read again every 6 hours (README.md "Refresh"), and once at start when the stored ones are
// older than the maximum age (main.ts calls `refreshRatesAtStartIfStale`). A failed reading is logged and
// keeps the previous rates, so the job itself does not fail and is not retried: the next tick tries again.
export const refreshRatesJob = 'exchange-rates.refresh'

export const exchangeRatesJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: refreshRatesJob, cron: '17 */6 * * *', retryLimit: 1, retryDelaySeconds: 300,
    handler: async (deps) => { await refreshRates(systemContext(deps)) },
  }),
]

/** At start (a process that works jobs): enqueues one refresh when no rate is stored or the oldest is too old. */
export async function refreshRatesAtStartIfStale(deps: AppDeps): Promise<boolean> {
  const ctx = systemContext(deps)
  if (!(await ratesNeedRefresh(ctx))) return false
  await deps.jobs.enqueue(deps.db, refreshRatesJob, {})
  return true
}
