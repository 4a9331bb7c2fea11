import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The analytics module's table (docs/decisions/0087-analytics-sets.md): a seller's saved sets of charts.

/** A chart as saved in a set: its kind and options (src/shared/schemas/analytics.ts, analyticsChartOutput). */
export type StoredAnalyticsChart = {
  kind: string; title: string | null; period: string; from: string | null; till: string | null; bucket: string; currency: string | null; months: number
}

/** A named set of charts over the seller's own data; the charts are read in their order (position = index). */
export const analyticsSets = pgTable('analytics_sets', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description'),
  charts: jsonb('charts').$type<StoredAnalyticsChart[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('analytics_sets_seller_idx').on(t.sellerId, t.id)])
