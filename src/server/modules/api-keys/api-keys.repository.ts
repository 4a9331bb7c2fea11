import { and, desc, eq, isNull, lt, or } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { apiKeys, profiles, sellerEffectiveFeatures, sellers } from '../../db/schema'

// The api_keys table's SQL (docs/decisions/0073-seller-api-keys.md).

export type ApiKeyRow = typeof apiKeys.$inferSelect

export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(values).returning()
  return row!
}

export async function listApiKeys(db: Executor, sellerId: number): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.sellerId, sellerId)).orderBy(desc(apiKeys.id))
}

export async function findApiKey(db: Executor, sellerId: number, id: number): Promise<ApiKeyRow | undefined> {
  const [row] = await db.select().from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.sellerId, sellerId))).limit(1)
  return row
}

export async function updateApiKey(db: Executor, sellerId: number, id: number, values: { name?: string; revokedAt?: Date }): Promise<ApiKeyRow | undefined> {
  const [row] = await db.update(apiKeys).set(values).where(and(eq(apiKeys.id, id), eq(apiKeys.sellerId, sellerId))).returning()
  return row
}

/** A key that is not revoked, by its token's hash, with its seller's facts for the actor. */
export async function findActiveKeyByHash(db: Executor, tokenHash: string) {
  const [row] = await db.select({
    key: apiKeys, sellerUserId: sellers.userId, sellerBlocked: sellers.blocked, sellerFeatures: sellerEffectiveFeatures, sellerProfileId: profiles.id,
  })
    .from(apiKeys).innerJoin(sellers, eq(sellers.id, apiKeys.sellerId))
    .leftJoin(profiles, and(eq(profiles.sellerId, apiKeys.sellerId), eq(profiles.userId, sellers.userId), eq(profiles.type, 'seller')))
    .where(and(eq(apiKeys.tokenHash, tokenHash), isNull(apiKeys.revokedAt))).limit(1)
  return row
}

/** Records the use when the last one is older than `staleBefore`: at most one write per key and interval. */
export async function recordUse(db: Executor, id: number, at: Date, ip: string | null, staleBefore: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at, lastUsedIp: ip })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, staleBefore))))
}
