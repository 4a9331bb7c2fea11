import { defineJob } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { deliverEmail, deliverEmailJob } from './email.service'

export const emailJobs = [
  // A batch per fetch (docs/decisions/0091-fault-battery.md): one mail per 2 s poll sent a returning worker's
  // backlog at half a mail a second. Sending again is harmless: a sent mail is never resent (deliverEmail).
  defineJob<AppDeps, { emailLogId: number }>({ name: deliverEmailJob, handler: deliverEmail, retryLimit: 8, retryDelaySeconds: 60, work: { batchSize: 20, pollingIntervalSeconds: 0.5 } }),
]
