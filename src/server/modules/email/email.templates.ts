// The platform's mails in the 20 locales of the spec (src/shared/schemas/accounts.ts `localeCode`): the texts of
// each locale are a file of mail-texts/ typed `MailTexts`, which requires every MailKind, and mail-texts/index.ts
// requires every locale, so the compiler proves each mail complete in each language. The renderer picks the
// mail's locale (`pt_br`, `pt-BR` and `de-AT` style codes included) and falls back to English for an unknown one;
// Arabic mails are right to left. Every value put into HTML is escaped.

import { mailTextsFor } from './mail-texts'
import type { MailKind, MailParams } from './mail-texts/types'

export type { MailKind, MailParams } from './mail-texts/types'
export { mailLocale, mailTextsFor } from './mail-texts'

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

export function renderMail(kind: MailKind, locale: string, params: MailParams): { subject: string; html: string; text: string } {
  const l = mailTextsFor(locale)
  const t = l.kinds[kind](params)
  const hello = l.greeting(params.firstName)
  const text = [hello, '', t.intro, ...(t.action && params.link ? ['', `${t.action}${l.colon} ${params.link}`] : []), '', t.outro,
    ...(params.unsubscribeLink ? ['', `${l.unsubscribe}${l.colon} ${params.unsubscribeLink}`] : [])].join('\n')
  const button = t.action && params.link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(params.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.action)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(params.link)}</p>`
    : ''
  const footer = params.unsubscribeLink
    ? `<p style="font-size:12px;color:#777"><a href="${escapeHtml(params.unsubscribeLink)}">${escapeHtml(l.unsubscribe)}</a></p>`
    : ''
  const html = `<!doctype html>${htmlOpen(l)}<body${bodyDir(l)} style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + `<p>${escapeHtml(hello)}</p><p>${escapeHtml(t.intro)}</p>${button}<p>${escapeHtml(t.outro)}</p>`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">Sellfront · ${escapeHtml(params.appUrl)}</p>${footer}</body></html>`
  return { subject: t.subject, html, text }
}

/** The html element of a mail in a locale: its lang, and dir="rtl" for Arabic. */
export function htmlOpen(l: { lang: string; dir: 'ltr' | 'rtl' }): string {
  return `<html lang="${l.lang}"${l.dir === 'rtl' ? ' dir="rtl"' : ''}>`
}

/** The body's dir (mail clients that drop the html element keep the body's attributes). */
export function bodyDir(l: { lang: string; dir: 'ltr' | 'rtl' }): string {
  return l.dir === 'rtl' ? ` dir="rtl" lang="${l.lang}"` : ''
}
