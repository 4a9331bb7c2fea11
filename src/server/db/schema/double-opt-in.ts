import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The integrations module's double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md): whether a
// seller requires it, and each payer's confirmation per seller, kept as the proof of consent.

export const doubleOptInSettings = pgTable('double_opt_in_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id, { onDelete: 'cascade' }),
  required: boolean('required').notNull().default(false),
  updatedAt: updatedAt(),
})

export const payerOptIns = pgTable('payer_opt_ins', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** Lower case. */
  email: text('email').notNull(),
  /** pending | confirmed */
  state: text('state').notNull().default('pending'),
  /** The order whose purchase asked for the confirmation. */
  orderId: integer('order_id'),
  locale: text('locale').notNull().default('en'),
  requestedAt: at('requested_at').notNull(),
  /** When the confirmation mail was last queued. */
  mailedAt: at('mailed_at'),
  /** The proof of consent: when, from which address and browser the payer confirmed. */
  confirmedAt: at('confirmed_at'),
  confirmedIp: text('confirmed_ip'),
  confirmedUserAgent: text('confirmed_user_agent'),
  createdAt: createdAt(),
}, (t) => [
  uniqueIndex('payer_opt_ins_seller_email_unique').on(t.sellerId, t.email),
  index('payer_opt_ins_seller_idx').on(t.sellerId, t.state),
])
