import { z } from 'zod'
import { partyKinds } from '../ledger/accounts'
import { zCurrencyId } from '../money'
import { payoutAvailabilities } from '../payouts/availability'
import { businessTypes, kycDocumentKinds, kycLimits } from '../payouts/documents'
import { payoutSchedules, payoutStartDays } from '../payouts/schedule'
import { bankAccountLegitimationStates, bankAccountRejectionReasons, bankAccountStates } from '../states/bank-account'
import { kycDocumentStates, kycRefusalReasons } from '../states/kyc-document'
import { legitimationSteps } from '../states/legitimation'
import { payoutStates } from '../states/payout'
import { providerAccountStates } from '../states/provider-account'
import { int4Max, zId, zIdParam } from '../validation/storable'
import { zBic, zBirthday, zCountryCode, zIban, zPlainText } from '../validation/schemas'
import { listOutput, listQuery } from './lists'

// Money out (docs/decisions/0049-money-out.md): identity checks, bank accounts, balances, payout settings,
// payouts and the managers' reviews. The same routes exist per party area: /cabinet (seller), /publish
// (publisher), /team_member; amounts are integers of minor units.

export { partyKinds }
export const payoutCurrencies = ['eur', 'pln', 'chf', 'gbp'] as const
export const payoutRails = ['sepa', 'connect', 'emoney'] as const

// The document says what the trim does: two characters that are not spaces, at least (the API fuzz sends "  ").
const name = zPlainText(kycLimits.nameMax).min(kycLimits.nameMin, { error: 'too_short' }).regex(/\S[\s\S]*\S/, { error: 'too_short' })
const shortText = (max: number) => zPlainText(max)

// ------------------------------------------------------------------ identity (legitimation)

/** A person named in the check: the natural person themself, an entity's legal representative or an owner. */
export const zKycPerson = z.object({
  first_name: name,
  last_name: name,
  birthday: zBirthday.optional(),
  nationality: zCountryCode.optional(),
  street: shortText(100).optional(),
  zip: shortText(20).optional(),
  city: shortText(100).optional(),
  country_code: zCountryCode.optional(),
}).strict()

/**
 * An ultimate beneficial owner of an entity, with their share in basis points (25 % = 2500) and birthplace
 * (optional here; the e-money provider needs it, so submitting an entity's check asks for it while that
 * provider is on: docs/decisions/0052-emoney-pay-ins.md "Beneficial owners").
 */
export const zUbo = zKycPerson.extend({
  share_bps: z.number().int().min(kycLimits.uboThresholdBps, { error: 'out_of_range' }).max(10_000, { error: 'out_of_range' }).optional(),
  birthplace_city: shortText(100).optional(),
  birthplace_country: zCountryCode.optional(),
}).strict()

export const zHeadQuarter = z.object({
  company: shortText(100).min(kycLimits.nameMin, { error: 'too_short' }),
  registration_number: shortText(40).optional(),
  street: shortText(100).optional(),
  zip: shortText(20).optional(),
  city: shortText(100).optional(),
  country_code: zCountryCode.optional(),
}).strict()

/** PUT /cabinet/legitimation: the profile modal's identity pages, saved one at a time. */
export const updateLegitimationInput = z.object({
  business_type: z.enum(businessTypes).optional(),
  /** An entity's headquarters. */
  head_quarter: zHeadQuarter.optional(),
  /** An entity's legal representative, or the natural person. */
  legal_representative: zKycPerson.optional(),
  ubos: z.array(zUbo).max(kycLimits.maxUbos, { error: 'out_of_range' }).optional(),
  /** The page the party is on (one of the first four steps). */
  step: z.enum(['head_quarter', 'legal_representative', 'documents', 'ubo']).optional(),
}).strict()
export type UpdateLegitimationInput = z.input<typeof updateLegitimationInput>

