import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The payment-settings module's tables: the seller's provider credentials and the method x provider matrix
// (docs/decisions/0015-payment-methods-and-providers.md).

/**
 * A seller's credentials with a provider (stripe, paypal, bank_wire), encrypted at rest (AES-256-GCM with
 * a key from the configuration). `publicInfo` holds what may be shown: the publishable key, masked ids.
 * The platform's own connect account is configured, not stored here.
 */
export const paymentProviderAccounts = pgTable('payment_provider_accounts', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  credentialsEncrypted: text('credentials_encrypted').notNull(),
  publicInfo: jsonb('public_info').$type<Record<string, unknown>>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('payment_provider_accounts_seller_provider_unique').on(t.sellerId, t.provider)])

/** The seller's method x provider matrix (/cabinet/settings/payment_settings). */
export const paymentMethodSettings = pgTable('payment_method_settings', {
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  method: text('method').notNull(),
  provider: text('provider').notNull(),
  active: boolean('active').notNull().default(true),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.sellerId, t.method] })])
