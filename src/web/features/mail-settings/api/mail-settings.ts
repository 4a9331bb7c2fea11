import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type {
  DoubleOptInSettingsOutput, OptInOutput, PublicOptInOutput, SmtpSettingsInput, SmtpSettingsOutput, SmtpTestOutput,
} from '../../../../shared/schemas/seller-mail'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// A seller's own mail server and double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md):
// /cabinet/smtp_settings (custom_smtp), /cabinet/double_opt_in (double_opt_in), and the payer's
// confirmation page's /common/opt_ins/:token.

export type SmtpSettings = Camelize<SmtpSettingsOutput>
export type SmtpTest = Camelize<SmtpTestOutput>
export type DoubleOptInSettings = Camelize<DoubleOptInSettingsOutput>
export type OptIn = Camelize<OptInOutput>
export type PublicOptIn = Camelize<PublicOptInOutput>

export const smtpKey = ['cabinet', 'smtp_settings'] as const
export const optInKey = ['cabinet', 'double_opt_in'] as const

export function smtpSettingsQuery() {
  return queryOptions({ queryKey: smtpKey, queryFn: ({ signal }) => api.get<SmtpSettings>('/cabinet/smtp_settings', { signal }) })
}

export function saveSmtpSettings(input: SmtpSettingsInput): Promise<SmtpSettings> {
  return api.put<SmtpSettings>('/cabinet/smtp_settings', input, { silent: true })
}

export function deleteSmtpSettings(): Promise<null> {
  return api.delete<null>('/cabinet/smtp_settings')
}

export function testSmtpSettings(to: string | undefined): Promise<SmtpTest> {
  return api.post<SmtpTest>('/cabinet/smtp_settings/test', to ? { to } : {}, { silent: true })
}

export function doubleOptInQuery() {
  return queryOptions({ queryKey: optInKey, queryFn: ({ signal }) => api.get<DoubleOptInSettings>('/cabinet/double_opt_in', { signal }) })
}

export function saveDoubleOptIn(required: boolean): Promise<DoubleOptInSettings> {
  return api.put<DoubleOptInSettings>('/cabinet/double_opt_in', { required })
}

export function optInsQuery(page: number) {
  return queryOptions({
    queryKey: [...optInKey, 'confirmations', page],
    queryFn: ({ signal }) => api.get<{ list: OptIn[]; totalCount: number }>('/cabinet/double_opt_in/confirmations', { signal, query: { page, per: 20 } }),
    placeholderData: keepPreviousData,
  })
}

export function publicOptInQuery(token: string) {
  return queryOptions({
    queryKey: ['common', 'opt_ins', token],
    queryFn: ({ signal }) => api.get<PublicOptIn>(`/common/opt_ins/${encodeURIComponent(token)}`, { signal, auth: false, silent: true }),
  })
}

export function confirmOptIn(token: string): Promise<PublicOptIn> {
  return api.post<PublicOptIn>(`/common/opt_ins/${encodeURIComponent(token)}/confirm`, {}, { auth: false, silent: true })
}
