import {
  isSellerProfileComplete, profileImageOutputOf, sellerProfileMissingFields, type ProfileImageSlot, type SellerProfile, type SellerProfileOutput,
  type SellerProfilePut,
} from '../../../shared/schemas/seller-profile'
import { AppError } from '../../../shared/errors'
import { isLocaleCode, localeCodes } from '../../../shared/i18n/locales'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as repo from './accounts.repository'

// The seller profile of the cabinet (docs/reference/accounts-and-orders.md §2, §3 and §5): read it, save it, and keep
// `profile_finished` (docs/reference/readings.md 23) equal to whether every required field is there.

function output(ctx: Ctx, seller: repo.SellerRow): SellerProfileOutput {
  const home = ctx.deps.settings.homeCountry
  const profile = (seller.profile ?? {}) as SellerProfileOutput['profile']
  return {
    profile,
    profile_finished: seller.profileFinished,
    missing_fields: sellerProfileMissingFields(profile as Partial<SellerProfile>, home),
    home_country: home,
    bio: seller.bio ?? null,
    avatar: profileImageOutputOf('avatar', seller.avatar),
    banner: profileImageOutputOf('banner', seller.banner),
    shop_languages: seller.shopLanguages ?? null,
    payer_currencies: seller.payerCurrencies,
  }
}

export async function getSellerProfile(ctx: Ctx): Promise<SellerProfileOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  const seller = await repo.findSellerById(ctx.db, sellerId)
  if (!seller) throw new AppError('not_found', 'No such seller')
  return output(ctx, seller)
}

/**
 * Replaces the profile (PUT: the whole profile, as the web form sends it); the seller's business_type,
 * company, phone and country_code columns mirror it. A draft is saved as it is, step by step; once the
 * stored profile is complete its replacement must be complete too, or the request answers 400 INVALID_INPUT
 * naming each missing field 'required' and nothing changes: a finished profile is never unfinished silently
 * (an empty body used to unfinish it and stop the seller's products publishing).
 */
export async function saveSellerProfile(ctx: Ctx, input: SellerProfilePut): Promise<SellerProfileOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const home = ctx.deps.settings.homeCountry
  const { bio, shop_languages: shopLanguages, payer_currencies: payerCurrencies, ...fields } = input
  // Payer currencies are behind the multicurrency feature (docs/decisions/0077-feature-flags.md, 0097-payer-currencies.md).
  if (payerCurrencies !== undefined && payerCurrencies.length > 0) assertFeature(ctx, 'multicurrency')
  const profile: SellerProfile = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== ''),
  )
  // A reason only belongs to an exempt seller, a company only to an entity.
  if (profile.vat_payer !== 'exempt') delete profile.vat_exempt_reason
  if (profile.business_type !== 'entity') delete profile.company
  const complete = isSellerProfileComplete(profile, home)
  const current = await repo.findSellerById(ctx.db, sellerId)
  if (!current) throw new AppError('not_found', 'No such seller')
  if (!complete && isSellerProfileComplete(current.profile, home)) {
    const missing = sellerProfileMissingFields(profile, home)
    throw new AppError('INVALID_INPUT', `The profile is complete; send it whole (missing: ${missing.join(', ')})`, missing.map((path) => ({ path, message: 'required' })))
  }
  const seller = await repo.updateSeller(ctx.db, sellerId, {
    profile,
    businessType: profile.business_type ?? null,
    company: profile.company ?? null,
    phone: profile.phone ?? null,
    countryCode: profile.country_code ?? null,
    profileFinished: complete,
    // Absent keeps the bio (docs/decisions/0046-seller-presence.md), empty clears it.
    ...(bio === undefined ? {} : { bio: bio === '' ? null : bio }),
    // Absent keeps the shop's languages; each once, in the order given (the first is the default).
    ...(shopLanguages === undefined ? {} : { shopLanguages: shopLanguages === null ? null : [...new Set(shopLanguages)] }),
    ...(payerCurrencies === undefined ? {} : { payerCurrencies: [...new Set(payerCurrencies)] }),
  })
  return output(ctx, seller)
}

/** The acting seller of a profile image write (media receives the image, accounts owns the seller row). */
export function profileImageSeller(ctx: Ctx): number {
  return actingSellerId(ctx.actor, 'settings.write')
}

/**
 * Records the storage keys of a seller's avatar or banner (null removes it) inside the caller's transaction;
 * answers the keys it replaced, whose bytes the caller removes after the commit.
 */
export async function replaceProfileImage(db: Executor, sellerId: number, slot: ProfileImageSlot, keys: Record<string, string> | null): Promise<Record<string, string> | null> {
  const current = await repo.lockSellerById(db, sellerId)
  if (!current) throw new AppError('not_found', 'No such seller')
  await repo.updateSeller(db, sellerId, slot === 'avatar' ? { avatar: keys } : { banner: keys })
  return (slot === 'avatar' ? current.avatar : current.banner) ?? null
}

/** The profile as answered, after a profile image changed. */
export async function sellerProfileOf(ctx: Ctx, sellerId: number): Promise<SellerProfileOutput> {
  const seller = await repo.findSellerById(ctx.db, sellerId)
  if (!seller) throw new AppError('not_found', 'No such seller')
  return output(ctx, seller)
}

/**
 * The languages a shop offers, its default first (docs/decisions/0094-storefront-languages.md), by the shop path's
 * seller (username in any case, or id): the stored list, or every language with the seller's own first. Null for
 * no such seller.
 */
export async function shopLanguages(ctx: Ctx, sellerPath: string): Promise<LocaleCode[] | null> {
  const row = await repo.shopLanguageSource(ctx.db, sellerPath)
  if (!row) return null
  const stored = (row.shopLanguages ?? []).filter(isLocaleCode)
  if (stored.length > 0) return stored
  const own = isLocaleCode(row.locale) ? row.locale : 'en'
  return [own, ...localeCodes.filter((code) => code !== own)]
}
