import type { SellerCredentialProvider } from '../../../../shared/payments'
import { api } from '../../../lib/api'

/** DELETE /cabinet/payment_providers/{provider}: removes the stored credentials. */
export async function deleteProvider(provider: SellerCredentialProvider): Promise<void> {
  await api.delete(`/cabinet/payment_providers/${provider}`)
}
