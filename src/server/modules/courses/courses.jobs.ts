import type { AppDeps } from '../../deps'
import { defineJob, type JobDefinition } from '../../jobs/jobs'
import { publishDueLessons } from './course-publishing.service'

// Dripped lessons open on a schedule (docs/decisions/0024-course-access-publishing.md); a run is idempotent
// and safe beside another.
export const publishLessonsJob = 'courses.publish-lessons'
export const publishLessonsCron = '*/5 * * * *'

export const coursesJobs: JobDefinition<AppDeps>[] = [
  defineJob<AppDeps, Record<string, never>>({
    name: publishLessonsJob, cron: publishLessonsCron, retryLimit: 2, retryDelaySeconds: 60, handler: async (deps) => { await publishDueLessons(deps) },
  }),
]
