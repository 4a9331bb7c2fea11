import { z } from 'zod'
import { zCurrencyId } from '../money/currencies'
import { mediaPath } from './media'
import { localeCode } from './accounts'
import { requiresState, zBirthday, zCountryCode, zPersonName, zPhone, zPlainText, zVatId } from '../validation'

// The seller profile (docs/reference/accounts-and-orders.md §3 "Profile", section 2 "Profile modal steps", section 5 "Required
// profile fields"). A seller saves it step by step, so the request accepts a partial profile whose present
// fields are valid; `profile_finished` is whether every required field is there (isSellerProfileComplete).

export const businessTypes = ['natural', 'entity'] as const
export const vatPayerStates = ['liable', 'exempt'] as const
export const vatExemptReasons = ['small_business', 'educational', 'regulated_profession', 'other'] as const
export const salutations = ['mr', 'mrs', 'non_binary', 'dr', 'none'] as const
export const taxNumberTypes = ['number', 'identification_number'] as const
/** docs/reference/readings.md 22: the platform's home country unless configured otherwise (HOME_COUNTRY). */
export const defaultHomeCountry = 'DE'

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') })
/** A short free text (street, city...): trimmed, no script tags; an empty one counts as missing. */
const text = (max: number) => zPlainText(max).optional()

/** PUT /cabinet/profile: any subset of the profile, each present field valid. */
export const sellerProfileDraft = z.object({
  business_type: choice(businessTypes).optional(),
  vat_payer: choice(vatPayerStates).optional(),
  vat_exempt_reason: choice(vatExemptReasons).optional(),
  salutation: choice(salutations).optional(),
  first_name: zPersonName.optional(),
  last_name: zPersonName.optional(),
  phone: zPhone.optional(),
  street: text(100),
  street_number: text(20),
  zip: text(20),
  city: text(100),
  country_code: zCountryCode.optional(),
  region: text(100),
  company: text(100),
  birthday: zBirthday.optional(),
  tax_number_type: choice(taxNumberTypes).optional(),
  tax_number: text(40),
  tax_number_country: zCountryCode.optional(),
  vat_id: zVatId.optional(),
}).strict()
export type SellerProfile = z.output<typeof sellerProfileDraft>

/** The shop page's short introduction (docs/decisions/0046-seller-presence.md). */
export const sellerBioMaxLength = 500
/**
 * The PUT body: the profile plus the optional bio. The bio is no profile field (never required, not in
 * `missing_fields`): absent leaves it as it is, so a client that does not know it never erases it; empty clears it.
 */
export const sellerProfilePut = sellerProfileDraft.extend({
  bio: zPlainText(sellerBioMaxLength).optional(),
  /**
   * The languages the shop offers, its default first (docs/decisions/0094-storefront-languages.md); null offers
   * every language; absent keeps what is stored.
   */
  shop_languages: z.array(localeCode).min(1).max(localeCode.options.length).nullable().optional(),
  /**
   * The currencies payers may pay in besides the plans' own, each converted at the rate of the day and fixed on
   * the order (docs/decisions/0097-payer-currencies.md; needs the multicurrency feature); absent keeps what is stored.
   */
  payer_currencies: z.array(zCurrencyId).max(40).optional(),
}).strict()
export type SellerProfilePut = z.output<typeof sellerProfilePut>

/** The shop header's images and the webp variants each is written as, by width (never upscaled; the original is not kept). */
export const profileImageSlots = ['avatar', 'banner'] as const
export type ProfileImageSlot = (typeof profileImageSlots)[number]
/** The avatar is cropped square at the centre; the banner keeps its ratio. */
export const profileImageWidths = {
  avatar: { s100: 100, s300: 300 },
  banner: { s640: 640, s1200: 1200, s1920: 1920 },
} as const satisfies Record<ProfileImageSlot, Record<string, number>>
export const avatarOutput = z.object({ url: z.string(), variants: z.object({ s100: z.string(), s300: z.string() }) })
export const bannerOutput = z.object({ url: z.string(), variants: z.object({ s640: z.string(), s1200: z.string(), s1920: z.string() }) })
export type AvatarOutput = z.infer<typeof avatarOutput>
export type BannerOutput = z.infer<typeof bannerOutput>

