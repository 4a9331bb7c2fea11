import { z } from 'zod'
import { zEmail } from '../validation/account-schemas'
import { zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// A seller's own mail server and double opt-in (docs/decisions/0084-custom-smtp-and-double-opt-in.md).

export const smtpSecurities = ['tls', 'starttls', 'none'] as const
export type SmtpSecurity = (typeof smtpSecurities)[number]

/**
 * PUT /cabinet/smtp_settings. The password: a new one replaces the stored one, null removes it, left out keeps
 * the stored one (the answer never carries it). A change of host, port, security, user or password clears the
 * verification: the seller sends a test mail again before payer mails use the server.
 */
export const smtpSettingsInput = z.object({
  host: zText().trim().min(1).max(253).regex(/^[A-Za-z0-9.-]+$|^\[?[0-9A-Fa-f:.]+\]?$/, 'A host name or an IP address'),
  port: z.number().int().min(1).max(65_535),
  security: z.enum(smtpSecurities),
  username: zText().trim().max(254).nullable().optional(),
  password: zText().max(500).nullable().optional(),
  from_email: zEmail,
  from_name: zText().trim().max(120).nullable().optional(),
}).strict()
export type SmtpSettingsInput = z.infer<typeof smtpSettingsInput>

export const smtpSettingsOutput = z.object({
  configured: z.boolean(),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  security: z.enum(smtpSecurities).nullable(),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself is never answered. */
  password_set: z.boolean(),
  from_email: z.string().nullable(),
  from_name: z.string().nullable(),
  /** Payer mails go through this server: a test mail went through since the last change. */
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  last_test_at: z.string().nullable(),
  last_test_error: z.string().nullable(),
  /** Set while deliveries fail (they fall back to the platform's sender); the seller was told once. */
  failing_since: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  last_sent_at: z.string().nullable(),
})
export type SmtpSettingsOutput = z.infer<typeof smtpSettingsOutput>

/** POST /cabinet/smtp_settings/test: sends a test mail through the stored settings (to the seller's account address when `to` is left out). */
export const smtpTestInput = z.object({ to: zEmail.optional() }).strict()
export const smtpTestOutput = z.object({
  ok: z.boolean(),
  /** The server's answer when it failed (connection, TLS, authentication, refusal). */
  error: z.string().nullable(),
  settings: smtpSettingsOutput,
})
export type SmtpTestOutput = z.infer<typeof smtpTestOutput>

// ------------------------------------------------------------------ double opt-in

export const doubleOptInSettingsInput = z.object({ required: z.boolean() }).strict()
export const doubleOptInSettingsOutput = z.object({
  required: z.boolean(),
  pending_count: z.number().int(),
  confirmed_count: z.number().int(),
})
export type DoubleOptInSettingsOutput = z.infer<typeof doubleOptInSettingsOutput>

export const optInStates = ['pending', 'confirmed'] as const
export const optInListQuery = listQuery.extend({ state: z.enum(optInStates).optional() })
export type OptInListQuery = z.infer<typeof optInListQuery>
export const optInOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  state: z.enum(optInStates),
  order_id: z.number().int().nullable(),
  requested_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** The proof of consent: the address and browser the payer confirmed from. */
  confirmed_ip: z.string().nullable(),
  confirmed_user_agent: z.string().nullable(),
})
export type OptInOutput = z.infer<typeof optInOutput>
export const optInList = listOutput(optInOutput)

/** The signed link's token: `<id>.<signature>`. */
export const optInTokenParams = z.object({ token: zText().min(10).max(200) }).strict()
export const publicOptInOutput = z.object({
  seller_name: z.string(),
  email: z.string(),
  state: z.enum(optInStates),
  confirmed_at: z.string().nullable(),
})
export type PublicOptInOutput = z.infer<typeof publicOptInOutput>
