import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The live-shopping module's table (docs/decisions/0086-live-shopping-and-mobile-app.md): a seller's scheduled live
// event, its public page /live/{username}/{id}. The orders it brought carry `live-{id}` in orders.campaign_id.

export const liveEvents = pgTable('live_events', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  description: text('description'),
  startsAt: at('starts_at').notNull(),
  /** When the seller expects it to end (the page says so; ending is the seller's transition). */
  endsAt: at('ends_at').notNull(),
  /** The stream's https address; embedded for the allowed video hosts, linked otherwise. */
  streamUrl: text('stream_url'),
  /** The products shown, in the page's order (the seller's own, checked published when saved and when shown). */
  productIds: jsonb('product_ids').$type<number[]>().notNull(),
  /** scheduled | live | ended | cancelled (src/shared/states/live-event.ts). */
  state: text('state').notNull().default('scheduled'),
  wentLiveAt: at('went_live_at'),
  endedAt: at('ended_at'),
  cancelledAt: at('cancelled_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('live_events_seller_idx').on(t.sellerId, t.startsAt),
  check('live_events_times_check', sql`${t.endsAt} > ${t.startsAt}`),
])
