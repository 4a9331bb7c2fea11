import { isRichText, plainTextOf } from '../../../shared/html/rich-text'
import type { DeliverablesOutput, DeliveryPlaceholder } from '../../../shared/schemas/delivery'

// The delivery mail (docs/reference/catalogue-and-selling.md §3 "Delivery email modes"): standard_email is the platform's text; custom_email
// the seller's subject and text with {placeholders}; both list what was delivered below the text.
// no_email sends nothing (the order confirmation still goes out). Every value put into HTML is escaped.
// The seller's text is the rich text editor's sanitised HTML (docs/decisions/0043-editor-uploads-and-confirmations.md)
// or, written before the editor, plain text with blank lines between paragraphs.

type Lang = 'en' | 'de'

const texts = {
  en: {
    subject: (p: string) => `Your purchase is ready: ${p}`,
    hello: (n: string) => `Hello ${n},`,
    intro: (p: string, s: string) => `thank you for buying ${p} from ${s}. Everything you bought is ready for you.`,
    open: 'What you bought', area: 'All your purchases', keys: 'Your license keys', downloads: 'Your downloads',
    tickets: 'Your tickets', certificates: 'Your certificates', attached: 'Attached to this mail', signIn: 'Sign in with this email address to open your purchases: we mail you a sign-in link, no password needed.',
  },
  de: {
    subject: (p: string) => `Dein Kauf ist bereit: ${p}`,
    hello: (n: string) => `Hallo ${n},`,
    intro: (p: string, s: string) => `danke für deinen Kauf von ${p} bei ${s}. Alles, was du gekauft hast, ist für dich bereit.`,
    open: 'Was du gekauft hast', area: 'Alle deine Käufe', keys: 'Deine Lizenzschlüssel', downloads: 'Deine Downloads',
    tickets: 'Deine Tickets', certificates: 'Deine Zertifikate', attached: 'Im Anhang dieser E-Mail', signIn: 'Melde dich mit dieser E-Mail-Adresse an, um deine Käufe zu öffnen: wir schicken dir einen Anmeldelink, kein Passwort nötig.',
  },
} as const

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Replaces the known {placeholders}; anything else in braces stays as the seller wrote it. */
export function fillPlaceholders(text: string, values: Record<DeliveryPlaceholder, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name as DeliveryPlaceholder] : whole))
}

export type DeliveryMailInput = {
  locale: Lang
  mode: 'standard_email' | 'custom_email'
  custom: { subject: string; body: string }
  values: Record<DeliveryPlaceholder, string>
  deliverables: DeliverablesOutput
  attachmentNames: string[]
  appUrl: string
}

export function renderDeliveryMail(input: DeliveryMailInput): { subject: string; html: string; text: string } {
  const t = texts[input.locale]
  const v = input.values
  const d = input.deliverables
  const subject = input.mode === 'custom_email' ? fillPlaceholders(input.custom.subject, v).replace(/[\r\n]+/g, ' ').slice(0, 200) : t.subject(v.product_name)
  const rich = input.mode === 'custom_email' && isRichText(input.custom.body)
  const escapedValues = Object.fromEntries(Object.entries(v).map(([key, value]) => [key, escapeHtml(value)])) as Record<DeliveryPlaceholder, string>
  const paragraphs = input.mode === 'custom_email'
    ? (rich ? fillPlaceholders(plainTextOf(input.custom.body), v) : fillPlaceholders(input.custom.body, v)).split(/\n{2,}/)
    : [t.hello(v.first_name), t.intro(v.product_name, v.seller_name)]
  const bodyHtml = rich
    ? fillPlaceholders(input.custom.body, escapedValues)
    : paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('')
  // Every product the order gave access to (bundles and memberships with what they include), linked where it opens.
  const sections: { title: string; plain?: boolean; lines: { label: string; url?: string }[] }[] = [
    { title: t.open, plain: true, lines: d.products.map((p) => (p.access_url ? { label: p.name, url: p.access_url } : { label: p.name })) },
    { title: t.keys, lines: d.license_keys.map((k) => ({ label: k.key })) },
    { title: t.downloads, lines: d.downloads.map((f) => ({ label: f.name, url: f.url })) },
    { title: t.tickets, lines: d.payment_tickets.map((k) => ({ label: k.code, url: k.pdf_url })) },
    { title: t.certificates, lines: d.certificates.map((c) => ({ label: c.serial, url: c.verify_url })) },
    { title: t.attached, lines: input.attachmentNames.map((name) => ({ label: name })) },
  ].filter((s) => s.lines.length > 0)

  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((s) => [`${s.title}:`, ...s.lines.map((l) => `- ${l.label}${l.url ? `: ${l.url}` : ''}`), '']),
    `${t.area}: ${v.payer_area_url}`, '', t.signIn,
  ].join('\n')
  const html = `<!doctype html><html lang="${input.locale}"><body style="font-family:Montserrat,Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">`
    + bodyHtml
    + sections.map((s) => `<h3 style="font-size:15px;margin:20px 0 6px">${escapeHtml(s.title)}</h3><ul data-section="${escapeHtml(s.title)}">`
      + s.lines.map((l) => `<li>${l.url ? `<a href="${escapeHtml(l.url)}">${escapeHtml(l.label)}</a>` : s.plain ? escapeHtml(l.label) : `<code>${escapeHtml(l.label)}</code>`}</li>`).join('') + '</ul>').join('')
    + `<p style="margin:24px 0"><a href="${escapeHtml(v.payer_area_url)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(t.area)}</a></p>`
    + `<p style="font-size:12px;color:#555">${escapeHtml(t.signIn)}</p>`
    + `<hr style="border:none;border-top:1px solid #eee"><p style="font-size:12px;color:#777">Sellfront · ${escapeHtml(input.appUrl)}</p></body></html>`
  return { subject, html, text }
}
