import type { AppDeps } from '../deps'
import type { JobDefinition } from './jobs'
import { emailJobs } from '../modules/email/email.jobs'
import { checkoutJobs } from '../modules/checkout/checkout.jobs'

/** Every job the platform knows, collected from the modules' *.jobs.ts files. */
export const jobDefinitions: JobDefinition<AppDeps>[] = [...emailJobs, ...checkoutJobs]