export const kycDocumentOutput = z.object({
  id: z.number().int(),
  kind: z.enum(kycDocumentKinds),
  state: z.enum(kycDocumentStates),
  refused_reason: z.enum(kycRefusalReasons).nullable(),
  refused_comment: z.string().nullable(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  created_at: z.string(),
})
export type KycDocumentOutput = z.infer<typeof kycDocumentOutput>

export const missingItemOutput = z.object({
  /** document | submit | review | bank_account | bank_account_review | provider */
  kind: z.string(),
  document: z.enum(kycDocumentKinds).optional(),
  refused: z.boolean().optional(),
  state: z.enum(providerAccountStates).optional(),
})

export const availabilityOutput = z.object({
  value: z.enum(payoutAvailabilities),
  missing: z.array(missingItemOutput),
})

export const legitimationOutput = z.object({
  id: z.number().int().nullable(),
  party_kind: z.enum(partyKinds),
  business_type: z.enum(businessTypes),
  step: z.enum(legitimationSteps),
  head_quarter: zHeadQuarter.partial().nullable(),
  legal_representative: zKycPerson.partial().nullable(),
  ubos: z.array(zUbo.partial()),
  provider_account_state: z.enum(providerAccountStates).nullable(),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  documents: z.array(kycDocumentOutput),
  required_documents: z.array(z.enum(kycDocumentKinds)),
  allowed_documents: z.array(z.enum(kycDocumentKinds)),
  availability: availabilityOutput,
})
export type LegitimationOutput = z.infer<typeof legitimationOutput>

// ------------------------------------------------------------------ bank accounts

/** POST /cabinet/bank_accounts (and /publish, /team_member): the contract's body. */
export const createBankAccountInput = z.object({
  iban: zIban,
  bic: zBic.optional(),
  // Two visible characters at least, also after trimming (the pattern says so in the OpenAPI too).
  holder: zPlainText(70).min(kycLimits.nameMin, { error: 'too_short' }).regex(/\S[\s\S]*\S/, { error: 'too_short' }),
  country_code: zCountryCode,
  currency: z.enum(payoutCurrencies),
}).strict()
export type CreateBankAccountInput = z.input<typeof createBankAccountInput>

export const bankAccountOutput = z.object({
  id: z.number().int(),
  state: z.enum(bankAccountStates),
  legitimation_state: z.enum(bankAccountLegitimationStates),
  iban: z.string(),
  bic: z.string().nullable(),
  holder: z.string(),
  country_code: z.string(),
  currency: z.string(),
  rejection_reason: z.string().nullable(),
  /** The manager's words beside the reason. */
  rejection_comment: z.string().nullable().optional(),
  activated_at: z.string().nullable(),
  created_at: z.string(),
  /** A connected account at the connect provider (`acct_…`; its iban is empty), or null for an IBAN account. */
  connect_account: z.string().nullable().optional(),
  /** The connected account's standing there (onboarding unfinished: kyc_incomplete; payouts possible: kyc_2). */
  provider_account_state: z.enum(providerAccountStates).nullable().optional(),
})
export type BankAccountOutput = z.infer<typeof bankAccountOutput>

/** POST /{area}/connect_onboarding: the payout country of the connected account (a configured one; default the home country). */
export const startConnectOnboardingInput = z.strictObject({
  country_code: zCountryCode.optional(),
})
export type StartConnectOnboardingInput = z.infer<typeof startConnectOnboardingInput>

/** Where the party goes to onboard (the connect provider's hosted page), and its connected account's row. */
export const connectOnboardingOutput = z.object({ url: z.string(), bank_account: bankAccountOutput })
export type ConnectOnboardingOutput = z.infer<typeof connectOnboardingOutput>
/** POST /{area}/connect_onboarding/refresh: the connected account as the provider reports it now. */
export const connectOnboardingStatusOutput = z.object({ bank_account: bankAccountOutput.nullable() })

export const bankAccountCreated = z.object({ bank_account: bankAccountOutput })

export const bankAccountIdParams = z.strictObject({ id: zIdParam() })

/** GET /cabinet/bank_accounts: deactivated accounts only when asked (then after the others). */
export const bankAccountListQuery = z.object({
  with_deactivated: z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1').optional(),
}).strict()

/** A country payouts may go to, with the currency they are made in. */
export const payoutCountryOutput = z.object({ country_code: z.string(), currency: z.enum(payoutCurrencies) })

export const bankAccountList = z.object({
  list: z.array(bankAccountOutput),
  /** The configured payout countries, for the form's country select. */
  payout_countries: z.array(payoutCountryOutput),
  /** Whether the party can onboard at the connect provider (the platform configured it). */
  connect_onboarding: z.boolean().optional(),
})
export type BankAccountList = z.infer<typeof bankAccountList>
export const bankAccountAnswer = z.object({ bank_account: bankAccountOutput })

// ------------------------------------------------------------------ balances and payouts

export const balanceOutput = z.object({
  currency: z.string(),
  pending: z.number().int(),
  available: z.number().int(),
  paid_out: z.number().int(),
  /** Payouts asked for and not yet confirmed by the bank (already out of `available`). */
  in_payout: z.number().int().optional(),
})

/** GET /cabinet/payouts_balance (and /publish, /team_member). */
export const payoutsBalanceOutput = z.object({
  balances: z.array(balanceOutput),
  availability: availabilityOutput.optional(),
  /** Money the seller owes publishers, team members and its reseller for sales its own provider collected (or is owed). */
  owed: z.array(z.object({ currency: z.string(), amount: z.number().int() })).optional(),
})
export type PayoutsBalanceOutput = z.infer<typeof payoutsBalanceOutput>

/** POST /cabinet/payouts: the contract's body. */
export const createPayoutInput = z.object({
  amount: z.number().int().min(1, { error: 'out_of_range' }).max(Number.MAX_SAFE_INTEGER, { error: 'out_of_range' }),
  currency: zCurrencyId,
}).strict()
export type CreatePayoutInput = z.input<typeof createPayoutInput>

export const payoutOutput = z.object({
  id: z.number().int(),
  state: z.enum(payoutStates),
  amount: z.number().int(),
  currency: z.string(),
  rail: z.enum(payoutRails),
  origin: z.enum(['manual', 'schedule']),
  transfer_country_code: z.string(),
  iban_last4: z.string(),
  batch_id: z.number().int().nullable(),
  canceled_reason: z.string().nullable(),
  issued_at: z.string().nullable(),
  succeeded_at: z.string().nullable(),
  canceled_at: z.string().nullable(),
  created_at: z.string(),
})
export type PayoutOutput = z.infer<typeof payoutOutput>
export const payoutCreated = z.object({ payout: payoutOutput })

export const payoutListQuery = listQuery.extend({
  state: z.enum(payoutStates).optional(),
  payout_id: z.coerce.number().int().min(1).max(int4Max).optional(),
  currency: zCurrencyId.optional(),
}).strict()

export const payoutSettingsOutput = z.object({
  schedule: z.enum(payoutSchedules),
  start_day: z.number().int(),
  minimum_amount: z.number().int(),
  currency: z.string(),
  next_payout_on: z.string().nullable(),
})

/** PUT /cabinet/payouts_settings. */
export const updatePayoutSettingsInput = z.object({
  schedule: z.enum(payoutSchedules),
  /** Monthly: 1, 7, 14, 21 or 28; weekly: 1 (Monday) to 7. */
  start_day: z.number().int().min(1, { error: 'out_of_range' }).max(28, { error: 'out_of_range' }).default(1),
  minimum_amount: z.number().int().min(0, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }).default(0),
  currency: z.enum(payoutCurrencies).default('eur'),
}).strict().superRefine((value, ctx) => {
  if (value.schedule === 'monthly' && !(payoutStartDays as readonly number[]).includes(value.start_day)) ctx.addIssue({ code: 'custom', path: ['start_day'], message: 'invalid_value' })
  if (value.schedule === 'weekly' && value.start_day > 7) ctx.addIssue({ code: 'custom', path: ['start_day'], message: 'out_of_range' })
}).meta({
  description: 'Monthly payouts start on day 1, 7, 14, 21 or 28; weekly ones on an ISO weekday 1 (Monday) to 7',
  anyOf: [
    { properties: { schedule: { enum: ['monthly'] }, start_day: { enum: [...payoutStartDays] } } },
    { properties: { schedule: { enum: ['weekly'] }, start_day: { type: 'integer', minimum: 1, maximum: 7 } } },
    { properties: { schedule: { enum: ['manual'] } } },
  ],
})
export type UpdatePayoutSettingsInput = z.input<typeof updatePayoutSettingsInput>

