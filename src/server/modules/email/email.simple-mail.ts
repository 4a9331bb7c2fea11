import { escapeHtml } from './email.templates'

// Mails whose texts live with their sender (docs/decisions/0084-custom-smtp-and-double-opt-in.md): the seller mail
// server's notice and test mail here, the double opt-in's confirmation in the integrations module. A plain
// layout of the same shape as email.templates.ts's, kept apart so that file stays the templates' own.

export type SimpleMail = { subject: string; greeting: string; paragraphs: string[]; action?: { label: string; link: string }; footer: string }

export function renderSimpleMail(locale: string, mail: SimpleMail): { subject: string; html: string; text: string } {
  const lang = locale === 'de' ? 'de' : 'en'
  const text = [mail.greeting, '', ...mail.paragraphs.flatMap((p) => [p, '']), ...(mail.action ? [`${mail.action.label}: ${mail.action.link}`, ''] : []), mail.footer].join('\n')
  const button = mail.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.action.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(mail.action.label)}</a></p><p style="font-size:12px;color:#555">${escapeHtml(mail.action.link)}</p>`
    : ''
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + `<p>${escapeHtml(mail.greeting)}</p>${mail.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button}`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">${escapeHtml(mail.footer)}</p></body></html>`
  return { subject: mail.subject, html, text }
}

/** The seller's notice that their mail server failed and payer mails go through the platform's sender for now. */
export function smtpFailureNotice(locale: string, p: { firstName: string; host: string; error: string; link: string; appUrl: string }) {
  const de = locale === 'de'
  return renderSimpleMail(locale, {
    subject: de ? 'Dein Mailserver hat eine E-Mail abgelehnt' : 'Your mail server failed to send a mail',
    greeting: de ? `Hallo ${p.firstName},` : `Hello ${p.firstName},`,
    paragraphs: de
      ? [`Dein Mailserver ${p.host} konnte eine E-Mail an einen deiner Käufer nicht senden: ${p.error}`,
        'Damit nichts verloren geht, senden wir E-Mails an deine Käufer bis auf Weiteres über den Absender von Sellfront. Sobald dein Server wieder sendet, gehen sie wieder über ihn.',
        'Wir schicken diesen Hinweis einmal je Störung, nicht für jede E-Mail.']
      : [`Your mail server ${p.host} could not send a mail to one of your payers: ${p.error}`,
        'So that nothing is lost, mails to your payers go through the Sellfront sender until further notice. As soon as your server sends again, they go through it again.',
        'We send this notice once per outage, not for every mail.'],
    action: { label: de ? 'Mailserver prüfen' : 'Check your mail server', link: p.link },
    footer: `Sellfront · ${p.appUrl}`,
  })
}

/** The test mail a seller sends through their own server from the settings page. */
export function smtpTestMail(locale: string, p: { host: string; appUrl: string }) {
  const de = locale === 'de'
  return renderSimpleMail(locale, {
    subject: de ? 'Testmail von Sellfront' : 'Test mail from Sellfront',
    greeting: de ? 'Hallo,' : 'Hello,',
    paragraphs: [de
      ? `Diese E-Mail wurde über deinen Mailserver ${p.host} gesendet. Die Einstellungen funktionieren: E-Mails an deine Käufer gehen ab jetzt über ihn.`
      : `This mail was sent through your mail server ${p.host}. The settings work: mails to your payers go through it from now on.`],
    footer: `Sellfront · ${p.appUrl}`,
  })
}
