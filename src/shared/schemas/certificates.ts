import { z } from 'zod'
import { byLocale } from './translations'
import { notBlank, zText } from '../validation/storable'
import { hexColorPattern, isHexColor } from '../validation/color'
import { hasScriptTag } from '../validation/text'
import { allRules, byValue, documented } from '../validation/document-rules'
import { isLocaleCode, localeCodes, type LocaleCode } from '../i18n/locales'
import { textTranslationsOf } from '../i18n/text-translations'

// The design of a certificate product (docs/reference/catalogue-and-selling.md "Certificate layouts: landscape, portrait, custom.
// Certificate date sources: purchase_date, relative_date, custom_text. Validity start: from_static_date,
// from_payment."). Title and body take placeholders that are filled for each payer.

export const certificateLayouts = ['landscape', 'portrait', 'custom'] as const
export const certificateDateSources = ['purchase_date', 'relative_date', 'custom_text'] as const
export const certificateValidityStarts = ['from_static_date', 'from_payment'] as const
/** When a certificate is issued (docs/decisions/0020-issued-certificates-licenses-downloads.md): on purchase, or when the payer completes the course. */
export const certificateTriggers = ['purchase', 'course_completion'] as const
export type CertificateTrigger = (typeof certificateTriggers)[number]
export const certificatePlaceholders = ['payer_name', 'product_name', 'date', 'valid_until', 'seller_name', 'certificate_number'] as const
export type CertificatePlaceholder = (typeof certificatePlaceholders)[number]

/** The `{{name}}` placeholders in a text that are not known ones. */
export function unknownPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1]!).filter((name) => !(certificatePlaceholders as readonly string[]).includes(name))
}

/** Fills every known `{{name}}` with its value. */
export function fillPlaceholders(text: string, values: Readonly<Record<CertificatePlaceholder, string>>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as CertificatePlaceholder] : whole))
}

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const hex = zText({ error: keyOr('invalid_value') }).refine(isHexColor, { error: 'invalid_hex_color' }).meta({ pattern: hexColorPattern })
// A required text needs a character that is not a space: the document says so with the pattern.
const text = (min: number, max: number) => zText({ error: keyOr('invalid_value') }).trim()
  .min(min, { error: 'required', abort: true }).regex(min > 0 ? notBlank : /(?:)/, { error: 'required', abort: true }).max(max, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
  .refine((value) => unknownPlaceholders(value).length === 0, { error: 'unknown_placeholder' })
const customSize = z.strictObject({
  width_mm: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(50, { error: 'out_of_range' }).max(1000, { error: 'out_of_range' }),
  height_mm: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(50, { error: 'out_of_range' }).max(1000, { error: 'out_of_range' }),
})
const isoDate = zText({ error: keyOr('invalid_date') }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalid_date' }).meta({ format: 'date' })
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), { error: 'invalid_date' })

/**
 * The design's texts in other languages (docs/decisions/0095-product-translations.md, "Certificate designs"): per
 * locale, any of the seller's texts of the design, with the base texts' rules; an empty text is not translated.
 */
export const certificateTranslationFields = ['title', 'body', 'custom_date_text'] as const
export type CertificateTranslationField = (typeof certificateTranslationFields)[number]
export type CertificateTranslation = { [K in CertificateTranslationField]?: string }
export type CertificateTranslations = { [L in LocaleCode]?: CertificateTranslation }

export const certificateTranslationInput = z.strictObject({
  title: text(0, 200).nullish(),
  body: text(0, 5000).nullish(),
  custom_date_text: text(0, 200).nullish(),
})
export type CertificateTranslationInput = z.infer<typeof certificateTranslationInput>
/** One key per locale code (src/shared/i18n/locales.ts); any other key is refused. */
export const certificateTranslationsInput = z.strictObject(byLocale(certificateTranslationInput))
export type CertificateTranslationsInput = z.infer<typeof certificateTranslationsInput>

/**
 * The stored or sent translations read as the design keeps them: locale keys and known fields with text only
 * (trimmed by the schema); a language with no text left is dropped.
 */
