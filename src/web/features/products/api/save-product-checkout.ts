import type { z } from 'zod'
import type { productCheckoutInput } from '../../../../shared/schemas/checkout-settings'
import { api } from '../../../lib/api'
import type { ProductCheckout } from './product-checkout'

/** PUT /cabinet/products/{id}/checkout: the parts given (a field left out keeps its stored value). */
export function saveProductCheckout(productId: number, input: z.input<typeof productCheckoutInput>): Promise<ProductCheckout> {
  return api.put<ProductCheckout>(`/cabinet/products/${productId}/checkout`, input, { silent: true })
}