/** POST /cabinet/owed_settlements: the seller marks money it owes a publisher, team member or its reseller as paid. */
export const createOwedSettlementInput = z.object({
  party_kind: z.enum(['publisher', 'team_member', 'reseller']),
  party_id: zId(),
  amount: z.number().int().min(1).max(int4Max),
  currency: zCurrencyId,
  reference: zPlainText(140).min(1, { error: 'required' }),
}).strict()

export const owedSettlementOutput = z.object({
  id: z.number().int(), party_kind: z.string(), party_id: z.number().int(), amount: z.number().int(), currency: z.string(), reference: z.string(), created_at: z.string(),
})

/** GET /cabinet/owed: what the seller owes each publisher and reseller for sales its own provider collected, and what it settled. */
export const sellerOwedOutput = z.object({
  owed: z.array(z.object({ party_kind: z.string(), party_id: z.number().int(), currency: z.string(), amount: z.number().int() })),
  settlements: z.array(owedSettlementOutput),
})

// ------------------------------------------------------------------ managers

const reviewReason = zPlainText(500)

export const adminLegitimationListQuery = listQuery.extend({
  step: z.enum(legitimationSteps).optional(),
  party_kind: z.enum(partyKinds).optional(),
}).strict()

export const adminLegitimationOutput = legitimationOutput.extend({
  party_id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  created_at: z.string(),
})

