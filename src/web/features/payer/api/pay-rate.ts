import type { z } from 'zod'
import type { payRateOutput } from '../../../../shared/schemas/billing'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type PayRateAnswer = Camelize<z.output<typeof payRateOutput>>

/** POST /payer/orders/{token}/rates/{number}/pay: starts paying one open rate; answers where to go (the provider's page). */
export function payRate(token: string, rateNumber: number) {
  return api.post<PayRateAnswer>(`/payer/orders/${encodeURIComponent(token)}/rates/${rateNumber}/pay`, {})
}
