import { bodyDir, escapeHtml, htmlOpen, mailTextsFor } from './email.templates'

// Mails whose texts live with their sender (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the seller mail
// server's notice and test mail here (their words in each locale's file of mail-texts/, `smtpFailureNotice` and
// `smtpTestMail`), the double opt-in's confirmation in the integrations module. A plain layout of the same shape
// as email.templates.ts's, in the mail's locale (its lang, and right to left for Arabic), kept apart so that file
// stays the templates' own.

export type SimpleMail = { subject: string; greeting: string; paragraphs: string[]; action?: { label: string; link: string }; footer: string }

export function renderSimpleMail(locale: string, mail: SimpleMail): { subject: string; html: string; text: string } {
  const l = mailTextsFor(locale)
  const text = [mail.greeting, '', ...mail.paragraphs.flatMap((p) => [p, '']), ...(mail.action ? [`${mail.action.label}${l.colon} ${mail.action.link}`, ''] : []), mail.footer].join('\n')
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(mail.action.link)}</p>`
    : ''
  const html = `<!doctype html>${htmlOpen(l)}<body${bodyDir(l)} style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + `<p>${escapeHtml(mail.greeting)}</p>${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button}`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">${escapeHtml(mail.footer)}</p></body></html>`
  return { subject: mail.subject, html, text }
}

/** The seller's notice that their mail server failed and payer mails go through the platform's sender for now. */
export function smtpFailureNotice(locale: string, p: { firstName: string; host: string; error: string; link: string; appUrl: string }) {
  const l = mailTextsFor(locale)
  const t = l.smtpFailureNotice({ host: p.host, error: p.error })
  return renderSimpleMail(locale, {
    subject: t.subject, greeting: l.greeting(p.firstName), paragraphs: t.paragraphs,
    action: { label: t.action, link: p.link },
    footer: `Sellfront · ${p.appUrl}`,
  })
}

/** The test mail a seller sends through their own server from the settings page. */
export function smtpTestMail(locale: string, p: { host: string; appUrl: string }) {
  const l = mailTextsFor(locale)
  const t = l.smtpTestMail({ host: p.host })
  return renderSimpleMail(locale, { subject: t.subject, greeting: l.greetingWithoutName, paragraphs: t.paragraphs, footer: `Sellfront · ${p.appUrl}` })
}
