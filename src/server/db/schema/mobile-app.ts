import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { sellers } from './accounts'

// The mobile-app module's table (docs/decisions/0086-live-shopping-and-mobile-app.md): per seller and notification
// type (src/shared/schemas/notifications.ts), whether the seller's app users get it as a push notification.
// No row: the default of src/shared/schemas/mobile-app.ts `defaultPush`.

export const mobileAppPushSettings = pgTable('mobile_app_push_settings', {
  sellerId: integer('seller_id').notNull().references(() => sellers.id, { onDelete: 'cascade' }),
  type: text('type').notNull(),
  push: boolean('push').notNull(),
  updatedAt: updatedAt(),
}, (t) => [primaryKey({ columns: [t.sellerId, t.type] })])
