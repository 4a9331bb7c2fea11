import type { AppDeps } from '../deps'
import type { JobDefinition } from './jobs'
import { emailJobs } from '../modules/email/email.jobs'
import { checkoutJobs } from '../modules/checkout/checkout.jobs'
import { deliveryJobs } from '../modules/delivery/delivery.jobs'
import { coursePublishingJobs } from '../modules/courses/course-publishing.jobs'
import { invoicesJobs } from '../modules/invoices/invoices.jobs'
import { refundsJobs } from '../modules/refunds/refunds.jobs'
import { csvExportsJobs } from '../modules/csv-exports/csv-exports.jobs'
import { notificationsJobs } from '../modules/notifications/notifications.jobs'
import { dunningJobs } from '../modules/dunning/dunning.jobs'
import { billingJobs } from '../modules/billing/billing.jobs'

/** Every job the platform knows, collected from the modules' *.jobs.ts files. */
export const jobDefinitions: JobDefinition<AppDeps>[] = [...emailJobs, ...checkoutJobs, ...deliveryJobs, ...coursePublishingJobs, ...invoicesJobs, ...csvExportsJobs, ...notificationsJobs, ...refundsJobs, ...dunningJobs, ...billingJobs]
