import type { Transfer } from '../../../components/upload-progress'
import { api } from '../../../lib/api'
import type { DownloadFile } from './list-files'

/** PUT /cabinet/products/{id}/files/{file_id}: a new version of one file, keeping its place. */
export function replaceFile(productId: number, fileId: number, file: File, transfer?: Transfer): Promise<DownloadFile> {
  const form = new FormData()
  form.append('file', file)
  return api.put<DownloadFile>(`/cabinet/products/${productId}/files/${fileId}`, form, { silent: true, ...transfer })
}
