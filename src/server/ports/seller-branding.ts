import type { Branding } from '../../shared/customization/branding'
import type { Executor } from '../db/client'

// A seller's branding for the mails to their payers (docs/decisions/0085-customization.md): the customization
// module's, asked by the email module at queue time (email uses no other module), wired in bootstrap.ts.

export type SellerBrandingPort = {
  /** The branding in effect (flag on and something set), the logo as an absolute URL; null: the platform's look. */
  brandingOf(db: Executor, sellerId: number): Promise<Branding | null>
}
