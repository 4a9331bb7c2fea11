import type { BankAccountLegitimationState, BankAccountState } from '../states/bank-account'
import type { KycDocumentState } from '../states/kyc-document'
import type { LegitimationStep } from '../states/legitimation'
import type { ProviderAccountState } from '../states/provider-account'
import type { KycDocumentKind } from './documents'

// The payout availability value (docs/reference/accounts-and-orders.md §3), computed here and nowhere else, with what is still
// missing so the user is told what to do (docs/decisions/0049-money-out.md "Availability").
//   no_documents      required documents are missing (or were refused and not replaced)
//   verification      everything is in; a manager or the e-money provider is checking
//   rejected          the identity check failed, or the provider blocked or closed the account
//   payments          the identity is proven: money may come in, but no payout (no activated, accepted
//                     bank account yet, or the provider only allows receiving)
//   payouts           payouts are allowed but payments are not (the provider stopped collection for an
//                     account that still has money to pay out)
//   payments_payouts  both

export const payoutAvailabilities = ['no_documents', 'verification', 'rejected', 'payments', 'payouts', 'payments_payouts'] as const
export type PayoutAvailability = (typeof payoutAvailabilities)[number]

export type MissingItem =
  | { kind: 'document'; document: KycDocumentKind; refused?: boolean }
  | { kind: 'submit' }
  | { kind: 'review' }
  | { kind: 'bank_account' }
  | { kind: 'bank_account_review' }
  | { kind: 'provider'; state: ProviderAccountState }

export type AvailabilityInput = {
  step: LegitimationStep
  required: readonly KycDocumentKind[]
  /** The newest document of each kind the party uploaded. */
  documents: readonly { kind: KycDocumentKind; state: KycDocumentState }[]
  /** The party's bank accounts that are not deactivated. */
  bankAccounts: readonly { state: BankAccountState; legitimationState: BankAccountLegitimationState }[]
  /** Null when no e-money provider holds the party. */
  providerAccountState: ProviderAccountState | null
}

export type AvailabilityAnswer = { value: PayoutAvailability; missing: MissingItem[] }

const stoppedByProvider: readonly ProviderAccountState[] = ['rejected', 'closed']
const documentSteps: readonly LegitimationStep[] = ['head_quarter', 'legal_representative', 'documents', 'ubo', 'change']

export function payoutAvailability(input: AvailabilityInput): AvailabilityAnswer {
  const provider = input.providerAccountState
  if (input.step === 'rejected' || (provider !== null && stoppedByProvider.includes(provider))) {
    return { value: 'rejected', missing: provider && stoppedByProvider.includes(provider) ? [{ kind: 'provider', state: provider }] : [] }
  }
  const missing: MissingItem[] = []
  for (const kind of input.required) {
    const doc = input.documents.find((d) => d.kind === kind)
    if (!doc) missing.push({ kind: 'document', document: kind })
    else if (doc.state === 'refused' || doc.state === 'incomplete') missing.push({ kind: 'document', document: kind, refused: true })
  }
  const legitimated = input.step === 'legitimated' && (provider === null || provider === 'kyc_1' || provider === 'kyc_2' || provider === 'blocked')
  if (!legitimated) {
    if (missing.length > 0) return { value: 'no_documents', missing }
    if (documentSteps.includes(input.step)) return { value: 'no_documents', missing: [{ kind: 'submit' }] }
    return { value: 'verification', missing: [{ kind: 'review' }] }
  }
  const activated = input.bankAccounts.find((b) => b.state === 'activated' && b.legitimationState === 'accepted')
  const bankMissing: MissingItem[] = activated ? [] : input.bankAccounts.some((b) => b.state === 'waiting' || b.state === 'not_sent')
    ? [{ kind: 'bank_account_review' }] : [{ kind: 'bank_account' }]
  // The provider's light level lets money in but not out; blocked lets only what is there go out.
  if (provider === 'blocked') return activated ? { value: 'payouts', missing: [] } : { value: 'rejected', missing: [{ kind: 'provider', state: provider }, ...bankMissing] }
  if (provider === 'kyc_1') return { value: 'payments', missing: [{ kind: 'provider', state: provider }, ...bankMissing] }
  return activated ? { value: 'payments_payouts', missing: [] } : { value: 'payments', missing: bankMissing }
}

/** Whether a payout may be asked for. */
export function allowsPayouts(value: PayoutAvailability): boolean {
  return value === 'payouts' || value === 'payments_payouts'
}
