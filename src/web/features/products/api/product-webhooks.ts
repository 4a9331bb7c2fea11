import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { ProductWebhooksInput, productWebhooksAnswer } from '../../../../shared/schemas/webhooks'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

// Which of the seller's webhook endpoints hear a product's events (docs/decisions/0072-signed-webhooks.md "Products").

export type ProductWebhooks = Camelize<z.infer<typeof productWebhooksAnswer>>

export function productWebhooksQuery(productId: number) {
  return queryOptions({
    queryKey: ['cabinet', 'products', productId, 'webhook_endpoints'] as const,
    queryFn: ({ signal }) => api.get<ProductWebhooks>(`/cabinet/products/${productId}/webhook_endpoints`, { signal }),
  })
}

export function saveProductWebhooks(productId: number, input: ProductWebhooksInput): Promise<ProductWebhooks> {
  return api.put(`/cabinet/products/${productId}/webhook_endpoints`, input)
}
