import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { applyProviderEvent, emoneyEventJob, emoneySyncJob, syncLegitimation, type EmoneyEvent } from './emoney.service'
import { applyRailAnswer } from './payouts.service'

// The e-money provider's jobs (docs/decisions/0049-money-out.md "Rails"). Neither takes a once key: a party's
// sync runs again for each new document or bank account, and a hook may rightly come again for the same
// resource; both handlers do nothing when there is nothing left to do. Registered through payoutsJobs.
export const emoneyJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, { legitimationId: number }>({
    name: emoneySyncJob, retryLimit: 8, retryDelaySeconds: 60,
    handler: (deps, data) => syncLegitimation(deps, data.legitimationId),
  }),
  defineJob<AppDeps, EmoneyEvent>({
    name: emoneyEventJob, retryLimit: 8, retryDelaySeconds: 60,
    handler: (deps, data) => applyProviderEvent(deps, data, applyRailAnswer),
  }),
]