export function certificateTranslationsOf(value: unknown): CertificateTranslations {
  return textTranslationsOf(value, certificateTranslationFields)
}

/**
 * The design's seller texts in `locale`, each the translation's when given, else the base text (the one
 * fallback, text by text). No locale or no translation in it: the base texts.
 */
export function localizedCertificateTexts(
  design: Pick<CertificateDesign, 'title' | 'body' | 'custom_date_text'> & { translations?: unknown }, locale: string | null | undefined,
): { title: string; body: string; custom_date_text: string | null } {
  const tr = locale && isLocaleCode(locale) ? certificateTranslationsOf(design.translations)[locale] : undefined
  return { title: tr?.title ?? design.title, body: tr?.body ?? design.body, custom_date_text: tr?.custom_date_text ?? design.custom_date_text }
}

export const certificateDesignInput = z.strictObject({
  layout: z.enum(certificateLayouts, { error: 'invalid_value' }),
  /** custom layout only: the page in millimetres. */
  custom_size: customSize.nullish(),
  title: text(1, 200),
  body: text(0, 5000).default(''),
  colors: z.strictObject({ text: hex, accent: hex, background: hex }),
  date_source: z.enum(certificateDateSources, { error: 'invalid_value' }),
  /** relative_date: days after the purchase (negative: before). */
  relative_days: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(-3650, { error: 'out_of_range' }).max(3650, { error: 'out_of_range' }).nullish(),
  /** custom_text: the text printed as the date. */
  custom_date_text: text(1, 200).nullish(),
  validity_start: z.enum(certificateValidityStarts, { error: 'invalid_value' }),
  /** from_static_date: the day validity starts (YYYY-MM-DD). */
  static_date: isoDate.nullish(),
  /** Days the certificate stays valid; none: valid without end. */
  validity_days: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(36500, { error: 'out_of_range' }).nullish(),
  /** A media upload of kind image (see the media uploads). */
  background_key: zText({ error: 'invalid_value' }).regex(/^[a-z0-9-]{1,80}(\.[a-z0-9]{1,8})?$/, { error: 'unknown_upload' }).nullish(),
  /** Absent: purchase for certificate products, course_completion for course products. */
  issue_on: z.enum(certificateTriggers, { error: 'invalid_value' }).nullish(),
  /** The texts in other languages; left out, the stored ones stay; sent, they replace them; null or {} removes them. */
  translations: certificateTranslationsInput.nullish(),
}).superRefine((d, ctx) => {
  if (d.layout === 'custom' && !d.custom_size) ctx.addIssue({ code: 'custom', path: ['custom_size'], message: 'required' })
  if (d.date_source === 'relative_date' && (d.relative_days === undefined || d.relative_days === null)) ctx.addIssue({ code: 'custom', path: ['relative_days'], message: 'required' })
  if (d.date_source === 'custom_text' && !d.custom_date_text) ctx.addIssue({ code: 'custom', path: ['custom_date_text'], message: 'required' })
  if (d.validity_start === 'from_static_date' && !d.static_date) ctx.addIssue({ code: 'custom', path: ['static_date'], message: 'required' })
}).meta(allRules(
  byValue('layout', certificateLayouts, { custom: { custom_size: documented(customSize) } }),
  byValue('date_source', certificateDateSources, { relative_date: { relative_days: { type: 'integer', minimum: -3650, maximum: 3650 } }, custom_text: { custom_date_text: documented(text(1, 200)) } }),
  byValue('validity_start', certificateValidityStarts, { from_static_date: { static_date: { type: 'string', format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } } }),
))
export type CertificateDesignInput = z.input<typeof certificateDesignInput>

/** The preview's language: given, the preview prints its words and the design's texts in it. */
export const certificatePreviewQuery = z.strictObject({ locale: z.enum(localeCodes, { error: 'invalid_value' }).optional() })

const certificateTranslationOutput = z.object({ title: z.string().nullable(), body: z.string().nullable(), custom_date_text: z.string().nullable() })

