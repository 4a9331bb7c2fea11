import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './accounts'

/** Every mail the platform sends. Without SMTP_URL the mail stays here and is read at /email_logs/:token. */
export const emailLogs = pgTable('email_logs', {
  id: serial('id').primaryKey(),
  token: text('token').notNull(),
  userId: integer('user_id').references(() => users.id),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  html: text('html').notNull(),
  text: text('text').notNull(),
  kind: text('kind').notNull(),
  locale: text('locale').notNull().default('en'),
  /** queued | stored | sent | failed */
  state: text('state').notNull().default('queued'),
  error: text('error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  /**
   * The seller whose payer this mail goes to (docs/decisions/0084-custom-smtp-and-double-opt-in.md): set by the
   * senders of payer mails, so the seller's own mail server may send it; null for platform mail.
   */
  sellerId: integer('seller_id'),
  /** How it went out: platform | seller_smtp | platform_fallback (the seller's server failed); null until sent. */
  sentVia: text('sent_via'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('email_logs_token_unique').on(t.token), index('email_logs_to_idx').on(t.to)])

/** Opt-outs by address and category; the unsubscribe token names one pair. */
export const emailSubscriptions = pgTable('email_subscriptions', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  category: text('category').notNull(),
  token: text('token').notNull(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('email_subscriptions_token_unique').on(t.token), uniqueIndex('email_subscriptions_email_category_unique').on(t.email, t.category)])

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite answers a Uint8Array, node-postgres a Buffer: both become a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/** Files a mail carries (tickets, certificates): sent with it and downloadable from the stored mail view. */
export const emailAttachments = pgTable('email_attachments', {
  id: serial('id').primaryKey(),
  emailLogId: integer('email_log_id').notNull().references(() => emailLogs.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  content: bytea('content').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [index('email_attachments_log_idx').on(t.emailLogId)])
