import { defineJob } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import {
  communityPostJob, orderEventJob, recordCommunityPost, recordOrderEvent, sendIncomeNotifications, type CommunityPostEvent, type IncomeType, type OrderEvent,
} from './notifications.service'

// The income notifications' sweeps (UTC): each reports the period before it ran, once per seller and
// period (the dedupe key names the period), so a second run or a second worker adds nothing.

export const incomeJobs: Record<IncomeType, { name: string; cron: string }> = {
  day_income: { name: 'notifications.day-income', cron: '5 0 * * *' },
  week_income: { name: 'notifications.week-income', cron: '10 0 * * 1' },
  month_income: { name: 'notifications.month-income', cron: '15 0 1 * *' },
}

export const notificationsJobs = [
  ...(Object.entries(incomeJobs) as [IncomeType, { name: string; cron: string }][]).map(([type, job]) =>
    defineJob<AppDeps, Record<string, never>>({
      name: job.name, cron: job.cron, retryLimit: 2, retryDelaySeconds: 60,
      handler: async (deps) => { await sendIncomeNotifications(deps, type) },
    })),
  defineJob<AppDeps, OrderEvent>({ name: orderEventJob, handler: recordOrderEvent }),
  defineJob<AppDeps, CommunityPostEvent>({ name: communityPostJob, handler: recordCommunityPost }),
]
