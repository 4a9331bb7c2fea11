import { z } from 'zod'
import { zEmail } from '../validation/account-schemas'
import { zText } from '../validation/storable'

// The sign-in and "send me a link" bodies of /api/v1/app, apart from ./accounts.ts (which re-exports them)
// so the sign-in page loads no phone, bank or VAT rules (docs/decisions/0045-cabinet-on-a-phone.md).

export const fingerprint = zText().min(8).max(200)

export const signInInput = z.object({
  email: zText().trim().min(1).max(254),
  password: zText().min(1).max(200),
  fingerprint,
}).strict()
export type SignInInput = z.infer<typeof signInInput>

export const emailOnlyInput = z.object({ email: zEmail }).strict()
