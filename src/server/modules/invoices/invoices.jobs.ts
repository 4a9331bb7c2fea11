import { defineJob } from '../../jobs/jobs'
import type { AppDeps } from '../../deps'
import { issueInvoice, issueInvoiceJob, issueReversal, issueReversalJob, type IssueReversalData } from './invoices.service'

export const invoicesJobs = [
  defineJob<AppDeps, { paymentId: number }>({ name: issueInvoiceJob, handler: issueInvoice }),
  defineJob<AppDeps, IssueReversalData>({ name: issueReversalJob, handler: issueReversal }),
]
