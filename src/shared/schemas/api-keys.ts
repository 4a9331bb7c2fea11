import { z } from 'zod'
import { zIdParam } from '../validation/storable'

// Sellers' personal API keys (docs/decisions/0073-seller-api-keys.md). A scope is `<area>:read` or
// `<area>:write`; the areas are those of the seller actions (src/server/auth/permissions.ts), without `team`:
// a key never manages the team or other keys.

export const apiKeyAreas = ['dashboard', 'products', 'pages', 'orders', 'deals', 'payers', 'courses', 'tickets', 'affiliates', 'settings', 'payouts'] as const
export type ApiKeyArea = (typeof apiKeyAreas)[number]
export const apiKeyScopes = apiKeyAreas.flatMap((area) => [`${area}:read`, `${area}:write`] as const)
export type ApiKeyScope = `${ApiKeyArea}:${'read' | 'write'}`

/** Every token starts so: recognisable in logs and by secret scanners. */
export const apiKeyTokenPrefix = 'sfk_'

export const apiKeyScope = z.enum(apiKeyScopes as [ApiKeyScope, ...ApiKeyScope[]])
export const createApiKeyInput = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z.array(apiKeyScope).min(1).max(apiKeyScopes.length).meta({ description: '`<area>:read` or `<area>:write`; write includes read.' }),
}).strict()
export type CreateApiKeyInput = z.output<typeof createApiKeyInput>
export const updateApiKeyInput = z.object({ name: z.string().trim().min(1).max(100) }).strict()
export type UpdateApiKeyInput = z.output<typeof updateApiKeyInput>
export const apiKeyParams = z.object({ id: zIdParam() })

export const apiKeyOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  scopes: z.array(z.string()),
  /** The token's first characters, for telling keys apart. */
  token_prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type ApiKeyOutput = z.output<typeof apiKeyOutput>
export const apiKeyAnswer = z.object({ api_key: apiKeyOutput })
/** The answer of creation: the only time the token is shown. */
export const createdApiKeyAnswer = z.object({ api_key: apiKeyOutput.extend({ token: z.string() }) })
export const apiKeyList = z.object({ list: z.array(apiKeyOutput), total_count: z.number().int(), total_count_max: z.number().int() })
