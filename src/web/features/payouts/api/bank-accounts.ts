import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { adminBankAccountOutput, bankAccountList, bankAccountOutput, CreateBankAccountInput, RejectBankAccountInput } from '../../../../shared/schemas/payouts'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import { listParams, type ListState } from '../../../components/list-state'

// The bank accounts' calls (docs/decisions/0049-money-out.md "Bank accounts"): a party's own accounts under
// its area's prefix (/cabinet or /publish) and the managers' lists and check under /admin.

export type BankArea = 'cabinet' | 'publish' | 'reseller' | 'team_member'
export type BankAccount = Camelize<z.output<typeof bankAccountOutput>>
export type BankAccountList = Camelize<z.output<typeof bankAccountList>>
export type AdminBankAccount = Camelize<z.output<typeof adminBankAccountOutput>>
export type AdminBankAccountList = { list: AdminBankAccount[]; totalCount: number; totalCountMax: number; counts?: Record<string, number> }

export const bankAccountsKey = ['bank-accounts'] as const
export const adminBankAccountsKey = ['admin', 'bank-accounts'] as const

export function bankAccountsQuery(area: BankArea, withDeactivated: boolean) {
  return queryOptions({
    queryKey: [...bankAccountsKey, area, withDeactivated],
    queryFn: ({ signal }) => api.get<BankAccountList>(`/${area}/bank_accounts`, { signal, query: { withDeactivated: withDeactivated ? 'true' : undefined } }),
  })
}

export function createBankAccount(area: BankArea, input: CreateBankAccountInput) {
  return api.post<{ bankAccount: BankAccount }>(`/${area}/bank_accounts`, input, { silent: true })
}

/** Starts (or continues) onboarding at the connect provider: where to send the party, and its connected account. */
export function startConnectOnboarding(area: BankArea) {
  return api.post<{ url: string; bankAccount: BankAccount }>(`/${area}/connect_onboarding`, {})
}

/** Back from the provider's onboarding: the connected account as the provider reports it now. */
export function refreshConnectOnboarding(area: BankArea) {
  return api.post<{ bankAccount: BankAccount | null }>(`/${area}/connect_onboarding/refresh`)
}

export function deactivateBankAccount(area: BankArea, id: number) {
  return api.delete<{ bankAccount: BankAccount }>(`/${area}/bank_accounts/${id}`)
}

/** GET /admin/bank_accounts, or the queue of accounts awaiting a check (/admin/bank_account_legitimations). */
export function adminBankAccountsQuery(kind: 'all' | 'legitimations', state: ListState) {
  const path = kind === 'all' ? '/admin/bank_accounts' : '/admin/bank_account_legitimations'
  return queryOptions({
    queryKey: [...adminBankAccountsKey, kind, state],
    queryFn: ({ signal }) => api.get<AdminBankAccountList>(path, { signal, query: { ...listParams(state), counts: 'true' } }),
    placeholderData: keepPreviousData,
  })
}

export function acceptBankAccount(id: number) {
  return api.post<{ bankAccount: AdminBankAccount }>(`/admin/bank_accounts/${id}/accept`)
}

export function rejectBankAccount(id: number, input: RejectBankAccountInput) {
  return api.post<{ bankAccount: AdminBankAccount }>(`/admin/bank_accounts/${id}/reject`, input, { silent: true })
}

export function deactivateBankAccountAsManager(id: number) {
  return api.post<{ bankAccount: AdminBankAccount }>(`/admin/bank_accounts/${id}/deactivate`)
}

/** The identity part serves document files to managers; images are shown from a blob, PDFs opened. */
export function kycDocumentFilePath(id: number): string {
  return `/admin/kyc_documents/${id}/file`
}

export async function kycDocumentObjectUrl(id: number): Promise<string> {
  const blob = await api.get<Blob>(kycDocumentFilePath(id), { responseType: 'blob', silent: true })
  return URL.createObjectURL(blob)
}
