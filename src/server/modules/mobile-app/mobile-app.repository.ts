import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { mobileAppPushSettings, sellerEffectiveFeatures, sellers } from '../../db/schema'

// The mobile-app module's SQL (docs/decisions/0086-live-shopping-and-mobile-app.md): the seller's push settings.

export async function pushSettings(db: Executor, sellerId: number): Promise<{ type: string; push: boolean }[]> {
  return db.select({ type: mobileAppPushSettings.type, push: mobileAppPushSettings.push }).from(mobileAppPushSettings).where(eq(mobileAppPushSettings.sellerId, sellerId))
}

export async function upsertPushSettings(db: Executor, sellerId: number, list: { type: string; push: boolean }[], now: Date): Promise<void> {
  if (list.length === 0) return
  await db.insert(mobileAppPushSettings).values(list.map((s) => ({ sellerId, type: s.type, push: s.push, updatedAt: now })))
    .onConflictDoUpdate({ target: [mobileAppPushSettings.sellerId, mobileAppPushSettings.type], set: { push: sql`excluded.push`, updatedAt: sql`excluded.updated_at` } })
}

/** The seller's flags in effect (plan under overrides); undefined: no such seller. The public route has no signed-in seller. */
export async function sellerFeatures(db: Executor, sellerId: number): Promise<Record<string, boolean> | undefined> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(sellers).where(eq(sellers.id, sellerId)).limit(1)
  return row ? (row.features ?? {}) : undefined
}
