import { featureFlags } from '../../../shared/accounts'
import { AppError } from '../../../shared/errors'
import type { SmtpSecurity, SmtpSettingsInput, SmtpSettingsOutput, SmtpTestOutput } from '../../../shared/schemas/seller-mail'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { OutgoingMail } from '../../mail/mailer'
import { sendThroughSellerSmtp, SellerSmtpError, smtpErrorText, type SellerSmtp } from '../../mail/seller-mailer'
import { paymentSecrets, SecretDecryptionError } from '../../payment-secrets'
import { smtpFailureNotice, smtpTestMail } from './email.simple-mail'
import { mailLocale } from './email.templates'
import * as repo from './seller-smtp.repository'

// A seller's own mail server for the mails to their payers (docs/decisions/0084-custom-smtp-and-double-opt-in.md),
// behind the custom_smtp flag. The password is sealed like the payment providers' credentials
// (src/server/payment-secrets.ts, bound to the seller) and never answered. A test mail that goes through
// verifies the settings; only verified settings with the flag on carry payer mails (email.service.ts
// `deliverEmail`). When the server fails, the mail goes through the platform's sender and the seller gets one
// notice per run of failures.

const sealContext = (sellerId: number) => `seller:${sellerId}:smtp`

const iso = (value: Date | null) => (value ? value.toISOString() : null)

function output(row: repo.SellerSmtpRow | undefined): SmtpSettingsOutput {
  return {
    configured: !!row, host: row?.host ?? null, port: row?.port ?? null, security: (row?.security as SmtpSecurity | undefined) ?? null,
    username: row?.username ?? null, password_set: !!row?.passwordEncrypted, from_email: row?.fromEmail ?? null, from_name: row?.fromName ?? null,
    verified: !!row?.verifiedAt, verified_at: iso(row?.verifiedAt ?? null), last_test_at: iso(row?.lastTestAt ?? null), last_test_error: row?.lastTestError ?? null,
    failing_since: iso(row?.failingSince ?? null), last_error: row?.lastError ?? null, last_error_at: iso(row?.lastErrorAt ?? null), last_sent_at: iso(row?.lastSentAt ?? null),
  }
}

function openPassword(deps: AppDeps, row: repo.SellerSmtpRow): string | null {
  if (!row.passwordEncrypted) return null
  const opened = paymentSecrets(deps).open(row.passwordEncrypted, sealContext(row.sellerId))
  return typeof opened.password === 'string' ? opened.password : null
}

function smtpOf(deps: AppDeps, row: repo.SellerSmtpRow): SellerSmtp {
  return {
    host: row.host, port: row.port, security: row.security as SmtpSecurity, username: row.username, password: openPassword(deps, row),
    fromEmail: row.fromEmail, fromName: row.fromName,
  }
}

const mailerOptions = (deps: AppDeps) => ({ allowLoopback: deps.config.SELLER_SMTP_ALLOW_LOOPBACK, timeoutMs: deps.config.SELLER_SMTP_TIMEOUT_MS })

// ---------------------------------------------------------------- the cabinet

export async function getSmtpSettings(ctx: Ctx): Promise<SmtpSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.read')
  return output(await repo.findSettings(ctx.db, sellerId))
}

/** Stores the settings; a change of the server or its sign-in clears the verification (test again). */
export async function saveSmtpSettings(ctx: Ctx, input: SmtpSettingsInput): Promise<SmtpSettingsOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const box = paymentSecrets(ctx.deps)
  const row = await ctx.db.transaction(async (tx) => {
    const current = await repo.findSettings(tx, sellerId, { lock: true })
    let passwordEncrypted = current?.passwordEncrypted ?? null
    let passwordChanged = false
    if (input.password === null || input.password === '') {
      passwordChanged = passwordEncrypted !== null
      passwordEncrypted = null
    } else if (input.password !== undefined) {
      passwordChanged = true
      passwordEncrypted = box.seal({ password: input.password }, sealContext(sellerId))
    }
    const username = input.username?.trim() || null
    const serverChanged = !current || passwordChanged || current.host !== input.host || current.port !== input.port
      || current.security !== input.security || current.username !== username || current.fromEmail !== input.from_email
    return repo.upsertSettings(tx, {
      sellerId, host: input.host, port: input.port, security: input.security, username, passwordEncrypted,
      fromEmail: input.from_email, fromName: input.from_name?.trim() || null,
      verifiedAt: serverChanged ? null : current.verifiedAt, lastTestError: serverChanged ? null : current.lastTestError,
      failingSince: serverChanged ? null : current.failingSince,
      createdAt: ctx.realNow, updatedAt: ctx.realNow,
    })
  })
  return output(row)
}

