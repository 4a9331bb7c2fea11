import { z } from 'zod'
import { requiredText } from '../validation/account-schemas'
import { zIdParam, zText } from '../validation/storable'

// A seller's custom fonts (docs/decisions/0061-fonts-and-themes.md): an uploaded WOFF2, WOFF or TrueType file
// with the @font-face settings pages use. The file travels as multipart/form-data with these fields as text.

export const fontWeights = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const
export const fontStyles = ['normal', 'italic'] as const
export const fontDisplays = ['auto', 'block', 'swap', 'fallback', 'optional'] as const
export const fontFormats = ['woff2', 'woff', 'truetype'] as const
/**
 * Families a browser falls back to while the font loads or when it fails: the CSS generic families and
 * Montserrat, which Sellfront serves itself (docs/reference/readings.md 31). Nothing loads from another host.
 */
export const fallbackFonts = ['Montserrat', 'sans-serif', 'serif', 'monospace', 'system-ui', 'cursive', 'Arial', 'Helvetica', 'Georgia', 'Times New Roman', 'Verdana'] as const
export type FontWeight = (typeof fontWeights)[number]
export type FontStyle = (typeof fontStyles)[number]
export type FontDisplay = (typeof fontDisplays)[number]
export type FontFormat = (typeof fontFormats)[number]
export type FallbackFont = (typeof fallbackFonts)[number]

export const fontDefaults = { font_weight: 400 as FontWeight, font_style: 'normal' as FontStyle, font_display: 'swap' as FontDisplay, fallback_font: 'Montserrat' as FallbackFont }
/** The largest font file accepted: a whole family's Latin and Cyrillic glyphs fit well under it. */
export const fontMaxBytes = 2 * 1024 * 1024
export const fontNameMaxLength = 100

const fontName = requiredText().max(fontNameMaxLength, { error: 'too_long', abort: true })
const fontWeight = z.coerce.number({ error: 'invalid_value' }).refine((v) => (fontWeights as readonly number[]).includes(v), { error: 'invalid_value' })
  .meta({ enum: [...fontWeights] })

/** The metadata fields of an upload (multipart text fields, so numbers arrive as text). */
export const fontUploadFields = z.strictObject({
  font_name: fontName,
  fallback_font: z.enum(fallbackFonts, { error: 'invalid_value' }).default(fontDefaults.fallback_font),
  font_weight: fontWeight.default(fontDefaults.font_weight),
  font_style: z.enum(fontStyles, { error: 'invalid_value' }).default(fontDefaults.font_style),
  font_display: z.enum(fontDisplays, { error: 'invalid_value' }).default(fontDefaults.font_display),
})
export type FontUploadFields = z.output<typeof fontUploadFields>

export const updateFontInput = z.strictObject({
  font_name: fontName.optional(),
  fallback_font: z.enum(fallbackFonts, { error: 'invalid_value' }).optional(),
  font_weight: z.number({ error: 'invalid_value' }).int().refine((v) => (fontWeights as readonly number[]).includes(v), { error: 'invalid_value' }).meta({ enum: [...fontWeights] }).optional(),
  font_style: z.enum(fontStyles, { error: 'invalid_value' }).optional(),
  font_display: z.enum(fontDisplays, { error: 'invalid_value' }).optional(),
})
export type UpdateFontInput = z.output<typeof updateFontInput>

export const fontParams = z.strictObject({ id: zIdParam() })
/** `<id>.<woff2|woff|ttf>` */
export const fontFileParams = z.strictObject({ file: zText().max(40) })
/** `<sellerId>.css` */
export const fontStylesheetParams = z.strictObject({ file: zText().max(40) })

export const fontOutput = z.object({
  id: z.number().int(),
  font_name: z.string(),
  fallback_font: z.enum(fallbackFonts),
  font_weight: z.number().int(),
  font_style: z.enum(fontStyles),
  font_display: z.enum(fontDisplays),
  font_format: z.enum(fontFormats),
  original_name: z.string(),
  size: z.number().int(),
  /** Where the file is served (absolute path on this platform). */
  url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type FontOutput = z.infer<typeof fontOutput>
export const fontAnswer = z.object({ font: fontOutput })
export const fontListOutput = z.object({
  list: z.array(fontOutput),
  total_count: z.number().int(),
  /** The seller's @font-face stylesheet with every font of the list. */
  stylesheet_url: z.string(),
})
