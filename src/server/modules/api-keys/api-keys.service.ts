import { AppError } from '../../../shared/errors'
import { apiKeyTokenPrefix, type ApiKeyOutput, type CreateApiKeyInput, type UpdateApiKeyInput } from '../../../shared/schemas/api-keys'
import { actingSellerId, type Actor } from '../../auth/permissions'
import { hashToken, randomToken } from '../../auth/random-tokens'
import type { Ctx } from '../../context'
import * as repo from './api-keys.repository'

// Sellers' personal API keys (docs/decisions/0073-seller-api-keys.md). A key acts as its seller within its
// scopes on the /cabinet routes only; the token is shown once and only its SHA-256 hash is kept. Managing
// keys is `team.manage`: the seller themself, never a team member and never a key.

/** A use is written at most once per this interval and key, so a busy key does not write on every call. */
const lastUseIntervalMs = 60_000
/** Characters of the token kept for display (the prefix plus a few random ones). */
const displayedLength = apiKeyTokenPrefix.length + 6

const notFound = () => new AppError('not_found', 'No such API key')

function output(row: repo.ApiKeyRow): ApiKeyOutput {
  return {
    id: row.id, name: row.name, scopes: row.scopes, token_prefix: row.tokenPrefix, created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null, last_used_ip: row.lastUsedIp, revoked_at: row.revokedAt?.toISOString() ?? null,
  }
}

export async function createApiKey(ctx: Ctx, input: CreateApiKeyInput) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  // 32 random bytes: 256 bits, so a plain SHA-256 is enough to store it (no slow hash needed).
  const token = `${apiKeyTokenPrefix}${randomToken(32)}`
  const row = await repo.insertApiKey(ctx.db, {
    sellerId, createdByUserId: ctx.actor!.userId, name: input.name, scopes: [...new Set(input.scopes)].sort(),
    tokenPrefix: token.slice(0, displayedLength), tokenHash: hashToken(token),
  })
  return { api_key: { ...output(row), token } }
}

/** The demo seller's one key (src/server/db/seed.ts): made once, named so; its token is returned only when made. */
export const demoApiKeyName = 'Demo integration'
export async function ensureDemoApiKey(ctx: Ctx): Promise<string | undefined> {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  if ((await repo.listApiKeys(ctx.db, sellerId)).some((key) => key.name === demoApiKeyName)) return undefined
  return (await createApiKey(ctx, { name: demoApiKeyName, scopes: ['orders:read', 'products:write'] })).api_key.token
}

export async function listApiKeys(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const rows = await repo.listApiKeys(ctx.db, sellerId)
  return { list: rows.map(output), total_count: rows.length, total_count_max: rows.length }
}

export async function renameApiKey(ctx: Ctx, id: number, input: UpdateApiKeyInput) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const row = await repo.updateApiKey(ctx.db, sellerId, id, { name: input.name })
  if (!row) throw notFound()
  return { api_key: output(row) }
}

/** Revokes the key: its next request answers 401 (keys are looked up on every request, nothing is cached). */
export async function revokeApiKey(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'team.manage')
  const existing = await repo.findApiKey(ctx.db, sellerId, id)
  if (!existing) throw notFound()
  const row = existing.revokedAt ? existing : await repo.updateApiKey(ctx.db, sellerId, id, { revokedAt: ctx.realNow })
  return { api_key: output(row!) }
}

/** Whether an Authorization header carries an API key rather than an access token. */
export function isApiKeyHeader(authorization: string): boolean {
  return /^Bearer\s+sfk_/i.test(authorization.trim())
}

/**
 * The actor of an API key: the seller, limited to the key's scopes. A revoked key, a malformed one or a
 * blocked seller's is an invalid token (401).
 */
export async function resolveApiKey(ctx: Ctx, authorization: string): Promise<{ actor: Actor; sellerFeatures: Record<string, boolean> }> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1]
  const row = token ? await repo.findActiveKeyByHash(ctx.db, hashToken(token)) : undefined
  if (!row || row.sellerBlocked) throw new AppError('invalid_access_token', 'The API key is not valid or was revoked')
  const now = ctx.realNow
  const staleBefore = new Date(now.getTime() - lastUseIntervalMs)
  // The row just read says whether the last use is stale: a busy key sends no write at all, and the
  // update's own condition settles two requests racing to record it.
  if (!row.key.lastUsedAt || row.key.lastUsedAt < staleBefore) await repo.recordUse(ctx.db, row.key.id, now, ctx.ip ?? null, staleBefore)
  return {
    actor: {
      userId: row.sellerUserId, sessionId: `api_key:${row.key.id}`, profileId: row.sellerProfileId, profileType: 'seller', sellerId: row.key.sellerId,
      permissions: [], confirmed: true, apiKey: { id: row.key.id, scopes: row.key.scopes },
    },
    sellerFeatures: row.sellerFeatures ?? {},
  }
}
