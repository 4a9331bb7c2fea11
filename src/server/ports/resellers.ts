import type { Executor } from '../db/client'

// What the order store and the invoices ask of the resellers module (docs/decisions/0051-resellers.md): the
// resellers module reads orders, so they ask it through this port, wired in bootstrap.ts, instead of importing it.

/** The legal details an order's invoice is issued by, when a reseller sold it. */
export type ResellerIssuer = {
  id: number; legalName: string; street: string; zip: string; city: string; countryCode: string; vatId: string | null; email: string | null
}

export type ResellersPort = {
  /** The reseller's legal details (an inactive reseller's too: its old orders keep it). */
  issuerOf(db: Executor, resellerId: number): Promise<ResellerIssuer | null>
}

/** No resellers (a process or test without the module): no order names one. */
export const noResellers: ResellersPort = { issuerOf: async () => null }
