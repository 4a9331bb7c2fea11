import type { JobDefinition } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'

// The payouts module's jobs (docs/decisions/0049-money-out.md): filled in by the payouts part.
export const payoutsJobs: JobDefinition<AppDeps>[] = []
