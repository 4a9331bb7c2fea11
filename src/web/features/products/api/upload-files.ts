import type { Transfer } from '../../../components/upload-progress'
import { api } from '../../../lib/api'
import type { FileList } from './list-files'

/** POST /cabinet/products/{id}/files: one or more files as multipart form data. */
export function uploadFiles(productId: number, files: File[], transfer?: Transfer): Promise<FileList> {
  const form = new FormData()
  for (const file of files) form.append('file', file)
  return api.post<FileList>(`/cabinet/products/${productId}/files`, form, { silent: true, ...transfer })
}
