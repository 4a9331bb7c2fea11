import { z } from 'zod'
import { int4Max, zText } from '../validation/storable'

// The license key activation API (docs/decisions/0020-issued-certificates-licenses-downloads.md: beyond the spec). Public and rate limited; an
// unknown, undelivered or revoked key answers `valid: false` with status 200, so keys cannot be told apart
// by status. A use is one activation (one installation); an activation limit is per product.

const licenseKey = zText({ error: 'required' }).trim().min(1, { error: 'required' }).max(200, { error: 'too_long' })
const productId = z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).positive({ error: 'invalid_value' }).max(int4Max, { error: 'out_of_range' })

export const licenseVerifyInput = z.strictObject({
  license_key: licenseKey,
  /** The product the key should belong to; send it when the same key text may exist in several products. */
  product_id: productId.optional(),
})
export type LicenseVerifyInput = z.infer<typeof licenseVerifyInput>
export const licenseActivateInput = licenseVerifyInput
export const licenseDeactivateInput = licenseVerifyInput

export const licenseVerifyOutput = z.object({
  valid: z.boolean(),
  product_id: z.number().optional(),
  /** Activations now in use. */
  uses: z.number().optional(),
  /** Most activations at once; null: no limit. */
  activation_limit: z.number().nullable().optional(),
})
export type LicenseVerifyOutput = z.infer<typeof licenseVerifyOutput>

/** The seller's license settings of a licenseKey product. */
export const licenseSettingsInput = z.strictObject({
  activation_limit: z.number({ error: 'invalid_value' }).int({ error: 'invalid_value' }).min(1, { error: 'out_of_range' }).max(100_000, { error: 'out_of_range' }).nullable(),
})
export type LicenseSettingsInput = z.infer<typeof licenseSettingsInput>
export const licenseSettingsOutput = z.object({ product_id: z.number(), activation_limit: z.number().nullable() })
