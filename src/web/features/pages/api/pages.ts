import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { PageDocument, PageType } from '../../../../shared/pages/page-blocks'
import { mergePageTheme, type PageThemeKind } from '../../../../shared/pages/page-theme'
import { maxPageSize } from '../../../../shared/schemas/lists'
import type { z } from 'zod'
import type { productOutput } from '../../../../shared/schemas/catalog'
import type { CreatePageInput, PageDetailOutput, PageOutput } from '../../../../shared/schemas/pages'
import type { UploadKind, UploadOutput } from '../../../../shared/schemas/media'
import { api } from '../../../lib/api'
import { toSnake, type Camelize } from '../../../lib/api-client'

// The seller's built pages (docs/decisions/0063-pages.md): /cabinet/pages, drafts, versions, activation.

export type Page = Camelize<PageOutput>
/** The page with its draft as the page document: the client camelises answer keys, the document keeps snake_case. */
export type PageDetail = Omit<Camelize<PageDetailOutput>, 'draft'> & { draft: PageDocument }
type List<T> = { list: T[]; totalCount: number; totalCountMax: number }

export const pagesKey = ['cabinet', 'pages'] as const

function withDocument(page: Camelize<PageDetailOutput>): PageDetail {
  return { ...page, draft: toSnake(page.draft) as PageDocument }
}

export function pagesQuery(filters: { pageType?: PageType | null; productId?: number | null; page?: number; per?: number } = {}) {
  const query: Record<string, string> = { page: String(filters.page ?? 1), per: String(filters.per ?? 30) }
  if (filters.pageType) query.page_type = filters.pageType
  if (filters.productId) query.product_id = String(filters.productId)
  return queryOptions({
    queryKey: [...pagesKey, 'list', query],
    queryFn: ({ signal }) => api.get<List<Page>>('/cabinet/pages', { signal, query }),
    placeholderData: keepPreviousData,
  })
}

export function pageQuery(id: number) {
  return queryOptions({
    queryKey: [...pagesKey, 'item', id],
    queryFn: async ({ signal }) => withDocument(await api.get<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}`, { signal })),
    // The editor holds its own copy while open: a refetch on focus would not replace it anyway.
    refetchOnWindowFocus: false,
  })
}

export async function createPage(input: CreatePageInput): Promise<PageDetail> {
  return withDocument(await api.post<Camelize<PageDetailOutput>>('/cabinet/pages', input, { silent: true }))
}

/** PUT .../draft with the page type and the revision the editor started from (409 when someone saved since). */
export async function saveDraft(id: number, input: { pageType: PageType; revision: number; name?: string; document: PageDocument }): Promise<PageDetail> {
  const body = { page_type: input.pageType, revision: input.revision, ...(input.name ? { name: input.name } : {}), document: input.document }
  return withDocument(await api.put<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}/draft`, body, { silent: true }))
}

export async function publishPage(id: number): Promise<PageDetail> {
  return withDocument(await api.post<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}/publish`, {}, { silent: true }))
}

export async function restoreVersion(id: number, number: number): Promise<PageDetail> {
  return withDocument(await api.post<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}/versions/${number}/restore`, {}))
}

export async function activatePage(id: number): Promise<PageDetail> {
  return withDocument(await api.post<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}/activate`, {}))
}

/** Stops using the page: the storefront shows the default layout for its type (and product) again. */
export async function deactivatePage(id: number): Promise<PageDetail> {
  return withDocument(await api.post<Camelize<PageDetailOutput>>(`/cabinet/pages/${id}/deactivate`, {}))
}

export function archivePage(id: number): Promise<Page> {
  return api.delete(`/cabinet/pages/${id}`)
}

/** The seller's products: the product choice of product pages and the canvas's sample data. */
export type SellerProduct = Camelize<z.output<typeof productOutput>>
export function sellerProductsQuery() {
  return queryOptions({
    queryKey: [...pagesKey, 'products'],
    queryFn: ({ signal }) => api.get<List<SellerProduct>>('/cabinet/products', { signal, query: { page: '1', per: '500' } }),
    staleTime: 60_000,
  })
}

/** The seller's uploads (GET /cabinet/uploads), for the editor's upload picker. */
export type SellerUpload = Camelize<UploadOutput>
export const uploadsKey = ['cabinet', 'uploads'] as const
/**
 * The seller's applied themes of these kinds, in this order, merged as the storefront merges them
 * (docs/decisions/0070-shop-header-and-themes.md), so the canvas shows the page in its theme. A seller or team
 * member who may not read themes gets none.
 */
export function appliedThemeQuery(kinds: readonly PageThemeKind[]) {
  return queryOptions({
    queryKey: ['cabinet', 'themes', 'applied', ...kinds],
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(kinds.map((kind) =>
        api.get<{ list: { applied: boolean; settings: Record<string, unknown> }[] }>('/cabinet/themes', { signal, query: { kind, per: String(maxPageSize) }, silent: true })
          .catch(() => ({ list: [] }))))
      return mergePageTheme(lists.map((l) => l.list.find((theme) => theme.applied)?.settings))
    },
    staleTime: 60_000,
  })
}

export function sellerUploadsQuery() {
  return queryOptions({ queryKey: [...uploadsKey, 'all'], queryFn: ({ signal }) => api.get<{ list: SellerUpload[]; totalCount: number }>('/cabinet/uploads', { signal }) })
}

/** POST /cabinet/uploads: a file for a block (multipart, field `kind`; the server checks the content). */
export function uploadForBlock(file: File, kind: UploadKind): Promise<SellerUpload> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', file)
  return api.post<SellerUpload>('/cabinet/uploads', form, { silent: true })
}
