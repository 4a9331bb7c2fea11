import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { sellers, users } from './accounts'
import { products } from './catalog'
import { at, createdAt, updatedAt } from './columns'

// The community module's tables (docs/decisions/0083-community.md): a members' space per membership product,
// its posts (states: src/shared/states/community-post.ts) and their comments. Bodies are stored as plain text
// (src/shared/schemas/community.ts `communityText`).

/** A membership product's community: switched on by the seller, with or without review of new posts. */
export const communities = pgTable('communities', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** New posts wait for the seller's review (pending) before members see them. */
  reviewPosts: boolean('review_posts').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [uniqueIndex('communities_product_unique').on(t.productId), index('communities_seller_idx').on(t.sellerId)])

export const communityPosts = pgTable('community_posts', {
  id: serial('id').primaryKey(),
  communityId: integer('community_id').notNull().references(() => communities.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  productId: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  authorUserId: integer('author_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  /** pending | published | rejected | hidden (src/shared/states/community-post.ts) */
  state: text('state').notNull(),
  pinned: boolean('pinned').notNull().default(false),
  reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  reviewedAt: at('reviewed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  index('community_posts_community_idx').on(t.communityId, t.state, t.createdAt),
  index('community_posts_seller_state_idx').on(t.sellerId, t.state),
])

export const communityComments = pgTable('community_comments', {
  id: serial('id').primaryKey(),
  postId: integer('post_id').notNull().references(() => communityPosts.id, { onDelete: 'cascade' }),
  sellerId: integer('seller_id').notNull().references(() => sellers.id),
  authorUserId: integer('author_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  authorName: text('author_name').notNull(),
  body: text('body').notNull(),
  /** published | hidden (src/shared/states/community-post.ts) */
  state: text('state').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('community_comments_post_idx').on(t.postId, t.createdAt), index('community_comments_seller_idx').on(t.sellerId)])
