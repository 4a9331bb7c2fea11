import { defineJob } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { deliverEmail, deliverEmailJob } from './email.service'

export const emailJobs = [
  defineJob<AppDeps, { emailLogId: number }>({ name: deliverEmailJob, handler: deliverEmail, retryLimit: 8, retryDelaySeconds: 60 }),
]
