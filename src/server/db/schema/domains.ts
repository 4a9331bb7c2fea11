import { sql } from 'drizzle-orm'
import { index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The domains module's tables (docs/decisions/0060-domains.md): sellers' custom domains and their platform
// subdomains.

export const sellerDomains = pgTable('seller_domains', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The host in ASCII (punycode), lower case, without a trailing dot. */
  domain: text('domain').notNull(),
  /** waiting | active | error | active_with_ssl (src/shared/states/domain.ts) */
  state: text('state').notNull().default('waiting'),
  /** The TXT record's value at `_sellfront.<domain>`. */
  verificationToken: text('verification_token').notNull(),
  checkError: text('check_error'),
  checkedAt: at('checked_at'),
  verifiedAt: at('verified_at'),
  sslAt: at('ssl_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('seller_domains_seller_domain_unique').on(t.sellerId, t.domain),
  // One seller's shop per host: only one row of a host may be verified.
  uniqueIndex('seller_domains_served_unique').on(t.domain).where(sql`${t.state} in ('active', 'active_with_ssl')`),
  index('seller_domains_due_idx').on(t.state, t.checkedAt),
])

export const sellerSubdomains = pgTable('seller_subdomains', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** One DNS label: the host is `<name>.<SUBDOMAIN_SUFFIX>`. */
  name: text('name').notNull(),
  /** waiting | submitted | deleted (src/shared/states/domain.ts) */
  state: text('state').notNull().default('waiting'),
  /** The record's TTL in seconds: 300, 3600, 86400 or 604800. */
  ttl: integer('ttl').notNull().default(3600),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('seller_subdomains_name_unique').on(t.name).where(sql`${t.state} <> 'deleted'`),
  uniqueIndex('seller_subdomains_seller_unique').on(t.sellerId).where(sql`${t.state} <> 'deleted'`),
])
