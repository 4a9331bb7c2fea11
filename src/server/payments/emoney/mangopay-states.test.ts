import { describe, expect, test } from 'vitest'
import { documentVerdict, eventKindOf, payInOutcomeOf, payInTag, paymentTokenOfPayIn, payoutAnswerOf, providerAccountStateOf, providerDocumentType, refusalReasonOf, uboDeclarationStateOf, uboDeclarationVerdict } from './mangopay-states'

describe('the e-money provider in our words', () => {
  test('each uploaded kind has its provider document type; the extras are not sent', () => {
    expect(providerDocumentType('id_from_front')).toBe('IDENTITY_PROOF')
    expect(providerDocumentType('id_from_back')).toBe('IDENTITY_PROOF')
    expect(providerDocumentType('id_verification')).toBe('IDENTITY_PROOF')
    expect(providerDocumentType('proof_doc')).toBe('ADDRESS_PROOF')
    expect(providerDocumentType('company_lr')).toBe('REGISTRATION_PROOF')
    expect(providerDocumentType('article_doc')).toBe('ARTICLES_OF_ASSOCIATION')
    expect(providerDocumentType('shareholder_declaration')).toBe('SHAREHOLDER_DECLARATION')
    expect(providerDocumentType('other_doc_1')).toBeNull()
    expect(providerDocumentType('toString')).toBeNull()
  })

  test('refusal reasons', () => {
    expect(refusalReasonOf('DOCUMENT_UNREADABLE')).toBe('unreadable')
    expect(refusalReasonOf('DOCUMENT_NOT_ACCEPTED')).toBe('not_accepted')
    expect(refusalReasonOf('DOCUMENT_HAS_EXPIRED')).toBe('expired')
    expect(refusalReasonOf('DOCUMENT_INCOMPLETE')).toBe('incomplete')
    expect(refusalReasonOf('DOCUMENT_DO_NOT_MATCH_USER_DATA')).toBe('wrong_name')
    expect(refusalReasonOf('DOCUMENT_FALSIFIED')).toBe('other')
    expect(refusalReasonOf('SPECIFIC_CASE')).toBe('other')
    expect(refusalReasonOf(null)).toBe('other')
    expect(refusalReasonOf('constructor')).toBe('other')
  })

  test('document statuses', () => {
    const doc = (Status: string, extra = {}) => ({ Id: '1', Type: 'IDENTITY_PROOF', Status, ...extra })
    expect(documentVerdict('id_from_front', doc('CREATED'))).toEqual({ state: 'validation_asked' })
    expect(documentVerdict('id_from_front', doc('VALIDATION_ASKED'))).toEqual({ state: 'validation_asked' })
    expect(documentVerdict('id_from_front', doc('VALIDATED'))).toEqual({ state: 'validated' })
    expect(documentVerdict('id_from_front', doc('REFUSED', { RefusedReasonType: 'DOCUMENT_UNREADABLE', RefusedReasonMessage: 'blurred' })))
      .toEqual({ state: 'refused', reason: 'unreadable', comment: 'blurred' })
    expect(documentVerdict('id_from_front', doc('OUT_OF_DATE'))).toEqual({ state: 'refused', reason: 'expired', comment: null })
    // A document of another type than the kind's is not the one we asked about.
    expect(documentVerdict('proof_doc', doc('VALIDATED'))).toEqual({ state: 'refused', reason: 'wrong_type', comment: null })
  })

  test('user KYC level, block and close', () => {
    expect(providerAccountStateOf({ Id: '1', KYCLevel: 'LIGHT' })).toBe('kyc_1')
    expect(providerAccountStateOf({ Id: '1', KYCLevel: 'REGULAR' })).toBe('kyc_2')
    expect(providerAccountStateOf({ Id: '1' })).toBe('kyc_incomplete')
    expect(providerAccountStateOf({ Id: '1', KYCLevel: 'REGULAR', blocked: { inflows: false, outflows: true } })).toBe('blocked')
    expect(providerAccountStateOf({ Id: '1', KYCLevel: 'REGULAR', blocked: { inflows: true, outflows: false } })).toBe('blocked')
    expect(providerAccountStateOf({ Id: '1', KYCLevel: 'REGULAR', UserStatus: 'CLOSED', blocked: { inflows: true, outflows: true } })).toBe('closed')
  })

  test('payout statuses', () => {
    expect(payoutAnswerOf({ Id: '7', Status: 'CREATED' })).toEqual({ state: 'issued', providerRef: '7' })
    expect(payoutAnswerOf({ Id: '7', Status: 'SUCCEEDED' })).toEqual({ state: 'successful', providerRef: '7' })
    expect(payoutAnswerOf({ Id: '7', Status: 'FAILED', ResultCode: '001001', ResultMessage: 'Unsufficient wallet balance' }))
      .toEqual({ state: 'canceled', reason: '001001 Unsufficient wallet balance' })
    expect(payoutAnswerOf({ Id: '7', Status: 'FAILED' })).toEqual({ state: 'canceled', reason: 'provider_failed' })
  })

  test('hook event kinds', () => {
    expect(eventKindOf('KYC_SUCCEEDED')).toBe('document')
    expect(eventKindOf('USER_KYC_REGULAR')).toBe('user')
    expect(eventKindOf('PAYOUT_NORMAL_FAILED')).toBe('payout')
    expect(eventKindOf('PAYIN_NORMAL_SUCCEEDED')).toBe('payin')
    expect(eventKindOf('TRANSFER_NORMAL_SUCCEEDED')).toBeNull()
  })

  test('a pay-in as a payment: its state, amount, failure and our token', () => {
    expect(payInOutcomeOf({ Id: '9', Status: 'CREATED', DebitedFunds: { Currency: 'EUR', Amount: 1_000 } })).toEqual({ providerRef: '9', state: 'waiting', amount: { amount: 1_000, currency: 'eur' } })
    expect(payInOutcomeOf({ Id: '9', Status: 'SUCCEEDED', DebitedFunds: { Currency: 'JPY', Amount: 500 } })).toEqual({ providerRef: '9', state: 'successful', amount: { amount: 500, currency: 'jpy' } })
    expect(payInOutcomeOf({ Id: '9', Status: 'FAILED', ResultCode: '101101', ResultMessage: 'Do not honor' })).toEqual({ providerRef: '9', state: 'denied', failureReason: '101101 Do not honor' })
    expect(paymentTokenOfPayIn({ Tag: payInTag('abc_DEF-1') })).toBe('abc_DEF-1')
    expect(paymentTokenOfPayIn({ Tag: 'payout-12' })).toBeNull()
    expect(paymentTokenOfPayIn({ Tag: 'payment-../x' })).toBeNull()
    expect(paymentTokenOfPayIn({})).toBeNull()
  })

  test('a UBO declaration in our words', () => {
    expect(uboDeclarationStateOf({ Status: 'VALIDATION_ASKED' })).toBe('validation_asked')
    expect(uboDeclarationStateOf({ Status: 'SOMETHING_NEW' })).toBe('validation_asked')
    expect(uboDeclarationVerdict({ Status: 'VALIDATED' })).toEqual({ state: 'validated' })
    expect(uboDeclarationVerdict({ Status: 'CREATED' })).toEqual({ state: 'open' })
    expect(uboDeclarationVerdict({ Status: 'REFUSED', Reason: 'MISSING_UBO', Message: 'An owner is missing' })).toEqual({ state: 'refused', reason: 'MISSING_UBO: An owner is missing' })
    expect(uboDeclarationVerdict({ Status: 'INCOMPLETE' })).toEqual({ state: 'refused', reason: 'incomplete' })
    expect(eventKindOf('UBO_DECLARATION_REFUSED')).toBe('ubo')
  })
})
