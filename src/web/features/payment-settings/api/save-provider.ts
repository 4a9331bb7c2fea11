import type { z } from 'zod'
import type { bankWireCredentialsInput, paypalCredentialsInput, stripeCredentialsInput } from '../../../../shared/schemas/payment-settings'
import { api } from '../../../lib/api'
import type { ProviderAccount } from './types'

export type ProviderInputs = {
  stripe: z.input<typeof stripeCredentialsInput>
  paypal: z.input<typeof paypalCredentialsInput>
  bank_wire: z.input<typeof bankWireCredentialsInput>
}

/** PUT /cabinet/payment_providers/{provider}: stores the credentials; a secret left out keeps the stored one. */
export function saveProvider<P extends keyof ProviderInputs>(provider: P, input: ProviderInputs[P]): Promise<ProviderAccount> {
  return api.put<ProviderAccount>(`/cabinet/payment_providers/${provider}`, input, { silent: true })
}
