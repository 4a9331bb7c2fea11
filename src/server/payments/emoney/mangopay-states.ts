import { isCurrencyId, type Money } from '../../../shared/money'
import type { KycDocumentKind } from '../../../shared/payouts/documents'
import type { KycDocumentState, KycRefusalReason } from '../../../shared/states/kyc-document'
import type { ProviderAccountState } from '../../../shared/states/provider-account'
import type { PaymentOutcome } from '../providers/types'

// The e-money provider's words in ours (docs/decisions/0049-money-out.md "Rails", "Availability"): the one
// place its document statuses, refusal reasons, user levels and payout statuses become our states. Pure,
// so the service and the rail adapter never interpret a provider string themselves.

export type ProviderDocumentType = 'IDENTITY_PROOF' | 'ADDRESS_PROOF' | 'REGISTRATION_PROOF' | 'ARTICLES_OF_ASSOCIATION' | 'SHAREHOLDER_DECLARATION'

/**
 * The provider's document type of each kind a party uploads; the optional extras (other_doc_1/2) are for the
 * managers only and are not sent. Both sides of an identity card are pages of one IDENTITY_PROOF.
 */
export const providerDocumentTypes: Record<KycDocumentKind, ProviderDocumentType | null> = {
  id_from_front: 'IDENTITY_PROOF',
  id_from_back: 'IDENTITY_PROOF',
  id_verification: 'IDENTITY_PROOF',
  proof_doc: 'ADDRESS_PROOF',
  company_lr: 'REGISTRATION_PROOF',
  article_doc: 'ARTICLES_OF_ASSOCIATION',
  shareholder_declaration: 'SHAREHOLDER_DECLARATION',
  other_doc_1: null,
  other_doc_2: null,
}

export function providerDocumentType(kind: string): ProviderDocumentType | null {
  return Object.hasOwn(providerDocumentTypes, kind) ? providerDocumentTypes[kind as KycDocumentKind] : null
}

/** A KYC document as the provider answers it (the fields we read). */
export type ProviderKycDocument = { Id: string; UserId?: string; Type?: string; Status?: string; RefusedReasonType?: string | null; RefusedReasonMessage?: string | null }

/** What a provider document says of ours: a state to move to (or none while it is still being looked at). */
export type DocumentVerdict =
  | { state: Extract<KycDocumentState, 'validation_asked'> }
  | { state: Extract<KycDocumentState, 'validated'> }
  | { state: Extract<KycDocumentState, 'refused'>; reason: KycRefusalReason; comment: string | null }

const refusalReasons: Record<string, KycRefusalReason> = {
  DOCUMENT_UNREADABLE: 'unreadable',
  DOCUMENT_NOT_ACCEPTED: 'not_accepted',
  DOCUMENT_HAS_EXPIRED: 'expired',
  DOCUMENT_INCOMPLETE: 'incomplete',
  DOCUMENT_MISSING: 'incomplete',
  DOCUMENT_DO_NOT_MATCH_USER_DATA: 'wrong_name',
  DOCUMENT_DO_NOT_MATCH_ACCOUNT_DATA: 'wrong_name',
}

/** The provider's refusal reason in ours; DOCUMENT_FALSIFIED and anything unknown is `other`. */
export function refusalReasonOf(providerReason: string | null | undefined): KycRefusalReason {
  return (providerReason && Object.hasOwn(refusalReasons, providerReason) ? refusalReasons[providerReason] : undefined) ?? 'other'
}

/**
 * The verdict of a provider document on our document of `kind`. A document of another type than the one
 * we sent for the kind is refused as `wrong_type` whatever its status (it is not the document we asked about);
 * CREATED and VALIDATION_ASKED mean still under review; OUT_OF_DATE is a validated document that expired.
 */
export function documentVerdict(kind: string, document: ProviderKycDocument): DocumentVerdict {
  const expected = providerDocumentType(kind)
  if (!expected || (document.Type && document.Type !== expected)) return { state: 'refused', reason: 'wrong_type', comment: null }
  switch (document.Status) {
    case 'VALIDATED': return { state: 'validated' }
    case 'REFUSED': return { state: 'refused', reason: refusalReasonOf(document.RefusedReasonType), comment: document.RefusedReasonMessage?.slice(0, 500) || null }
    case 'OUT_OF_DATE': return { state: 'refused', reason: 'expired', comment: document.RefusedReasonMessage?.slice(0, 500) || null }
    default: return { state: 'validation_asked' }
  }
}

