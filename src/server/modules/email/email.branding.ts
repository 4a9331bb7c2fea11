import type { Branding } from '../../../shared/customization/branding'
import { escapeHtml } from './email.templates'

// A seller's branding on the mails to their payers (docs/decisions/0085-customization.md): their logo or name
// in a header of their primary colour, buttons in that colour, links in their accent colour, their footer
// text, and without the Sellfront line when they hide it. Applied by `queueEmail` to every mail that names
// the seller whose payer it goes to (`sellerId`), whatever made its text (these templates, the delivery mail,
// the simple mails), because they all share one layout: the body tag, the button style and the platform line
// below. What is stored is what was sent: a mail queued before a change keeps its look.

/** The button of every mail layout (email.templates.ts, email.simple-mail.ts, delivery.email.ts). */
const platformButton = 'background:#1c7ed6;color:#fff'

/** The mails' last line naming the platform. */
const platformLine = (appUrl: string) => `<p style="font-size:12px;color:#777">Sellfront · ${escapeHtml(appUrl)}</p>`

export function brandMail(mail: { subject: string; html: string; text: string }, branding: Branding | null, appUrl: string): { subject: string; html: string; text: string } {
  if (!branding) return mail
  let html = mail.html
  const { primaryColor: primary, onPrimaryColor: onPrimary, accentColor: accent } = branding
  if (branding.logoUrl || primary) {
    const mark = branding.logoUrl
      ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.sellerName)}" style="display:block;max-height:48px;max-width:220px;border:0">`
      : `<strong style="font-size:18px">${escapeHtml(branding.sellerName)}</strong>`
    const colours = primary ? `background:${primary};color:${onPrimary ?? '#fff'};` : ''
    const header = `<div data-branding="header" style="${colours}padding:16px 20px;border-radius:6px;margin:0 0 20px${accent ? `;border-bottom:3px solid ${accent}` : ''}">${mark}</div>`
    html = html.replace(/<body[^>]*>/, (body) => body + header)
  }
  if (primary) html = html.split(platformButton).join(`background:${primary};color:${onPrimary ?? '#fff'}`)
  // plain links (a button's anchor has its own style after the address)
  if (accent) html = html.replace(/<a href="([^"]*)">/g, `<a href="$1" style="color:${accent}">`)
  const footer = branding.mailFooter
    ? `<p data-branding="footer" style="font-size:12px;color:#555">${escapeHtml(branding.mailFooter).replace(/\n/g, '<br>')}</p>`
    : ''
  const line = platformLine(appUrl)
  if (html.includes(line)) html = html.replace(line, footer + (branding.hideBranding ? '' : line))
  else if (footer) html = html.replace('</body>', `${footer}</body>`)
  const text = branding.mailFooter ? `${mail.text}\n\n-- \n${branding.mailFooter}` : mail.text
  return { subject: mail.subject, html, text }
}