export const certificateDesignOutput = z.object({
  product_id: z.number(),
  layout: z.enum(certificateLayouts),
  custom_size: z.object({ width_mm: z.number(), height_mm: z.number() }).nullable(),
  title: z.string(),
  body: z.string(),
  colors: z.object({ text: z.string(), accent: z.string(), background: z.string() }),
  date_source: z.enum(certificateDateSources),
  relative_days: z.number().nullable(),
  custom_date_text: z.string().nullable(),
  validity_start: z.enum(certificateValidityStarts),
  static_date: z.string().nullable(),
  validity_days: z.number().nullable(),
  background_key: z.string().nullable(),
  issue_on: z.enum(certificateTriggers),
  /** The texts in other languages by locale ({} for none); each text null when not given. Optional for clients. */
  translations: z.object(byLocale(certificateTranslationOutput)).optional(),
  /** false until the seller saves a design: the answer then shows the defaults. */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
})
export type CertificateDesignOutput = z.infer<typeof certificateDesignOutput>
export type CertificateDesign = Omit<CertificateDesignOutput, 'product_id' | 'saved' | 'updated_at'>

export const defaultCertificateDesign: CertificateDesign = {
  layout: 'landscape', custom_size: null, title: 'Certificate of completion',
  body: 'This certifies that {{payer_name}} has completed {{product_name}} on {{date}}.',
  colors: { text: '#1f2937', accent: '#b45309', background: '#ffffff' },
  date_source: 'purchase_date', relative_days: null, custom_date_text: null,
  validity_start: 'from_payment', static_date: null, validity_days: null, background_key: null,
  issue_on: 'purchase', translations: {},
}

// ------------------------------------------------------------------ issued certificates

/**
 * A certificate's serial: `SF-` and three groups of four Crockford base32 characters (60 random bits; no
 * I, L, O, U, so it reads and types back without confusion).
 */
export const certificateSerialAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const certificateSerialPattern = /^SF-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/

/** The serial written from 12 random values (each byte's low 5 bits pick a character). */
export function formatCertificateSerial(random: Uint8Array): string {
  if (random.length < 12) throw new Error('a serial needs 12 random bytes')
  const chars = Array.from(random.subarray(0, 12), (b) => certificateSerialAlphabet[b & 31]!)
  return `SF-${chars.slice(0, 4).join('')}-${chars.slice(4, 8).join('')}-${chars.slice(8, 12).join('')}`
}

/** A serial as typed by a person: upper case, without spaces, O read as 0 and I or L as 1. */
export function normalizeCertificateSerial(input: string): string {
  return input.trim().toUpperCase().replace(/\s+/g, '').replace(/O/g, '0').replace(/[IL]/g, '1').replace(/^SF(?=[0-9A-Z])/, 'SF-')
}

export const certificateSerialParams = z.strictObject({ serial: zText().max(40) })

/** What the verification page says: genuine and valid, not yet valid, expired, revoked, or not ours. */
export const certificateVerdicts = ['valid', 'not_yet_valid', 'expired', 'revoked', 'unknown'] as const
export type CertificateVerdict = (typeof certificateVerdicts)[number]

export const certificateVerificationOutput = z.object({
  serial: z.string(),
  status: z.enum(certificateVerdicts),
  /** The rest only for a certificate that exists. */
  recipient_name: z.string().nullable(),
  product_name: z.string().nullable(),
  seller_username: z.string().nullable(),
  shown_date: z.string().nullable(),
  issued_at: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  revoked_at: z.string().nullable(),
})
export type CertificateVerificationOutput = z.infer<typeof certificateVerificationOutput>

/** What a payer sees of an issued certificate (the order's deliverables, the payer area). */
export const issuedCertificateOutput = z.object({
  serial: z.string(), pdf_url: z.string(), verify_url: z.string(), product_id: z.number(), product_name: z.string(), state: z.string(),
})
export type IssuedCertificateOutput = z.infer<typeof issuedCertificateOutput>
export const certificatePdfQuery = z.strictObject({ t: zText().max(100) })
