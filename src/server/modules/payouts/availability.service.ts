import type { AvailabilityAnswer } from '../../../shared/payouts/availability'
import { payoutAvailability } from '../../../shared/payouts/availability'
import { allowedDocumentKinds, requiredDocumentKinds, type BusinessType, type KycDocumentKind } from '../../../shared/payouts/documents'
import type { BankAccountLegitimationState, BankAccountState } from '../../../shared/states/bank-account'
import type { KycDocumentState } from '../../../shared/states/kyc-document'
import type { LegitimationStep } from '../../../shared/states/legitimation'
import type { ProviderAccountState } from '../../../shared/states/provider-account'
import type { Executor } from '../../db/client'
import * as repo from './money-out.repository'
import type { Party } from './parties'

// A party's payout availability from its rows (docs/decisions/0049-money-out.md "Availability"): the rule
// itself is src/shared/payouts/availability.ts; this reads what it needs.

export type PartyMoneyFacts = {
  legitimation: repo.LegitimationRow | undefined
  /** The newest document of each kind. */
  documents: repo.KycDocumentRow[]
  bankAccounts: repo.BankAccountRow[]
  businessType: BusinessType
  required: KycDocumentKind[]
  allowed: readonly KycDocumentKind[]
  availability: AvailabilityAnswer
}

/** The newest document of each kind, from a newest-first list. */
export function newestPerKind<T extends { kind: string }>(documents: readonly T[]): T[] {
  const seen = new Set<string>()
  return documents.filter((d) => !seen.has(d.kind) && seen.add(d.kind))
}

export async function moneyFactsOf(db: Executor, party: Pick<Party, 'kind' | 'id'>, options: { lock?: boolean } = {}): Promise<PartyMoneyFacts> {
  const legitimation = await repo.findLegitimation(db, party.kind, party.id, options)
  const documents = legitimation ? await repo.documentsOf(db, legitimation.id) : []
  return moneyFactsFrom(legitimation, documents, await repo.bankAccountsOf(db, party.kind, party.id))
}

/**
 * The facts from rows already read (a managers' list reads every row's documents and accounts in one query
 * each): `documents` newest first (the newest of each kind counts), `bankAccounts` without deactivated ones.
 */
export function moneyFactsFrom(legitimation: repo.LegitimationRow | undefined, allDocuments: readonly repo.KycDocumentRow[], bankAccounts: repo.BankAccountRow[]): PartyMoneyFacts {
  const documents = newestPerKind(allDocuments)
  const businessType = (legitimation?.businessType ?? 'natural') as BusinessType
  const required = requiredDocumentKinds(businessType)
  const availability = payoutAvailability({
    step: (legitimation?.step ?? 'head_quarter') as LegitimationStep,
    required,
    documents: documents.map((d) => ({ kind: d.kind as KycDocumentKind, state: d.state as KycDocumentState })),
    bankAccounts: bankAccounts.map((b) => ({ state: b.state as BankAccountState, legitimationState: b.legitimationState as BankAccountLegitimationState })),
    providerAccountState: (legitimation?.providerAccountState ?? null) as ProviderAccountState | null,
  })
  return { legitimation, documents, bankAccounts, businessType, required, allowed: allowedDocumentKinds(businessType), availability }
}
