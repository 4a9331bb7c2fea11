import { jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

// The refunds module's table: provider events (refunds, chargebacks, disputes) received by the payments
// module's webhooks and applied once here (docs/decisions/0028-refunds-chargebacks-provider-events.md).

/** Provider webhook events seen, so a second delivery changes nothing. */
export const providerEvents = pgTable('provider_events', {
  id: serial('id').primaryKey(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull(),
  type: text('type').notNull(),
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('provider_events_unique').on(t.provider, t.eventId)])
