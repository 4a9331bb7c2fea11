import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt } from './columns'
import { sellers, users } from './accounts'

// The api-keys module's table (docs/decisions/0073-seller-api-keys.md): sellers' personal API keys. Only the
// SHA-256 hash of a token is stored; the token is shown once when the key is made.

export const apiKeys = pgTable('api_keys', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The user who made the key (the seller's own user). */
  createdByUserId: integer('created_by_user_id').notNull().references(() => users.id),
  name: text('name').notNull(),
  /** `<area>:read` | `<area>:write` (src/shared/schemas/api-keys.ts `apiKeyScopes`). */
  scopes: jsonb('scopes').$type<string[]>().notNull(),
  /** The token's first characters, to tell keys apart in lists. */
  tokenPrefix: text('token_prefix').notNull(),
  /** Hex SHA-256 of the whole token. */
  tokenHash: text('token_hash').notNull(),
  createdAt: createdAt(),
  lastUsedAt: at('last_used_at'),
  lastUsedIp: text('last_used_ip'),
  revokedAt: at('revoked_at'),
}, (t) => [
  uniqueIndex('api_keys_token_hash_unique').on(t.tokenHash),
  index('api_keys_seller_idx').on(t.sellerId, t.id),
])
