import { z } from 'zod'
import { mailFooterMaxLength } from '../customization/branding'
import { hexColorPattern, isHexColor } from '../validation/color'
import { zText } from '../validation/storable'

// The seller's branding on payer-facing pages and mails (docs/decisions/0085-customization.md), behind the
// customization flag: /cabinet/customization.

const hex = zText().refine(isHexColor, { error: 'invalid_hex_color' }).meta({ pattern: hexColorPattern })

/**
 * PUT /cabinet/customization. A field left out keeps its stored value; null clears it (the platform's look).
 * The logo is one of the seller's media uploads of kind image (POST /cabinet/uploads). The primary colour is
 * the header bar and buttons, its text colour chosen by contrast; the accent colour is text on white and must
 * reach 4.5:1 there (refused otherwise: 422 `low_contrast`). The mail footer is plain text, stored without control
 * characters, at most 500 characters and 8 lines (422 `too_many_lines`).
 */
export const customizationInput = z.object({
  logo_key: zText().min(1).max(200).nullable().optional(),
  primary_color: hex.nullable().optional(),
  // Contrast and the footer's lines are the use case's checks (422 validation_failed, customization.service.ts):
  // the API document can state a hex colour and a length, not a contrast ratio or a line count.
  accent_color: hex.nullable().optional(),
  mail_footer: zText().max(mailFooterMaxLength).nullable().optional(),
  hide_branding: z.boolean().optional(),
}).strict()
export type CustomizationInput = z.infer<typeof customizationInput>

export const customizationOutput = z.object({
  logo_key: z.string().nullable(),
  /** Where pages show the logo (/s/{username}/uploads/{key}); null: the seller's name as text. */
  logo_url: z.string().nullable(),
  primary_color: z.string().nullable(),
  /** The text colour on the primary colour: white or black, whichever reads better. */
  primary_text_color: z.string().nullable(),
  accent_color: z.string().nullable(),
  mail_footer: z.string().nullable(),
  hide_branding: z.boolean(),
  updated_at: z.string().nullable(),
})
export type CustomizationOutput = z.infer<typeof customizationOutput>
