import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'

// The resellers module's tables (docs/decisions/0051-resellers.md): the resellers managers create, and the
// sellers' approvals to sell through one. The reseller's money stays in the ledger (`reseller_balance:{id}`).

/** A company that sells sellers' products in its own name; one per user (the `reseller` profile's). */
export const resellers = pgTable('resellers', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').notNull().references(() => users.id),
  /** The name the payer's invoice is issued by. */
  legalName: text('legal_name').notNull(),
  street: text('street').notNull(),
  zip: text('zip').notNull(),
  city: text('city').notNull(),
  countryCode: text('country_code').notNull(),
  vatId: text('vat_id'),
  /** The standard fee in basis points of the net, frozen on each approval when the seller asks. */
  feeBps: integer('fee_bps').notNull(),
  /** Inactive resellers are not offered and cannot approve; their approvals and orders stay. */
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('resellers_user_unique').on(t.userId),
  check('resellers_fee_bps_range', sql`${t.feeBps} >= 0 and ${t.feeBps} <= 5000`),
])

/** A seller's request to sell through a reseller and its answer (src/shared/states/reseller-approval.ts). */
export const resellerApprovals = pgTable('reseller_approvals', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  resellerId: integer('reseller_id').notNull().references(() => resellers.id),
  /** waiting | approved | rejected | canceled */
  state: text('state').notNull().default('waiting'),
  /** The reseller's fee when the seller asked (basis points of the net). */
  feeBps: integer('fee_bps').notNull(),
  /** Why the reseller rejected, or why a side ended it. */
  reason: text('reason'),
  /** seller | reseller | manager: who canceled. */
  canceledBy: text('canceled_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  canceledAt: timestamp('canceled_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  // One waiting-or-approved approval per seller: a second request, even a concurrent one, fails here.
  uniqueIndex('reseller_approvals_one_open_per_seller').on(t.sellerId).where(sql`${t.state} in ('waiting', 'approved')`),
  index('reseller_approvals_reseller_idx').on(t.resellerId, t.state),
])
