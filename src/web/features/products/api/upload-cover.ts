import type { z } from 'zod'
import type { CoverCropInput, coverOutput } from '../../../../shared/schemas/media'
import type { Transfer } from '../../../components/upload-progress'
import { api } from '../../../lib/api'
import type { Camelize } from '../../../lib/api-client'

export type Cover = Camelize<z.output<typeof coverOutput>>

/**
 * POST /cabinet/products/{id}/covers: an image (checked by content) made into size variants, cut to
 * `crop` (image pixels, ratio 1 or 16:9) when given.
 */
export function uploadCover(productId: number, file: File, crop?: CoverCropInput, transfer?: Transfer): Promise<Cover> {
  const form = new FormData()
  if (crop) form.append('crop', JSON.stringify(crop))
  form.append('file', file)
  return api.post<Cover>(`/cabinet/products/${productId}/covers`, form, { silent: true, ...transfer })
}
