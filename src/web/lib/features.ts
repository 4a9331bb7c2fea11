import { queryOptions, useQuery } from '@tanstack/react-query'
import { featureFlags, type FeatureFlag } from '../../shared/accounts'
import type { SellerFeaturesOutput } from '../../shared/schemas/features'
import { api } from './api'
import { ApiError, snakeToCamelKey, type Camelize } from './api-client'
import { useMe } from './session'

// The seller's feature flags in the web app (docs/decisions/0077-feature-flags.md). The value in effect comes
// with the signed-in user (GET /app/user/me `seller.features`); the sources and the plans that unlock a flag
// from GET /cabinet/features. The server checks every flag itself (403 feature_disabled): these only hide
// or explain what is off.

export type SellerFeatures = Camelize<SellerFeaturesOutput>

export const sellerFeaturesKey = ['cabinet', 'features'] as const

export function sellerFeaturesQuery() {
  return queryOptions({
    queryKey: sellerFeaturesKey,
    queryFn: ({ signal }) => api.get<SellerFeatures>('/cabinet/features', { signal, silent: true }),
    staleTime: 30_000,
  })
}

/** Whether the flag is on for the signed-in seller; `known` is false until the user is loaded. */
export function useFeature(flag: FeatureFlag): { enabled: boolean; known: boolean } {
  const me = useMe()
  const features = me.data?.seller?.features as Record<string, boolean> | undefined
  if (!features) return { enabled: featureFlags[flag], known: false }
  return { enabled: features[snakeToCamelKey(flag)] ?? features[flag] ?? featureFlags[flag], known: true }
}

/** The seller's flags with their sources and the plans that unlock each (for the notice of a flag that is off). */
export function useSellerFeatures(enabled = true) {
  return useQuery({ ...sellerFeaturesQuery(), enabled })
}

/** A 403 the server answered because a flag is off: the flag's name, else null. */
export function disabledFeatureOf(error: unknown): FeatureFlag | null {
  if (!(error instanceof ApiError) || error.type !== 'feature_disabled') return null
  const flag = error.details.flag
  return typeof flag === 'string' && flag in featureFlags ? flag as FeatureFlag : null
}
