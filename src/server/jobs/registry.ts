import type { AppDeps } from '../deps'
import type { JobDefinition } from './jobs'
import { emailJobs } from '../modules/email/email.jobs'
import { ordersJobs } from '../modules/orders/orders.jobs'
import { deliveryJobs } from '../modules/delivery/delivery.jobs'
import { coursesJobs } from '../modules/courses/courses.jobs'
import { invoicesJobs } from '../modules/invoices/invoices.jobs'
import { refundsJobs } from '../modules/refunds/refunds.jobs'
import { csvExportsJobs } from '../modules/csv-exports/csv-exports.jobs'
import { notificationsJobs } from '../modules/notifications/notifications.jobs'
import { dunningJobs } from '../modules/dunning/dunning.jobs'
import { billingJobs } from '../modules/billing/billing.jobs'
import { platformPlansJobs } from '../modules/platform-plans/platform-plans.jobs'
import { affiliatesJobs } from '../modules/affiliates/affiliates.jobs'
import { payoutsJobs } from '../modules/payouts/payouts.jobs'
import { domainsJobs } from '../modules/domains/domains.jobs'
import { webhooksJobs } from '../modules/webhooks/webhooks.jobs'
import { integrationsJobs } from '../modules/integrations/integrations.jobs'
import { accountingJobs } from '../modules/accounting/accounting.jobs'
import { exchangeRatesJobs } from '../modules/exchange-rates/exchange-rates.jobs'

/**
 * The jobs of each module, from its `<module>.jobs.ts`. A job's name is declared in the module that
 * registers its handler and starts with that module's name (`invoices.issue`), so a job found in the
 * queue leads to its module; registry.test.ts holds both rules.
 */
export const jobsByModule: Record<string, JobDefinition<AppDeps>[]> = {
  email: emailJobs,
  orders: ordersJobs,
  delivery: deliveryJobs,
  courses: coursesJobs,
  invoices: invoicesJobs,
  'csv-exports': csvExportsJobs,
  notifications: notificationsJobs,
  refunds: refundsJobs,
  dunning: dunningJobs,
  billing: billingJobs,
  affiliates: affiliatesJobs,
  payouts: payoutsJobs,
  'platform-plans': platformPlansJobs,
  domains: domainsJobs,
  webhooks: webhooksJobs,
  accounting: accountingJobs,
  integrations: integrationsJobs,
  'exchange-rates': exchangeRatesJobs,
}

/** Every job the platform knows. */
export const jobDefinitions: JobDefinition<AppDeps>[] = Object.values(jobsByModule).flat()