/** A user as the provider answers it, with its block status when asked. */
export type ProviderUser = { Id: string; KYCLevel?: string; UserStatus?: string | null; blocked?: { inflows: boolean; outflows: boolean } }

/**
 * The provider account state of a user: closed and blocked first (they stop money whatever the level), then
 * the KYC level: LIGHT may receive payments (kyc_1), REGULAR may also pay out (kyc_2).
 */
export function providerAccountStateOf(user: ProviderUser): ProviderAccountState {
  if (user.UserStatus === 'CLOSED') return 'closed'
  if (user.blocked?.inflows || user.blocked?.outflows) return 'blocked'
  if (user.KYCLevel === 'REGULAR') return 'kyc_2'
  if (user.KYCLevel === 'LIGHT') return 'kyc_1'
  return 'kyc_incomplete'
}

/** A payout as the provider answers it. */
export type ProviderPayout = { Id: string; Status?: string; ResultCode?: string | null; ResultMessage?: string | null; Tag?: string | null }

/** The provider's payout status as a rail answer: CREATED issued, SUCCEEDED successful, FAILED canceled with the reason. */
export function payoutAnswerOf(payout: ProviderPayout):
  | { state: 'issued' | 'successful'; providerRef: string }
  | { state: 'canceled'; reason: string } {
  if (payout.Status === 'SUCCEEDED') return { state: 'successful', providerRef: payout.Id }
  if (payout.Status === 'FAILED') {
    const reason = [payout.ResultCode, payout.ResultMessage].filter(Boolean).join(' ').slice(0, 200)
    return { state: 'canceled', reason: reason || 'provider_failed' }
  }
  return { state: 'issued', providerRef: payout.Id }
}

/** A pay-in as the provider answers it (the fields we read). */
export type ProviderPayIn = {
  Id: string
  Status?: string
  ResultCode?: string | null
  ResultMessage?: string | null
  Tag?: string | null
  CreditedWalletId?: string
  DebitedFunds?: { Currency: string; Amount: number }
  Fees?: { Currency: string; Amount: number }
  /** The provider's hosted card page (card web pay-ins). */
  RedirectURL?: string | null
}

/** A refund as the provider answers it. */
export type ProviderRefund = {
  Id: string
  Status?: string
  ResultCode?: string | null
  ResultMessage?: string | null
  /** The pay-in it refunds (with InitialTransactionType PAYIN). */
  InitialTransactionId?: string
  InitialTransactionType?: string
  DebitedFunds?: { Currency: string; Amount: number }
}

/**
 * What a successful refund of a pay-in gives back, in our money; null for a failed or pending refund (it
 * moved nothing), one of another kind of transaction, or one in a currency we do not know.
 */
export function refundedOf(refund: ProviderRefund): { payInId: string; amount: Money } | null {
  if (refundStateOf(refund) !== 'successful' || refund.InitialTransactionType !== 'PAYIN' || !refund.InitialTransactionId || !refund.DebitedFunds) return null
  const currency = refund.DebitedFunds.Currency.toLowerCase()
  if (!isCurrencyId(currency) || !Number.isInteger(refund.DebitedFunds.Amount) || refund.DebitedFunds.Amount <= 0) return null
  return { payInId: String(refund.InitialTransactionId), amount: { amount: refund.DebitedFunds.Amount, currency } }
}

/** The Tag our pay-ins carry: our payment's token (docs/decisions/0052-emoney-pay-ins.md). */
export function payInTag(paymentToken: string): string {
  return `payment-${paymentToken}`
}

/** Our payment token named by a pay-in's Tag, or null for a pay-in Sellfront did not start. */
export function paymentTokenOfPayIn(payIn: Pick<ProviderPayIn, 'Tag'>): string | null {
  return /^payment-([A-Za-z0-9_-]{1,100})$/.exec(payIn.Tag ?? '')?.[1] ?? null
}

/**
 * A pay-in's status as a payment's standing: CREATED waits for the payer on the hosted page, SUCCEEDED is
 * paid, FAILED is denied with the provider's result code (the payer left the page, the card was declined).
 */
export function payInStateOf(payIn: Pick<ProviderPayIn, 'Status'>): 'waiting' | 'successful' | 'denied' {
  if (payIn.Status === 'SUCCEEDED') return 'successful'
  if (payIn.Status === 'FAILED') return 'denied'
  return 'waiting'
}

