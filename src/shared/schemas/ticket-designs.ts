import { z } from 'zod'
import { zText } from '../validation/storable'
import { hexColorPattern, isHexColor } from '../validation/color'
import { hasScriptTag } from '../validation/text'
import { byValue, documented } from '../validation/document-rules'
import { byLocale } from './translations'

// The design of an eventTickets product's tickets (docs/reference/catalogue-and-selling.md §2, wizard step "design"): the page
// layout, two colours, the seller's logo, the QR code and which facts of the ticket are printed. The
// payment tickets themselves (code, qr_code_url, state) come with the delivery.

export const ticketLayouts = ['a4_portrait', 'a6_landscape', 'custom'] as const
export type TicketLayout = (typeof ticketLayouts)[number]
/** The facts a ticket can print, in the order they are printed. */
export const ticketPrintFields = ['event_name', 'ticket_type', 'date', 'location', 'attendee_name', 'price', 'order_number'] as const
export type TicketPrintField = (typeof ticketPrintFields)[number]
export const ticketFooterMaxLength = 500

/** Plain text under the ticket (house rules, contact); no script tags. */
const footerText = () => zText({ error: 'invalid_value' }).trim()
  .max(ticketFooterMaxLength, { error: 'too_long', abort: true })
  .refine((value) => !hasScriptTag(value), { error: 'script_tag' })
/** The ticket code the preview prints and encodes in its QR code. */
export const sampleTicketCode = 'SF-TEST-0001'

const keyOr = (other: string) => (issue: { input: unknown }) => (issue.input === undefined ? 'required' : other)
const hex = zText({ error: keyOr('invalid_value') }).refine(isHexColor, { error: 'invalid_hex_color' }).meta({ pattern: hexColorPattern })
const millimetres = () => z.number({ error: keyOr('invalid_value') }).int({ error: 'invalid_value' })
  .min(50, { error: 'out_of_range' }).max(1000, { error: 'out_of_range' })

export const ticketDesignInput = z.strictObject({
  layout: z.enum(ticketLayouts, { error: 'invalid_value' }),
  /** custom layout only: the page in millimetres. */
  custom_size: z.strictObject({ width_mm: millimetres(), height_mm: millimetres() }).nullish(),
  colors: z.strictObject({ accent: hex, text: hex }),
  /** The seller's own media upload of kind image, printed in the corner; none: no logo. */
  logo_key: zText({ error: 'invalid_value' }).regex(/^[a-z0-9-]{1,80}(\.[a-z0-9]{1,8})?$/, { error: 'unknown_upload' }).nullish(),
  show_qr_code: z.boolean({ error: keyOr('invalid_value') }),
  /** The facts printed, a subset of ticketPrintFields; each once. */
  fields: z.array(z.enum(ticketPrintFields, { error: 'invalid_value' }), { error: keyOr('invalid_value') })
    .max(ticketPrintFields.length, { error: 'out_of_range' })
    .refine((list) => new Set(list).size === list.length, { error: 'invalid_value' })
    .meta({ uniqueItems: true }),
  /** Plain text under the ticket (house rules, contact); no script tags. */
  footer_text: footerText().default(''),
  /**
   * The footer in other languages (docs/decisions/0095-product-translations.md "Ticket designs"): a payer's ticket prints
   * the one of its order's language, else `footer_text`. Sent, the set replaces the stored one; null or {} clears it;
   * left out, the stored one stays.
   */
  translations: z.strictObject(byLocale(z.strictObject({ footer_text: footerText().nullish() }))).nullish(),
}).superRefine((d, ctx) => {
  if (d.layout === 'custom' && !d.custom_size) ctx.addIssue({ code: 'custom', path: ['custom_size'], message: 'required' })
}).meta(byValue('layout', ticketLayouts, { custom: { custom_size: documented(z.strictObject({ width_mm: millimetres(), height_mm: millimetres() })) } }))
export type TicketDesignInput = z.input<typeof ticketDesignInput>

export const ticketDesignOutput = z.object({
  product_id: z.number(),
  layout: z.enum(ticketLayouts),
  custom_size: z.object({ width_mm: z.number(), height_mm: z.number() }).nullable(),
  colors: z.object({ accent: z.string(), text: z.string() }),
  logo_key: z.string().nullable(),
  show_qr_code: z.boolean(),
  fields: z.array(z.enum(ticketPrintFields)),
  footer_text: z.string(),
  /** The footer by language; optional for older clients ({} for none). */
  translations: z.record(z.string(), z.object({ footer_text: z.string() })).optional(),
  /** false until the seller saves a design: the answer then shows the defaults. */
  saved: z.boolean(),
  updated_at: z.string().nullable(),
})
export type TicketDesignOutput = z.infer<typeof ticketDesignOutput>
export type TicketDesign = Omit<TicketDesignOutput, 'product_id' | 'saved' | 'updated_at'>

export const defaultTicketDesign: TicketDesign = {
  layout: 'a6_landscape', custom_size: null, colors: { accent: '#1c7ed6', text: '#1f2937' }, logo_key: null,
  show_qr_code: true, fields: [...ticketPrintFields], footer_text: '', translations: {},
}

/** The footer a ticket of an order in `locale` prints: that language's, else the design's own. */
export function footerIn(design: Pick<TicketDesign, 'footer_text' | 'translations'>, locale: string): string {
  return design.translations?.[locale]?.footer_text || design.footer_text
}

/** The fields in their printing order, whatever order they were chosen in. */
export function orderedPrintFields(fields: readonly TicketPrintField[]): TicketPrintField[] {
  return ticketPrintFields.filter((field) => fields.includes(field))
}
