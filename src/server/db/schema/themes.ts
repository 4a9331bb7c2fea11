import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The themes module's tables (docs/decisions/0061-fonts-and-themes.md): a seller's themes of eight kinds, public
// ones listed in the template hub, and the one theme per kind the seller applied.

export const themes = pgTable('themes', {
  id: serial('id').primaryKey(),
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  /** ShopTheme | MembershipTheme | Product | AddonTheme | PaymentPageTemplate | AffiliateLanding | Funnel | MultiItemsSharing */
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  /** public (listed in the template hub, copyable by every seller) | private */
  visibility: text('visibility').notNull().default('private'),
  /** The page builder's settings: a JSON object, bounded in size (src/shared/schemas/themes.ts). */
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** The shared link's token: 32 url-safe characters from 24 random bytes; null while sharing is off. */
  shareToken: text('share_token'),
  /** The theme this one was copied from (kept as a plain number: the source may be deleted since). */
  copiedFromId: integer('copied_from_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [
  uniqueIndex('themes_share_token_unique').on(t.shareToken).where(sql`${t.shareToken} is not null`),
  index('themes_seller_idx').on(t.sellerId, t.kind),
  index('themes_hub_idx').on(t.visibility, t.kind, t.id),
])

/** The seller's applied theme per kind: one row per seller and kind. */
export const appliedThemes = pgTable('applied_themes', {
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  themeId: integer('theme_id').notNull().references(() => themes.id, { onDelete: 'cascade' }),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.sellerId, t.kind] }), index('applied_themes_theme_idx').on(t.themeId)])