/** A pay-in as a payment's standing, with what the provider debited and why it failed. */
export function payInOutcomeOf(payIn: ProviderPayIn): PaymentOutcome {
  const state = payInStateOf(payIn)
  const outcome: PaymentOutcome = { providerRef: String(payIn.Id), state }
  const currency = payIn.DebitedFunds?.Currency.toLowerCase()
  if (payIn.DebitedFunds && currency && isCurrencyId(currency)) outcome.amount = { amount: payIn.DebitedFunds.Amount, currency }
  if (state === 'denied') outcome.failureReason = [payIn.ResultCode, payIn.ResultMessage].filter(Boolean).join(' ').slice(0, 200) || 'declined'
  return outcome
}

/** The provider's refund status as ours: SUCCEEDED successful, FAILED denied, CREATED still pending. */
export function refundStateOf(refund: Pick<ProviderRefund, 'Status'>): 'successful' | 'pending' | 'denied' {
  if (refund.Status === 'SUCCEEDED') return 'successful'
  if (refund.Status === 'FAILED') return 'denied'
  return 'pending'
}

/** A UBO declaration as the provider answers it. */
export type ProviderUboDeclaration = {
  Id: string
  UserId?: string
  Status?: string
  Reason?: string | null
  Message?: string | null
  Ubos?: { Id: string; FirstName: string; LastName: string }[]
}

export const uboDeclarationStates = ['created', 'validation_asked', 'validated', 'refused', 'incomplete'] as const
export type UboDeclarationState = (typeof uboDeclarationStates)[number]

/** A declaration's status as we store it (an unknown status is still open: `validation_asked`). */
export function uboDeclarationStateOf(declaration: Pick<ProviderUboDeclaration, 'Status'>): UboDeclarationState {
  const state = declaration.Status?.toLowerCase()
  return (uboDeclarationStates as readonly string[]).includes(state ?? '') ? state as UboDeclarationState : 'validation_asked'
}

/**
 * What a UBO declaration's status says of the party's identity check (docs/decisions/0052-emoney-pay-ins.md
 * "Beneficial owners"): VALIDATED counts as the owners' proof; REFUSED and INCOMPLETE send the party back to
 * change its owners (`change`, with the provider's reason); CREATED and VALIDATION_ASKED are still open.
 */
export function uboDeclarationVerdict(declaration: Pick<ProviderUboDeclaration, 'Status' | 'Reason' | 'Message'>):
  | { state: 'open' }
  | { state: 'validated' }
  | { state: 'refused'; reason: string } {
  switch (declaration.Status) {
    case 'VALIDATED': return { state: 'validated' }
    case 'REFUSED':
    case 'INCOMPLETE': {
      const reason = [declaration.Reason, declaration.Message].filter(Boolean).join(': ').slice(0, 500)
      return { state: 'refused', reason: reason || declaration.Status.toLowerCase() }
    }
    default: return { state: 'open' }
  }
}

/** The hook event types this platform acts on, by what they are about. */
export const emoneyEventKinds = {
  document: ['KYC_SUCCEEDED', 'KYC_FAILED', 'KYC_OUTDATED'],
  user: ['USER_KYC_REGULAR', 'USER_KYC_LIGHT', 'USER_INFLOWS_BLOCKED', 'USER_INFLOWS_UNBLOCKED', 'USER_OUTFLOWS_BLOCKED', 'USER_OUTFLOWS_UNBLOCKED', 'USER_ACCOUNT_CLOSED'],
  payout: ['PAYOUT_NORMAL_SUCCEEDED', 'PAYOUT_NORMAL_FAILED'],
  payin: ['PAYIN_NORMAL_SUCCEEDED', 'PAYIN_NORMAL_FAILED'],
  refund: ['PAYIN_REFUND_SUCCEEDED', 'PAYIN_REFUND_FAILED'],
  ubo: ['UBO_DECLARATION_VALIDATED', 'UBO_DECLARATION_REFUSED', 'UBO_DECLARATION_INCOMPLETE'],
} as const

export type EmoneyEventKind = keyof typeof emoneyEventKinds

/** What an event type is about, or null for one this platform ignores. */
export function eventKindOf(eventType: string): EmoneyEventKind | null {
  for (const [kind, types] of Object.entries(emoneyEventKinds) as [EmoneyEventKind, readonly string[]][]) if (types.includes(eventType)) return kind
  return null
}
