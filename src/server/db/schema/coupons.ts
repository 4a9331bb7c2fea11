import { sql } from 'drizzle-orm'
import { bigint, boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'
import { products } from './catalog'

// The coupons module's tables: a seller's coupons and the products a coupon is limited to
// (docs/decisions/0014-discounts-per-product.md).

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  code: text('code').notNull(),
  /** percents | currency */
  discountType: text('discount_type').notNull(),
  /** Basis points for percents (1 % = 100); minor units of currencyId for currency. */
  value: bigint('value', { mode: 'number' }).notNull(),
  currencyId: text('currency_id'),
  /** end_amount | net_amount */
  amountBase: text('amount_base').notNull().default('end_amount'),
  /** all_products | single_product | multiple_products */
  scope: text('scope').notNull().default('all_products'),
  limit: integer('limit'),
  ordersCount: integer('orders_count').notNull().default(0),
  active: boolean('active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** The bulk creation a coupon came from. */
  batchId: uuid('batch_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('coupons_seller_code_unique').on(t.sellerId, sql`lower(${t.code})`),
  index('coupons_batch_idx').on(t.batchId),
])

export const couponProducts = pgTable('coupon_products', {
  couponId: integer('coupon_id').notNull().references(() => coupons.id, { onDelete: 'cascade' }),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.couponId, t.productId] })])
