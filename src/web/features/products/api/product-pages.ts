import { queryOptions } from '@tanstack/react-query'
import type { PageOutput } from '../../../../shared/schemas/pages'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'
import type { ListAnswer } from './types'

// The wizard's pages step (docs/reference/readings.md 29, docs/decisions/0064-visual-editor.md): the seller's
// product page and thank-you page of one product, and a course's course page or a membership's membership page
// (docs/decisions/0069-member-pages.md), over /cabinet/pages. The editor itself is the pages feature's.

export type ProductPage = Camelize<PageOutput>
export type ProductPageType = 'product' | 'thank_you_page' | 'course' | 'membership'

export const productPagesKey = (productId: number) => ['cabinet', 'pages', 'list', 'product', productId] as const

export function productPagesQuery(productId: number, pageType: ProductPageType) {
  return queryOptions({
    queryKey: [...productPagesKey(productId), pageType],
    queryFn: ({ signal }) => api.get<ListAnswer<ProductPage>>('/cabinet/pages', { signal, query: { page: '1', per: '100', page_type: pageType, product_id: String(productId) } }),
  })
}

/** Makes a published page the one the storefront shows for its product. */
export function activateProductPage(pageId: number): Promise<unknown> {
  return api.post(`/cabinet/pages/${pageId}/activate`, {})
}

/** Stops using the product's page: the storefront shows the default layout again. */
export function deactivateProductPage(pageId: number): Promise<unknown> {
  return api.post(`/cabinet/pages/${pageId}/deactivate`, {})
}

export function createProductPage(productId: number, pageType: ProductPageType, name: string): Promise<{ id: number }> {
  return api.post('/cabinet/pages', { page_type: pageType, name, product_id: productId })
}
