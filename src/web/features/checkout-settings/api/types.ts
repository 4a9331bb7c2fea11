import type { CancellationTermsOutput, CheckoutSettingsOutput } from '../../../../shared/schemas/checkout-settings'
import type { Camelize } from '../../../lib/api-client'

export type CheckoutSettings = Camelize<CheckoutSettingsOutput>
export type CancellationTerms = Camelize<CancellationTermsOutput>
export type ListAnswer<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const checkoutSettingsKey = ['cabinet', 'checkout-settings'] as const
export const cancellationTermsKey = ['cabinet', 'cancellation-terms'] as const
