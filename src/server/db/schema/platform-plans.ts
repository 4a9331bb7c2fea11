import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { pricingPlans, products } from './catalog'
import { orders } from './orders'

// The platform-plans module's tables (docs/decisions/0055-platform-plans.md): the platform's own plans that
// sellers subscribe to, sold by the platform's seller account through the normal checkout (each plan is a
// product of that account, each billing cycle one of its pricing plans), the sellers' subscriptions, and
// the promo tokens that give a plan on special terms.

/** The platform's own seller account (one row): the seller whose products the plans are. */
export const platformPlanOwner = pgTable('platform_plan_owner', {
  id: integer('id').primaryKey().default(1),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  createdAt: createdAt(),
})

export const platformPlans = pgTable('platform_plans', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  /** special | trial | public | on_hold | deletion_planned | deletion_requested (src/shared/schemas/platform-plans.ts) */
  purpose: text('purpose').notNull(),
  /** The feature flags the plan grants (true) or withholds (false); flags left out keep their defaults. */
  features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
  /** trial plans: free days before the first charge. */
  trialDays: integer('trial_days'),
  /** The platform seller's product that sells this plan; null for a plan without prices (given by managers). */
  productId: integer('product_id').references(() => products.id),
  position: integer('position').notNull().default(0),
  archived: boolean('archived').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('platform_plans_purpose_idx').on(t.purpose)])

/** One price per plan and billing cycle, sold as one pricing plan of the plan's product. */
export const platformPlanPrices = pgTable('platform_plan_prices', {
  id: serial('id').primaryKey(),
  planId: integer('plan_id').notNull().references(() => platformPlans.id, { onDelete: 'cascade' }),
  /** monthly | quarterly | annually */
  billingCycle: text('billing_cycle').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  pricingPlanId: integer('pricing_plan_id').notNull().references(() => pricingPlans.id),
}, (t) => [uniqueIndex('platform_plan_prices_plan_cycle_unique').on(t.planId, t.billingCycle)])

export const platformPromos = pgTable('platform_promos', {
  id: serial('id').primaryKey(),
  /** What the promo page's address carries: 24 url-safe characters. */
  token: text('token').notNull(),
  planId: integer('plan_id').notNull().references(() => platformPlans.id),
  billingCycle: text('billing_cycle').notNull(),
  /** The price per cycle on these terms (null: the plan's own), and free months before the first charge. */
  specialAmount: bigint('special_amount', { mode: 'number' }),
  freeMonths: integer('free_months'),
  /** The pricing plan of the plan's product with these terms. */
  pricingPlanId: integer('pricing_plan_id').notNull().references(() => pricingPlans.id),
  expiresAt: at('expires_at'),
  /** null: no limit. usesCount counts subscriptions started with the token, under the promo's row lock. */
  maxUses: integer('max_uses'),
  usesCount: integer('uses_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [uniqueIndex('platform_promos_token_unique').on(t.token)])

export const platformSubscriptions = pgTable('platform_subscriptions', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  planId: integer('plan_id').notNull().references(() => platformPlans.id),
  billingCycle: text('billing_cycle'),
  /** pending | trialing | active | canceled | ended (src/shared/states/platform-subscription.ts) */
  state: text('state').notNull().default('pending'),
  /** The platform seller's order that bills it (the billing engine's); null for a plan given by a manager. */
  orderId: integer('order_id').references(() => orders.id),
  promoId: integer('promo_id').references(() => platformPromos.id),
  startedAt: at('started_at'),
  /** canceled: the end of the paid period, when the features end. */
  endsAt: at('ends_at'),
  endedAt: at('ended_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('platform_subscriptions_seller_state_idx').on(t.sellerId, t.state),
  uniqueIndex('platform_subscriptions_order_unique').on(t.orderId),
  // A promo is used once per seller.
  uniqueIndex('platform_subscriptions_promo_seller_unique').on(t.promoId, t.sellerId).where(sql`${t.promoId} is not null`),
])

/**
 * A seller's feature flags as every read of them sees them: the plan the seller is on (its granted and withheld
 * flags), overridden by the seller's explicit flags set by managers (docs/decisions/0055-platform-plans.md).
 * Used in selects that read `sellers` (by that name, not an alias).
 */
export const sellerEffectiveFeatures = sql<Record<string, boolean>>`(coalesce((select pp.features from platform_subscriptions ps join platform_plans pp on pp.id = ps.plan_id where ps.seller_id = "sellers"."id" and ps.state in ('trialing', 'active', 'canceled') order by ps.id desc limit 1), '{}'::jsonb) || "sellers"."features")`
