import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { sellers } from './accounts'

// The customization module's seller branding (docs/decisions/0085-customization.md): logo, colours and mail
// footer on payer-facing pages and mails, applied while the customization flag is on (read at render time).

export const sellerCustomizations = pgTable('seller_customizations', {
  sellerId: integer('seller_id').primaryKey().references(() => sellers.id, { onDelete: 'cascade' }),
  /** One of the seller's media uploads of kind image (media_uploads.storage_key); null: the name as text. */
  logoKey: text('logo_key'),
  /** #rrggbb; null: the platform's colours. */
  primaryColor: text('primary_color'),
  accentColor: text('accent_color'),
  /** Plain text, normalised on save (src/shared/customization/branding.ts). */
  mailFooter: text('mail_footer'),
  hideBranding: boolean('hide_branding').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
