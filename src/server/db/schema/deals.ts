import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { at, createdAt, updatedAt } from './columns'
import { sellers, users } from './accounts'
import { pricingPlans, products } from './catalog'
import { teamMembers } from './teams'

// The deals module's table (docs/decisions/0054-sales-team-and-deals.md): individual offers for one named
// payer, prepared by the seller or a sales team member (a `team_members` row of kind `sales`).

export const deals = pgTable('deals', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** The sales team member the deal is theirs (their fee applies to its sale); null for the seller's own. */
  salesTeamMemberId: integer('sales_team_member_id').references(() => teamMembers.id),
  createdByUserId: integer('created_by_user_id').references(() => users.id),
  /** closed | draft | finalized | cancelled | refunded | unsubscribed | ready (src/shared/states/deal.ts) */
  state: text('state').notNull().default('draft'),
  /** The payer's link: 32 url-safe characters from 24 random bytes, made when the deal is first sent. */
  token: text('token'),
  productId: integer('product_id').notNull().references(() => products.id),
  pricingPlanId: integer('pricing_plan_id').notNull().references(() => pricingPlans.id),
  /** Individual amounts in the plan's currency; null keeps the plan's own. */
  price: bigint('price', { mode: 'number' }),
  firstAmount: bigint('first_amount', { mode: 'number' }),
  nextAmount: bigint('next_amount', { mode: 'number' }),
  payerEmail: text('payer_email').notNull(),
  payerFirstName: text('payer_first_name').notNull(),
  payerLastName: text('payer_last_name').notNull(),
  message: text('message'),
  expiresAt: at('expires_at').notNull(),
  sentAt: at('sent_at'),
  /** The order placed through the link (the link is used up then). */
  orderId: integer('order_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('deals_token_unique').on(t.token).where(sql`${t.token} is not null`),
  index('deals_seller_idx').on(t.sellerId, t.state),
  index('deals_sales_team_member_idx').on(t.salesTeamMemberId),
])
