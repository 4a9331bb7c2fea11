import { index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { pricingPlans, products } from './catalog'
import { pages } from './pages'

// The funnels module's tables (docs/decisions/0066-funnels.md): a seller's funnels, the products whose
// checkout leads into one, its nodes (offers and thank-you pages linked by accept and decline) and what payers
// did on each node (views and declines; accepts are the orders that carry funnel_node_id).

export const funnels = pgTable('funnels', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** active | archived (src/shared/states/funnel.ts) */
  state: text('state').notNull().default('active'),
  /** The node a payer sees first after paying; null: the funnel offers nothing. */
  entryNodeId: integer('entry_node_id'),
  archivedAt: at('archived_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('funnels_seller_idx').on(t.sellerId)])

/** A product whose checkout leads into a funnel: one funnel per product. */
export const funnelProducts = pgTable('funnel_products', {
  productId: integer('product_id').primaryKey().references(() => products.id, { onDelete: 'cascade' }),
  funnelId: integer('funnel_id').notNull().references(() => funnels.id, { onDelete: 'cascade' }),
}, (t) => [index('funnel_products_funnel_idx').on(t.funnelId)])

export const funnelNodes = pgTable('funnel_nodes', {
  id: serial('id').primaryKey(),
  funnelId: integer('funnel_id').notNull().references(() => funnels.id, { onDelete: 'cascade' }),
  /** The node's place in the editor's list; an offer's `index` on the public order. */
  position: integer('position').notNull(),
  /** upsell | downsell | thank_you */
  kind: text('kind').notNull(),
  /** The offer (upsell, downsell): a product of the seller and one of its plans; null for thank_you. */
  productId: integer('product_id').references(() => products.id, { onDelete: 'cascade' }),
  pricingPlanId: integer('pricing_plan_id').references(() => pricingPlans.id, { onDelete: 'cascade' }),
  /** A built page of type funnel; null: the default layout. */
  pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
  headline: text('headline'),
  /** The headline in other languages (docs/decisions/0095-product-translations.md): { "<locale>": { headline } }. */
  translations: jsonb('translations').$type<Record<string, Record<string, unknown>>>().notNull().default({}),
  /** Where accepting leads (a node of the same funnel); null: the end (the success page). */
  acceptNodeId: integer('accept_node_id'),
  /** Where declining leads; null: the end. */
  declineNodeId: integer('decline_node_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('funnel_nodes_funnel_idx').on(t.funnelId, t.position)])

/** A payer's view or decline of a node after their order (`order_id`, the parent): once each. */
export const funnelEvents = pgTable('funnel_events', {
  id: serial('id').primaryKey(),
  funnelId: integer('funnel_id').notNull().references(() => funnels.id, { onDelete: 'cascade' }),
  nodeId: integer('node_id').notNull().references(() => funnelNodes.id, { onDelete: 'cascade' }),
  /** The order the funnel follows (orders.id; no foreign key: the orders module owns that table). */
  orderId: integer('order_id').notNull(),
  /** view | decline */
  kind: text('kind').notNull(),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('funnel_events_once').on(t.orderId, t.nodeId, t.kind), index('funnel_events_funnel_idx').on(t.funnelId)])
