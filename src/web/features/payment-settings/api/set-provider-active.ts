import type { SellerCredentialProvider } from '../../../../shared/payments'
import { api } from '../../../lib/api'
import type { ProviderAccount } from './types'

/** PATCH /cabinet/payment_providers/{provider}: switches a configured provider on or off. */
export function setProviderActive(provider: SellerCredentialProvider, active: boolean): Promise<ProviderAccount> {
  return api.patch<ProviderAccount>(`/cabinet/payment_providers/${provider}`, { active })
}
