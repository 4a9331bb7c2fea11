import type { UploadKind, UploadOutput } from '../../../../shared/schemas/media'
import type { Transfer } from '../../../components/upload-progress'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Upload = Camelize<UploadOutput>

/** The upload kind a file is sent as, by its type (the server checks the content). */
export function uploadKindOf(file: { type: string; name: string }): Exclude<UploadKind, 'image'> {
  const type = file.type.toLowerCase()
  if (type === 'application/pdf' || /\.pdf$/i.test(file.name)) return 'pdf'
  if (type.startsWith('audio/')) return 'audio'
  if (type.startsWith('video/')) return 'video'
  return 'file'
}

/** POST /cabinet/uploads: one media file (multipart, field `kind`) that lessons reference by key. */
export function createUpload(file: File, kind: UploadKind = uploadKindOf(file), transfer?: Transfer): Promise<Upload> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('file', file)
  return api.post<Upload>('/cabinet/uploads', form, { silent: true, ...transfer })
}
