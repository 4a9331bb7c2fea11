import { queryOptions } from '@tanstack/react-query'
import type { z } from 'zod'
import type { downloadFileOutput } from '../../../../shared/schemas/media'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type DownloadFile = Camelize<z.output<typeof downloadFileOutput>>
export type FileList = { list: DownloadFile[]; totalCount: number }
export const filesKey = (productId: number) => ['cabinet', 'products', 'item', productId, 'files'] as const

/** GET /cabinet/products/{id}/files: the files a download delivers, in order. */
export function filesQuery(productId: number) {
  return queryOptions({
    queryKey: filesKey(productId),
    queryFn: ({ signal }) => api.get<FileList>(`/cabinet/products/${productId}/files`, { signal }),
  })
}