export const rejectLegitimationInput = z.object({ reason: reviewReason.min(1, { error: 'required' }) }).strict()

export const refuseKycDocumentInput = z.object({
  reason: z.enum(kycRefusalReasons),
  comment: reviewReason.optional(),
}).strict()

export const adminBankAccountListQuery = listQuery.extend({
  state: z.enum([...bankAccountStates, 'activated_by_lw', 'deactivated_by_lw']).optional(),
  legitimation_state: z.enum(bankAccountLegitimationStates).optional(),
  party_kind: z.enum(partyKinds).optional(),
  country_code: zCountryCode.optional(),
  currency: zCurrencyId.optional(),
}).strict()

export const adminBankAccountOutput = bankAccountOutput.extend({
  party_kind: z.enum(partyKinds),
  party_id: z.number().int(),
  user: z.object({ id: z.number().int(), email: z.string(), first_name: z.string(), last_name: z.string() }),
  legitimation: z.object({ id: z.number().int().nullable(), step: z.enum(legitimationSteps), business_type: z.enum(businessTypes), documents: z.array(kycDocumentOutput) }),
})

export const rejectBankAccountInput = z.object({
  reason: z.enum(bankAccountRejectionReasons),
  comment: reviewReason.optional(),
}).strict()
export type RejectBankAccountInput = z.input<typeof rejectBankAccountInput>
export type AdminBankAccountOutput = z.infer<typeof adminBankAccountOutput>
export type AdminBankAccountListQuery = z.input<typeof adminBankAccountListQuery>
export const adminBankAccountList = listOutput(adminBankAccountOutput)
export const adminBankAccountAnswer = z.object({ bank_account: adminBankAccountOutput })

export const adminPayoutListQuery = listQuery.extend({
  state: z.enum(payoutStates).optional(),
  payout_id: z.coerce.number().int().min(1).max(int4Max).optional(),
  transfer_country_code: zCountryCode.optional(),
  amount: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  party_kind: z.enum(partyKinds).optional(),
  currency: zCurrencyId.optional(),
  batch_id: z.coerce.number().int().min(1).max(int4Max).optional(),
  rail: z.enum(payoutRails).optional(),
}).strict()

export const adminPayoutOutput = payoutOutput.extend({
  party_kind: z.enum(partyKinds),
  party_id: z.number().int(),
  holder: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  user: z.object({ id: z.number().int(), email: z.string() }),
})

/** POST /admin/payout_batches: every pending SEPA payout in the currency (or the named ones). */
export const createPayoutBatchInput = z.object({
  currency: z.enum(payoutCurrencies).default('eur'),
  payout_ids: z.array(zId()).max(1000).optional(),
}).strict()

export const payoutBatchOutput = z.object({
  id: z.number().int(),
  message_id: z.string(),
  currency: z.string(),
  total_amount: z.number().int(),
  payouts_count: z.number().int(),
  created_at: z.string(),
  /** issued when every payout in it was issued, successful when every one succeeded. */
  state: z.enum(['pending', 'issued', 'successful', 'mixed']),
})

export const cancelPayoutInput = z.object({ reason: reviewReason.min(1, { error: 'required' }) }).strict()

export const idParam = z.object({ id: zIdParam() }).strict()

export const listOfLegitimations = listOutput(adminLegitimationOutput)
export const listOfPayouts = listOutput(payoutOutput)
export const listOfAdminPayouts = listOutput(adminPayoutOutput)
export const listOfPayoutBatches = listOutput(payoutBatchOutput)


// ------------------------------------------------------------------ payouts part: answers of the actions

export const payoutAnswer = z.object({ payout: payoutOutput })
export const payoutBatchAnswer = z.object({ batch: payoutBatchOutput })
export const payoutBatchListQuery = listQuery.strict()

/** GET /cabinet/payouts/export.csv (docs/decisions/0057-orders-area-remains.md): the filtered payouts, amounts in major units. */
export const payoutCsvColumns = [
  'id', 'state', 'amount', 'currency_key', 'rail', 'origin', 'transfer_country_code', 'iban_last4', 'batch_id', 'canceled_reason', 'issued_at',
  'succeeded_at', 'canceled_at', 'created_at',
] as const
