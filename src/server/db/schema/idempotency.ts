import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

// Idempotency keys of mutating calls (the Idempotency-Key header); their one writer is the idempotency engine
// that checkout and ticket upgrades share, not the orders they guard (docs/decisions/0016-orders-exactly-once.md).

/**
 * Idempotency keys of mutating checkout calls: the first request claims the key (in_progress), its
 * answer is stored (done), a replay returns it; a different body under the same key is refused.
 */
export const idempotencyKeys = pgTable('idempotency_keys', {
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  requestHash: text('request_hash').notNull(),
  /** in_progress | done */
  state: text('state').notNull().default('in_progress'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)])
