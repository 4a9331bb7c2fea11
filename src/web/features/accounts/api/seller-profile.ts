import { queryOptions } from '@tanstack/react-query'
import type { ProfileImageSlot, SellerProfile, SellerProfileOutput } from '../../../../shared/schemas/seller-profile'
import { api } from '../../../lib/api'
import { toSnake } from '../../../lib/api-client'

// GET and PUT /cabinet/profile: the seller profile (docs/reference/accounts-and-orders.md §2, §3 and §5). The profile's keys stay
// snake_case here, as the shared schema and the form use them.

export const sellerProfileKey = ['cabinet', 'profile'] as const

async function fetchSellerProfile(signal?: AbortSignal): Promise<SellerProfileOutput> {
  return toSnake(await api.get<unknown>('/cabinet/profile', { signal })) as SellerProfileOutput
}

export function sellerProfileQuery() {
  return queryOptions({ queryKey: sellerProfileKey, queryFn: ({ signal }) => fetchSellerProfile(signal) })
}

export async function saveSellerProfile(input: SellerProfile): Promise<SellerProfileOutput> {
  return toSnake(await api.put<unknown>('/cabinet/profile', input, { silent: true })) as SellerProfileOutput
}

/**
 * POST /cabinet/profile/{avatar|banner}: the shop header's picture or banner, made into webp size variants
 * (docs/decisions/0046-seller-presence.md); answers the whole profile.
 */
export async function uploadProfileImage(slot: ProfileImageSlot, file: File): Promise<SellerProfileOutput> {
  const form = new FormData()
  form.append('image', file)
  return toSnake(await api.post<unknown>(`/cabinet/profile/${slot}`, form)) as SellerProfileOutput
}

/** DELETE /cabinet/profile/{avatar|banner}: the shop header falls back to the initials or the gradient. */
export async function removeProfileImage(slot: ProfileImageSlot): Promise<void> {
  await api.delete(`/cabinet/profile/${slot}`)
}

/** PUT /cabinet/profile with the stored profile as it is and the new bio (empty clears it). */
/** The shop's languages, its default first (docs/decisions/0094-storefront-languages.md); null: every language. */
export async function saveShopLanguages(current: SellerProfileOutput, languages: string[] | null): Promise<SellerProfileOutput> {
  return toSnake(await api.put<unknown>('/cabinet/profile', { ...current.profile, shop_languages: languages })) as SellerProfileOutput
}

/** The currencies payers may pay in besides the plans' own (docs/decisions/0097-payer-currencies.md). */
export async function savePayerCurrencies(current: SellerProfileOutput, currencies: string[]): Promise<SellerProfileOutput> {
  return toSnake(await api.put<unknown>('/cabinet/profile', { ...current.profile, payer_currencies: currencies })) as SellerProfileOutput
}

export async function saveSellerBio(current: SellerProfileOutput, bio: string): Promise<SellerProfileOutput> {
  return toSnake(await api.put<unknown>('/cabinet/profile', { ...current.profile, bio })) as SellerProfileOutput
}
