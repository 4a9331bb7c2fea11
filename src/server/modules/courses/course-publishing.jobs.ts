import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { publishDueLessons, publishLessonsCron, publishLessonsJob } from './course-publishing.service'

// Dripped lessons open on a schedule (decision 0024); a run is idempotent and safe beside another.
export const coursePublishingJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: publishLessonsJob, cron: publishLessonsCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await publishDueLessons(deps) },
  }),
]
