import { z } from 'zod'
import { zId, zText } from '../validation/storable'
import { zEmail, zPassword, zUsername, zPersonName, zPhone, zCountryCode } from '../validation'
import { profileTypes } from '../accounts'
import { shopSignInReturnPath } from './course-player'
import { fingerprint } from './sign-in'

// Request and response schemas of /api/v1/app (users and sessions). Routes validate with these, the web
// forms validate with these, the OpenAPI document is generated from these. Bodies refuse unknown keys.

// The locales and the reading of a language tag live with the rest of the locale facts (src/shared/i18n/locales.ts).
import { localeCodes } from '../i18n/locales'
export { localeOfTag, type LocaleCode } from '../i18n/locales'

export const localeCode = z.enum(localeCodes)

export const profileType = z.enum(profileTypes)
export { fingerprint, signInInput, emailOnlyInput, type SignInInput } from './sign-in'

export const signUpInput = z.object({
  email: zEmail,
  password: zPassword,
  first_name: zPersonName,
  last_name: zPersonName,
  username: zUsername.optional(),
  profile_type: z.enum(['seller', 'payer', 'publisher', 'platform_affiliate']).default('seller'),
  locale: localeCode.optional(),
  fingerprint,
  terms_accepted: z.boolean().optional(),
}).strict()
export type SignUpInput = z.input<typeof signUpInput>


export const renewTokenInput = z.object({
  refresh_token: zText().max(500).optional(),
  fingerprint: fingerprint.optional(),
}).strict()

export const magicLinkRequestInput = z.object({
  email: zEmail,
  profile_type: profileType.optional(),
  seller: zText().max(100).optional(),
  /**
   * The course player to open after signing in (the seller's course sign-in, docs/reference/readings.md 14), or the
   * seller's page of the payer area (a sign-in through the shop, docs/decisions/0069-member-pages.md).
   */
  return_to: zText().max(320).regex(shopSignInReturnPath).optional(),
}).strict()

export const magicLinkSignInInput = z.object({ token: zText().min(10).max(200), fingerprint }).strict()

export const checkEmailInput = z.object({ email: zText().trim().max(254) }).strict()
export const checkUsernameInput = z.object({ username: zText().trim().max(100) }).strict()
export const availabilityOutput = z.object({ available: z.boolean(), message: z.string().optional() })

export const tokenInput = z.object({ token: zText().min(10).max(200) }).strict()
export const resetPasswordInput = z.object({ token: zText().min(10).max(200), password: zPassword }).strict()
export const changePasswordInput = z.object({ current_password: zText().min(1).max(200), password: zPassword }).strict()
export const changeEmailInput = z.object({ email: zEmail, password: zText().min(1).max(200) }).strict()

export const updateMeInput = z.object({
  first_name: zPersonName.optional(),
  last_name: zPersonName.optional(),
  username: zUsername.optional(),
  locale: localeCode.optional(),
}).strict()

/** /users/sign_up/about_you: what the new seller tells about themself and their business. */
export const aboutYouInput = z.object({
  business_type: z.enum(['natural', 'entity']),
  company: zText().trim().max(100).optional(),
  phone: zPhone.optional(),
  country_code: zCountryCode,
  employees: z.enum(['1-5', '6-20', '21-99', '100-500', '500+']).optional(),
  selling_experience: z.enum(['none', 'some', 'experienced']).optional(),
  product_interest: z.array(z.enum(['course', 'digital', 'download', 'membership', 'eventTickets', 'licenseKey', 'certificate', 'bundle'])).max(8).optional(),
}).strict()

export const createProfileInput = z.object({ type: z.enum(['seller', 'payer', 'publisher', 'platform_affiliate']) }).strict()
export const switchProfileInput = z.object({ profile_id: zId() }).strict()

export const deletionReason = z.enum(['not_using', 'too_expensive', 'missing_features', 'switching_platform', 'privacy', 'other'])
export const deactivateInput = z.object({ password: zText().min(1).max(200), reason: deletionReason, comment: zText().trim().max(500).optional() }).strict()
export const deleteAccountInput = deactivateInput

// Answers

export const profileOutput = z.object({
  id: z.number(),
  type: profileType,
  seller_id: z.number().nullable(),
  seller_username: z.string().nullable(),
  name: z.string().nullable(),
  /** A team member's actions for the seller (the web hides what they may not open); empty for the rest. */
  permissions: z.array(z.string()),
  created_at: z.string(),
})
export type ProfileOutput = z.infer<typeof profileOutput>

export const userOutput = z.object({
  id: z.number(),
  email: z.string(),
  unconfirmed_email: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  locale: z.string(),
  confirmed: z.boolean(),
  account_state: z.enum(['active', 'deactivated', 'deleted']),
  created_at: z.string(),
  profiles: z.array(profileOutput),
  current_profile_id: z.number().nullable(),
  seller: z.object({
    id: z.number(),
    username: z.string(),
    can_sell: z.boolean(),
    payment_account_done: z.boolean(),
    power_seller: z.boolean(),
    profile_finished: z.boolean(),
    /** When the seller confirmed having reviewed the legal texts; null: not yet (the dashboard warns). */
    legal_texts_reviewed_at: z.string().nullable().optional(),
    features: z.record(z.string(), z.boolean()),
  }).nullable(),
  /** Set while a manager acts as this user (docs/decisions/0056-managers-admin-mode.md): every page shows it. */
  admin_mode: z.object({ manager_name: z.string(), manager_email: z.string(), expires_at: z.string() }).nullable().optional(),
})
export type UserOutput = z.infer<typeof userOutput>

export const tokensOutput = z.object({
  access_token: z.string(),
  expires_at: z.string(),
  refresh_token: z.string(),
  refresh_expires_at: z.string(),
})
export type TokensOutput = z.infer<typeof tokensOutput>

export const sessionOutput = tokensOutput.extend({ user: userOutput })
export type SessionOutput = z.infer<typeof sessionOutput>

/** The stored mail's page, named only in mail preview mode (development without a mail server, docs/decisions/0041-first-ten-minutes.md). */
const previewUrl = z.string().describe('Only in mail preview mode: the page of the mail just stored')
export const signUpOutput = sessionOutput.extend({ preview_url: previewUrl.optional() })
export type SignUpOutput = z.infer<typeof signUpOutput>
/** What a request that sends a mail answers in mail preview mode (otherwise 204). */
export const mailSentOutput = z.object({ preview_url: previewUrl })

export const deletionStatusOutput = z.object({
  /** questionnaire step to start at: -1 when deletion is not possible */
  start_step: z.number().int().min(-1).max(5),
  can_delete: z.boolean(),
  blockers: z.array(z.string()),
  account_state: z.enum(['active', 'deactivated', 'deleted']),
})