/** The public paths of a stored image's variants (`url` a middle size), or null when there is none. */
export function profileImageOutputOf(slot: 'avatar', keys: Readonly<Record<string, string>> | null | undefined): AvatarOutput | null
export function profileImageOutputOf(slot: 'banner', keys: Readonly<Record<string, string>> | null | undefined): BannerOutput | null
export function profileImageOutputOf(slot: ProfileImageSlot, keys: Readonly<Record<string, string>> | null | undefined): AvatarOutput | BannerOutput | null {
  if (!keys) return null
  const names = Object.keys(profileImageWidths[slot])
  if (names.some((name) => typeof keys[name] !== 'string')) return null
  const variants = Object.fromEntries(names.map((name) => [name, mediaPath(keys[name]!)]))
  return { url: variants[slot === 'avatar' ? 's300' : 's1200']!, variants } as AvatarOutput | BannerOutput
}
export type SellerProfileField = keyof SellerProfile

/** Spec section 5 and docs/reference/readings.md 22: entities outside the home country, and addresses in US, CA, MX, IN. */
export function regionRequired(profile: Partial<SellerProfile>, homeCountry: string = defaultHomeCountry): boolean {
  const country = profile.country_code
  if (!country) return false
  return (profile.business_type === 'entity' && country !== homeCountry) || requiresState(country)
}

const filled = (value: unknown) => (typeof value === 'string' ? value.trim() !== '' : value != null)

/** The required fields (spec section 5) a profile still lacks, in the form's order. */
export function sellerProfileMissingFields(profile: Partial<SellerProfile> | null | undefined, homeCountry: string = defaultHomeCountry): SellerProfileField[] {
  const p = profile ?? {}
  const rules: [SellerProfileField, boolean][] = [
    ['business_type', true],
    ['company', p.business_type === 'entity'],
    ['first_name', true],
    ['last_name', true],
    ['phone', true],
    ['birthday', true],
    ['street', true], // street_number is not required
    ['zip', true],
    ['city', true],
    ['country_code', true],
    ['region', regionRequired(p, homeCountry)],
    ['vat_payer', true],
    ['vat_exempt_reason', p.vat_payer === 'exempt'],
    ['tax_number_type', true],
    ['tax_number', true],
    ['tax_number_country', true],
  ]
  return rules.filter(([field, needed]) => needed && !filled(p[field])).map(([field]) => field)
}

/** Whether the profile is finished: every present field valid and no required field missing. */
export function isSellerProfileComplete(profile: unknown, homeCountry: string = defaultHomeCountry): boolean {
  const parsed = sellerProfileDraft.safeParse(profile ?? {})
  return parsed.success && sellerProfileMissingFields(parsed.data, homeCountry).length === 0
}

/** The complete profile, as the web form submits it: a missing required field reads 'required'. */
export function sellerProfileInputFor(homeCountry: string = defaultHomeCountry) {
  return sellerProfileDraft.superRefine((profile, ctx) => {
    for (const field of sellerProfileMissingFields(profile, homeCountry)) ctx.addIssue({ code: 'custom', path: [field], message: 'required' })
  })
}
export const sellerProfileInput = sellerProfileInputFor()

const stored = z.object({
  business_type: z.enum(businessTypes).optional(),
  vat_payer: z.enum(vatPayerStates).optional(),
  vat_exempt_reason: z.enum(vatExemptReasons).optional(),
  salutation: z.enum(salutations).optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  street: z.string().optional(),
  street_number: z.string().optional(),
  zip: z.string().optional(),
  city: z.string().optional(),
  country_code: z.string().optional(),
  region: z.string().optional(),
  company: z.string().optional(),
  birthday: z.string().optional(),
  tax_number_type: z.enum(taxNumberTypes).optional(),
  tax_number: z.string().optional(),
  tax_number_country: z.string().optional(),
  vat_id: z.string().optional(),
})

export const sellerProfileOutput = z.object({
  profile: stored,
  profile_finished: z.boolean(),
  missing_fields: z.array(z.string()),
  home_country: z.string(),
  bio: z.string().nullable().optional(),
  avatar: avatarOutput.nullable().optional(),
  banner: bannerOutput.nullable().optional(),
  /** The languages the shop offers, its default first; null: every language, the seller's own first. */
  shop_languages: z.array(z.string()).nullable().optional(),
  /** The currencies payers may pay in besides the plans' own (docs/decisions/0097-payer-currencies.md). */
  payer_currencies: z.array(z.string()).optional(),
})
export type SellerProfileOutput = z.infer<typeof sellerProfileOutput>
