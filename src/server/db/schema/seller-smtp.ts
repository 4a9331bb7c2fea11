import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The email module's seller mail server (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the SMTP
// server a seller's payer mails go through when the custom_smtp flag is on and a test mail went through.

export const sellerSmtpSettings = pgTable('seller_smtp_settings', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id, { onDelete: 'cascade' }),
  host: text('host').notNull(),
  port: integer('port').notNull(),
  /** tls (implicit TLS, usually 465) | starttls (usually 587) | none */
  security: text('security').notNull(),
  username: text('username'),
  /** `{ password }` sealed with AES-256-GCM (src/server/payment-secrets.ts), bound to the seller; null: no password. */
  passwordEncrypted: text('password_encrypted'),
  fromEmail: text('from_email').notNull(),
  fromName: text('from_name'),
  /** When a test mail last went through with these settings; a change of the server clears it. Delivery needs it. */
  verifiedAt: at('verified_at'),
  lastTestAt: at('last_test_at'),
  lastTestError: text('last_test_error'),
  /** The start of the current run of delivery failures (null: the last delivery went through); one notice per run. */
  failingSince: at('failing_since'),
  lastError: text('last_error'),
  lastErrorAt: at('last_error_at'),
  lastSentAt: at('last_sent_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