export async function deleteSmtpSettings(ctx: Ctx): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  if (!await repo.deleteSettings(ctx.db, sellerId)) throw new AppError('not_found', 'No mail server is set')
}

/**
 * Sends a test mail through the stored settings (never inside a transaction) and records the outcome: success
 * verifies the settings, a failure answers the server's words and clears the verification.
 */
export async function testSmtpSettings(ctx: Ctx, input: { to?: string | undefined }): Promise<SmtpTestOutput> {
  const sellerId = actingSellerId(ctx.actor, 'settings.write')
  const row = await repo.findSettings(ctx.db, sellerId)
  if (!row) throw new AppError('conflict', 'Save the mail server settings first')
  const facts = await repo.sellerFacts(ctx.db, sellerId)
  const to = input.to ?? facts?.email
  if (!to) throw new AppError('conflict', 'No address to send the test mail to')
  let error: string | null = null
  try {
    const rendered = smtpTestMail(ctx.locale, { host: row.host, appUrl: ctx.deps.config.appUrl })
    await sendThroughSellerSmtp(smtpOf(ctx.deps, row), { to, ...rendered }, mailerOptions(ctx.deps))
  } catch (failure) {
    if (failure instanceof SecretDecryptionError) error = 'The stored password cannot be read; enter it again'
    else if (failure instanceof SellerSmtpError) error = failure.message
    else error = smtpErrorText(failure)
  }
  const now = ctx.deps.realNow()
  const recorded = await repo.recordTest(ctx.db, sellerId, row.updatedAt, error
    ? { lastTestAt: now, lastTestError: error, verifiedAt: null }
    : { lastTestAt: now, lastTestError: null, verifiedAt: now, failingSince: null })
  return { ok: error === null, error, settings: output(recorded ?? await repo.findSettings(ctx.db, sellerId)) }
}

// ---------------------------------------------------------------- delivery (email.service.ts deliverEmail)

/** The seller's server for their payer mails: only with the flag on and settings a test mail verified; else null. */
async function sellerServerOf(deps: AppDeps, sellerId: number): Promise<{ row: repo.SellerSmtpRow; smtp: SellerSmtp } | null> {
  const row = await repo.findSettings(deps.db, sellerId)
  if (!row?.verifiedAt) return null
  const facts = await repo.sellerFacts(deps.db, sellerId)
  if (!(facts?.features.custom_smtp ?? featureFlags.custom_smtp)) return null
  try {
    return { row, smtp: smtpOf(deps, row) }
  } catch (error) {
    if (error instanceof SecretDecryptionError) return null
    throw error
  }
}

export type SellerSendOutcome = 'not_used' | 'sent' | 'failed'
export type SellerNotice = { to: string; rendered: { subject: string; html: string; text: string }; locale: string; firstName: string }

/**
 * Tries the seller's own server for a mail to their payer. 'not_used': no verified server or the flag is off;
 * 'sent': it went through; 'failed': it did not, the failure is recorded and, at the start of a run of failures,
 * the seller's notice is queued (through the platform's sender). The caller then sends through the platform.
 */
export async function sendThroughSeller(
  deps: AppDeps, sellerId: number, mail: OutgoingMail, queueNotice: (tx: Executor, notice: SellerNotice) => Promise<unknown>,
): Promise<SellerSendOutcome> {
  const server = await sellerServerOf(deps, sellerId)
  if (!server) return 'not_used'
  try {
    await sendThroughSellerSmtp(server.smtp, mail, mailerOptions(deps))
  } catch (failure) {
    const error = failure instanceof SellerSmtpError ? failure.message : smtpErrorText(failure)
    await deps.db.transaction(async (tx) => {
      if (!await repo.startFailureRun(tx, sellerId, error, deps.realNow())) return
      const facts = await repo.sellerFacts(tx, sellerId)
      if (!facts) return
      const locale = mailLocale(facts.locale)
      const rendered = smtpFailureNotice(locale, { firstName: facts.firstName, host: server.row.host, error, link: `${deps.config.appUrl}/cabinet/mail_settings`, appUrl: deps.config.appUrl })
      await queueNotice(tx, { to: facts.email, rendered, locale, firstName: facts.firstName })
    })
    deps.logger.warn({ sellerId, error }, 'seller mail server failed; the mail goes through the platform sender')
    return 'failed'
  }
  await repo.recordSent(deps.db, sellerId, deps.realNow())
  return 'sent'
}
