import type { AppDeps } from '../deps'
import type { JobDefinition } from './jobs'
import { emailJobs } from '../modules/email/email.jobs'

/** Every job the platform knows, collected from the modules' *.jobs.ts files. */
export const jobDefinitions: JobDefinition<AppDeps>[] = [...emailJobs]
