import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

// The job queue's own table beside pg-boss's schema (src/server/jobs/README.md): its one writer is the jobs
// module (src/server/jobs/jobs.ts), never a module's repository.

/**
 * One row per job that runs once per subject: `<job name>:<once key>`, inserted in the enqueuing
 * transaction; the job is sent only when its row was new, so a second enqueue (the same transaction, or a
 * later one) sends nothing and a rolled-back one leaves no row. Kept (see the jobs README, "Once keys").
 */
export const jobOnceKeys = pgTable('job_once_keys', {
  key: text('key').primaryKey(),
  createdAt: createdAt(),
})
