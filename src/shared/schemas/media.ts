import { z } from 'zod'
import { int4Max, zIdParam, zText } from '../validation/storable'

// Request and answer schemas of uploads (docs/decisions/0011-storage-keys-and-local-storage.md): download files of a
// download product, cover images with their size variants, and the seller's media uploads that course
// lessons and certificate designs reference by key. Files themselves travel as multipart/form-data.

const id = () => z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })

/** Cover variants by width (docs/reference/catalogue-and-selling.md §9: default s100, cover width 1920); never upscaled. */
export const coverVariantWidths = { s100: 100, s300: 300, s640: 640, s1200: 1200, cover: 1920 } as const
export type CoverVariant = keyof typeof coverVariantWidths
export const defaultCoverVariant: CoverVariant = 's100'
export const coverRatios = ['1', '16:9'] as const
export const maxCoversPerProduct = 20
export const maxFilesPerProduct = 100

export const fileParams = z.strictObject({ id: zIdParam(), file_id: zIdParam() })
export const coverParams = z.strictObject({ id: zIdParam(), cover_id: zIdParam() })
export const mediaKeyParams = z.strictObject({ key: zText().max(100) })

/** `{ ids }`: every item of the list exactly once, in the new order. */
export const reorderInput = z.strictObject({ ids: z.array(id()).min(1, { error: 'required' }).max(500, { error: 'out_of_range' }) })
export type ReorderInput = z.infer<typeof reorderInput>

export const downloadFileOutput = z.object({
  id: z.number(), name: z.string(), size: z.number(), content_type: z.string(), position: z.number(),
  created_at: z.string(), updated_at: z.string(),
})
export type DownloadFileOutput = z.infer<typeof downloadFileOutput>
export const downloadFileListOutput = z.object({ list: z.array(downloadFileOutput), total_count: z.number() })

/** A crop within the uploaded image, in its pixels; the ratio is width:height. */
export const coverCropInput = z.strictObject({
  ratio: z.enum(coverRatios, { error: 'invalid_value' }),
  x: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }),
  y: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(0, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }),
  width: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }),
  height: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(int4Max, { error: 'out_of_range' }),
}).superRefine((crop, ctx) => {
  // One pixel of rounding either way is the same ratio.
  const [w, h] = crop.ratio === '1' ? [1, 1] : [16, 9]
  if (Math.abs(crop.width * h - crop.height * w) > Math.max(w, h)) ctx.addIssue({ code: 'custom', path: ['ratio'], message: 'crop_ratio_mismatch' })
})
export type CoverCropInput = z.infer<typeof coverCropInput>

export const coverOutput = z.object({
  id: z.number(),
  /** The default variant (s100). */
  url: z.string(),
  variants: z.object({ s100: z.string(), s300: z.string(), s640: z.string(), s1200: z.string(), cover: z.string() }),
  width: z.number(),
  height: z.number(),
  position: z.number(),
})
export type CoverOutput = z.infer<typeof coverOutput>

/** The public path of a stored media key (the media routes serve it). */
export const mediaPath = (key: string) => `/api/v1/media/${key}`

/**
 * A stored cover as answered: the public path of each variant's storage key, `url` the default variant. The
 * media module answers covers with it, and the catalogue shows them in its product answers.
 */
export function coverOutputOf(cover: { id: number; variants: Readonly<Record<string, string>>; width: number; height: number; position: number }): CoverOutput {
  const variants = Object.fromEntries(Object.keys(coverVariantWidths).map((name) => [name, mediaPath(cover.variants[name]!)])) as CoverOutput['variants']
  return { id: cover.id, url: variants[defaultCoverVariant], variants, width: cover.width, height: cover.height, position: cover.position }
}
export const coverListOutput = z.object({ list: z.array(coverOutput), total_count: z.number() })

export const uploadKinds = ['video', 'audio', 'pdf', 'image', 'file'] as const
export type UploadKind = (typeof uploadKinds)[number]
export const uploadOutput = z.object({
  id: z.number(), key: z.string(), kind: z.enum(uploadKinds), name: z.string(), size: z.number(), content_type: z.string(), created_at: z.string(),
})
export type UploadOutput = z.infer<typeof uploadOutput>
export const uploadListOutput = z.object({ list: z.array(uploadOutput), total_count: z.number() })
