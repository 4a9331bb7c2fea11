import type { PaymentSettingsOutput, ProviderAccountOutput, ProviderListOutput } from '../../../../shared/schemas/payment-settings'
import type { Camelize } from '../../../lib/api-client'

export type ProviderAccount = Camelize<ProviderAccountOutput>
export type ProviderList = Camelize<ProviderListOutput>
export type PaymentSettings = Camelize<PaymentSettingsOutput>
export type MethodSetting = PaymentSettings['methods'][number]

export const paymentSettingsKey = ['cabinet', 'payment-settings'] as const
