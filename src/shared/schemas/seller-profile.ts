import { z } from 'zod'
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
})
export type SellerProfileOutput = z.infer<typeof sellerProfileOutput>
