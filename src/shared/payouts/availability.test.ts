import { describe, expect, test } from 'vitest'
import { bankAccountLegitimationStates, bankAccountStates } from '../states/bank-account'
import { kycDocumentStates } from '../states/kyc-document'
import { legitimationSteps } from '../states/legitimation'
import { providerAccountStates } from '../states/provider-account'
import { allowsPayouts, payoutAvailabilities, payoutAvailability, type AvailabilityInput } from './availability'
import { requiredDocumentKinds } from './documents'

const required = requiredDocumentKinds('natural')
const allValid = required.map((kind) => ({ kind, state: 'validated' as const }))
const activeBank = { state: 'activated' as const, legitimationState: 'accepted' as const }
const base: AvailabilityInput = { step: 'legitimated', required, documents: allValid, bankAccounts: [activeBank], providerAccountState: null }

describe('payout availability', () => {
  test('a legitimated party with an activated, accepted bank account may take payments and payouts', () => {
    expect(payoutAvailability(base)).toEqual({ value: 'payments_payouts', missing: [] })
  })
  test('no documents yet: no_documents, naming each missing one', () => {
    const answer = payoutAvailability({ ...base, step: 'documents', documents: [] })
    expect(answer.value).toBe('no_documents')
    expect(answer.missing).toEqual(required.map((document) => ({ kind: 'document', document })))
  })
  test('a refused document counts as missing and says so', () => {
    const answer = payoutAvailability({ ...base, step: 'change', documents: [{ kind: 'id_from_front', state: 'refused' }, ...allValid.slice(1)] })
    expect(answer).toEqual({ value: 'no_documents', missing: [{ kind: 'document', document: 'id_from_front', refused: true }] })
  })
  test('every document uploaded but not submitted asks for the submit', () => {
    expect(payoutAvailability({ ...base, step: 'documents' })).toEqual({ value: 'no_documents', missing: [{ kind: 'submit' }] })
  })
  test('submitted and waiting for a manager: verification', () => {
    for (const step of ['requested', 'in_review', 'registered'] as const) {
      expect(payoutAvailability({ ...base, step }).value).toBe('verification')
    }
  })
  test('rejected by a manager or refused by the provider: rejected', () => {
    expect(payoutAvailability({ ...base, step: 'rejected' }).value).toBe('rejected')
    expect(payoutAvailability({ ...base, providerAccountState: 'closed' }).value).toBe('rejected')
    expect(payoutAvailability({ ...base, providerAccountState: 'rejected' }).value).toBe('rejected')
  })
  test('legitimated without a usable bank account: payments only, naming the bank account', () => {
    expect(payoutAvailability({ ...base, bankAccounts: [] })).toEqual({ value: 'payments', missing: [{ kind: 'bank_account' }] })
    expect(payoutAvailability({ ...base, bankAccounts: [{ state: 'waiting', legitimationState: 'init' }] }))
      .toEqual({ value: 'payments', missing: [{ kind: 'bank_account_review' }] })
    expect(payoutAvailability({ ...base, bankAccounts: [{ state: 'activated', legitimationState: 'change' }] }).value).toBe('payments')
  })
  test('the provider\'s light level allows payments only; blocked allows only paying out what is there', () => {
    expect(payoutAvailability({ ...base, providerAccountState: 'kyc_1' }).value).toBe('payments')
    expect(payoutAvailability({ ...base, providerAccountState: 'kyc_2' }).value).toBe('payments_payouts')
    expect(payoutAvailability({ ...base, providerAccountState: 'blocked' }).value).toBe('payouts')
    expect(payoutAvailability({ ...base, providerAccountState: 'blocked', bankAccounts: [] }).value).toBe('rejected')
  })

  // Every combination of the states it reads: the answer is always one of the six values, payouts are only
  // ever allowed with a legitimated identity and an activated, accepted bank account, and a value that
  // allows nothing always says what is missing.
  test('every combination of states gives a value that follows the rules', () => {
    const documentStates = [null, ...kycDocumentStates]
    let combinations = 0
    for (const step of legitimationSteps) {
      for (const documentState of documentStates) {
        for (const bankState of [null, ...bankAccountStates]) {
          for (const bankLegitimation of bankAccountLegitimationStates) {
            for (const provider of [null, ...providerAccountStates]) {
              const input: AvailabilityInput = {
                step, required,
                documents: documentState === null ? [] : required.map((kind) => ({ kind, state: documentState })),
                bankAccounts: bankState === null ? [] : [{ state: bankState, legitimationState: bankLegitimation }],
                providerAccountState: provider,
              }
              const answer = payoutAvailability(input)
              combinations++
              expect(payoutAvailabilities).toContain(answer.value)
              if (allowsPayouts(answer.value)) {
                expect(step).toBe('legitimated')
                expect(bankState).toBe('activated')
                expect(bankLegitimation).toBe('accepted')
                expect(answer.missing).toEqual([])
              }
              if (answer.value === 'payments_payouts') expect([null, 'kyc_2']).toContain(provider)
              if (answer.value === 'no_documents' || answer.value === 'verification') expect(answer.missing.length).toBeGreaterThan(0)
              if (step === 'rejected') expect(answer.value).toBe('rejected')
            }
          }
        }
      }
    }
    expect(combinations).toBe(legitimationSteps.length * documentStates.length * (bankAccountStates.length + 1) * bankAccountLegitimationStates.length * (providerAccountStates.length + 1))
  })
})
