import type { z } from 'zod'
import { emailMaxLength, isEmail } from './email'
import type { MessageKey } from './messages'
import { passwordIssue, passwordMaxLength, passwordMinLength, passwordSpecialCharacters } from './password'
import { notBlank, zText } from './storable'

// The base of the zod rules (./schemas.ts re-exports what is here) and the two the account screens need,
// kept apart from the phone, bank and VAT rules so a page that only signs in does not load their libraries.

/** A missing value reads 'required'; a value of the wrong type 'invalid_value'. */
export const string = () => zText({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') })
/** Trimmed (spec: text is trimmed) and not empty. */
export const requiredText = () => string().trim().min(1, { error: 'required', abort: true }).regex(notBlank, { error: 'required' })
/** Adds the issue a rule function returns, if any. */
export const issueFrom = (rule: (value: string) => MessageKey | undefined) => (value: string, ctx: z.RefinementCtx) => {
  const message = rule(value)
  if (message !== undefined) ctx.addIssue({ code: 'custom', message })
}

export const zEmail = requiredText()
  .max(emailMaxLength, { error: 'invalid_email', abort: true })
  .refine(isEmail, { error: 'invalid_email' })
  .meta({ format: 'email', maxLength: emailMaxLength })

/** Not trimmed: spaces are characters of a password. */
export const zPassword = string()
  .min(1, { error: 'required', abort: true })
  .superRefine(issueFrom(passwordIssue))
  .meta({ format: 'password', minLength: passwordMinLength, maxLength: passwordMaxLength, description: `${passwordMinLength} to ${passwordMaxLength} characters, at least one of ${passwordSpecialCharacters}` })
