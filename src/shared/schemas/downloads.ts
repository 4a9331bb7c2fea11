import { z } from 'zod'
import { zIdParam, zText } from '../validation/storable'

// Downloads of a download product's files (docs/decisions/0020-issued-certificates-licenses-downloads.md): the seller's settings (PDF stamping with
// the payer's name and email, downloads per file and order) and the signed, expiring download link.

export const downloadSettingsInput = z.strictObject({
  stamp_pdf: z.boolean({ error: 'invalid_value' }),
  /** How often one order may download each file; null: no limit. */
  download_limit: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(10_000, { error: 'out_of_range' }).nullable(),
})
export type DownloadSettingsInput = z.infer<typeof downloadSettingsInput>
export const downloadSettingsOutput = z.object({
  product_id: z.number(), stamp_pdf: z.boolean(), download_limit: z.number().nullable(),
  /** The seller's `pdf_stamp` feature flag: without it stamping is not offered and files are served unstamped. */
  pdf_stamp_available: z.boolean(),
})
export type DownloadSettingsOutput = z.infer<typeof downloadSettingsOutput>

export const downloadParams = z.strictObject({ file_id: zIdParam() })
const int = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** The signed parts of a download link: product, order, payer (0: none), expiry in Unix seconds, signature. */
export const downloadQuery = z.strictObject({
  product: int, order: int, payer: int, expires: int, sig: zText().max(100),
})
export type DownloadQuery = z.infer<typeof downloadQuery>
