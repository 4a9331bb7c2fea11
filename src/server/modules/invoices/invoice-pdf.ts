import PDFDocument from 'pdfkit'
import { htmlLang } from '../../../shared/i18n/locales'
import { convertAmountBack, formatMoney, isCurrencyId, isDecimalRate, type CurrencyId } from '../../../shared/money'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { InvoiceKind, InvoiceLine } from '../../../shared/schemas/invoices'
import { pdfTexts, type InvoiceTexts } from '../../pdf/pdf-texts'
import type { VatExemptReason } from '../../pdf/pdf-texts/types'
import { pdfDate, pdfPercent, PdfWriter, type Align } from '../../pdf/pdf-writer'
import { percentText, type InvoiceVat, type PayerDetails, type SellerDetails } from './invoice-document'

// Draws an invoice, a cancellation invoice (reversal) or a re-issued invoice (A4) in the order's language
// (src/server/pdf: Noto fonts for every locale, Arabic from the right): the title of its kind, the seller block, the
// payer block, number and dates, "Reversal of invoice X" or "Re-issue of invoice X", the lines, net, VAT per rate and
// gross, the document's note (a trial's first charge, why it was reversed or re-issued), the VAT note, and the
// seller's footer. Amounts are written with the currency code ("19,99 EUR"). The seller's and payer's details, the
// lines and the document's note print as they were stored when it was issued; the VAT note is said again in the
// locale from the stored treatment (in English it prints as stored).

export type InvoicePdfInput = {
  kind: InvoiceKind
  number: string
  issuedAt: Date
  orderToken: string
  orderId: number
  paidAt: Date | null
  reversedNumber: string | null
  currency: string
  seller: SellerDetails
  payer: PayerDetails
  lines: InvoiceLine[]
  vat: InvoiceVat
  totals: { net: number; vat: number; gross: number }
  footer: string | null
  /** The document's own statement, printed above the VAT note. */
  note?: string | null
  /** The order's language. */
  locale: LocaleCode
  /**
   * A price converted into the payer's currency (docs/decisions/0097-payer-currencies.md): the rate is named under the
   * totals with the total and VAT in the plan's currency at it (tax authorities ask for the VAT in their own currency).
   */
  exchange?: { base_currency: string; rate: string; source: string; rated_at: string } | null
}

const a4 = { width: 595.28, height: 841.89 }
const margin = 50

function addressLines(d: { street: string | null; street_number: string | null; zip: string | null; city: string | null; country_code: string | null }, region: string | null): string[] {
  const street = [d.street, d.street_number].filter(Boolean).join(' ')
  const city = [d.zip, d.city].filter(Boolean).join(' ')
  return [street, city, [region, d.country_code].filter(Boolean).join(', ')].filter((line) => line !== '')
}

/**
 * The VAT note in the locale, from the stored treatment: an exempt seller's reason, an export, a reverse charge with
 * what was checked, or the rates charged followed by what the order added to its note (as stored). A note of another
 * shape than the one issued today prints as stored.
 */
/** "Exchange rate: 1 EUR = 4.2931 PLN (…, 2026-11-27). At this rate: total 25,00 EUR, VAT 4,67 EUR." in the document's language. */
export function exchangeNoteIn(input: Pick<InvoicePdfInput, 'exchange' | 'currency' | 'totals'>, locale: LocaleCode): string | null {
  const x = input.exchange
  if (!x || !isCurrencyId(x.base_currency) || !isCurrencyId(input.currency) || !isDecimalRate(x.rate)) return null
  const t = pdfTexts[locale].invoice
  const base = x.base_currency
  const back = (amount: number) => formatMoney({ amount: convertAmountBack(amount, base, input.currency as CurrencyId, x.rate), currency: base }, { display: 'code' })
  const source = x.source === 'ecb' || x.source === 'file' ? t.exchangeSources[x.source] : x.source
  return `${t.exchangeRate(base.toUpperCase(), x.rate, input.currency.toUpperCase(), source, x.rated_at.slice(0, 10))} ${t.exchangeEquivalent(back(input.totals.gross), back(input.totals.vat))}`
}

export function vatNoteIn(vat: InvoiceVat, locale: LocaleCode): string | null {
  if (locale === 'en') return vat.note
  const t = pdfTexts[locale].invoice.vatNote
  switch (vat.treatment) {
    case 'exempt_seller': {
      const reason = (vat.exempt_reason ?? 'other') as VatExemptReason
      return t.exempt[reason] ?? t.exempt.other
    }
    case 'export':
      return t.export
    case 'reverse_charge':
      return vat.reverse_charge ? t.reverseCharge(vat.reverse_charge) : vat.note
    default: {
      const charged = vat.rates.filter((r) => r.rate_bps > 0)
      const english = pdfTexts.en.invoice.vatNote
      const stated = charged.length > 0 ? english.included(charged.map((r) => english.rate(percentText(r.rate_bps), vat.country)).join(', ')) : ''
      const note = vat.note ?? ''
      if (!note.startsWith(stated)) return vat.note
      const added = note.slice(stated.length).trim()
      const rates = charged.length > 0 ? t.included(charged.map((r) => t.rate(pdfPercent(r.rate_bps, locale), vat.country)).join(', ')) : ''
      return [rates, added].filter(Boolean).join(' ') || null
    }
  }
}

export async function renderInvoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const locale = input.locale
  const t: InvoiceTexts = pdfTexts[locale].invoice
  const money = (amount: number) => (isCurrencyId(input.currency) ? formatMoney({ amount, currency: input.currency }, { display: 'code' }) : `${amount} ${input.currency}`)
  // English keeps the rates as it always printed them ("19 %"), like the amounts.
  const percent = (bps: number) => (locale === 'en' ? percentText(bps) : pdfPercent(bps, locale))
  const title = t.titles[input.kind]
  const doc = new PDFDocument({
    size: [a4.width, a4.height], margin, compress: options.compress ?? true, lang: htmlLang(locale),
    info: { Title: `${title} ${input.number}`, Creator: 'Sellfront' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const w = new PdfWriter(doc, locale)
  const width = a4.width - 2 * margin
  const half = width / 2
  const s = input.seller

  // The seller, top left, and the document's facts, top right; in Arabic the title and facts open the page on the
  // right and the seller stands on the left.
  const sellerX = w.rtl ? margin + half : margin
  const titleX = w.rtl ? margin : margin + half
  const titleAlign: Align = w.rtl ? 'start' : 'end'
  doc.fillColor('#111111')
  let sellerBottom = w.text(s.name, sellerX, margin, { width: half, bold: true, size: 13 })
  const sellerLines = [
    ...(s.company && s.company !== s.name ? [s.company] : []),
    ...addressLines(s, s.region),
    ...(s.vat_id ? [`${t.vatId}: ${s.vat_id}`] : []),
    ...(s.tax_number ? [`${t.taxNumber}: ${s.tax_number}`] : []),
    ...(s.email ? [s.email] : []),
    ...(s.on_behalf_of ? [t.soldOnBehalf(s.name, s.on_behalf_of)] : []),
  ]
  for (const line of sellerLines) sellerBottom = w.text(line, sellerX, sellerBottom, { width: half, size: 9 })

  let factsBottom = w.text(title, titleX, margin, { width: half, bold: true, size: 18, align: titleAlign })
  const facts: [string, string][] = [
    [t.number, input.number],
    [t.date, pdfDate(input.issuedAt, locale)],
    [t.order, `${input.orderId} (${input.orderToken.slice(0, 8)})`],
    ...(input.paidAt ? [[t.paidOn, pdfDate(input.paidAt, locale)] as [string, string]] : []),
  ]
  for (const [label, value] of facts) factsBottom = w.text(`${label}: ${value}`, titleX, factsBottom + 1, { width: half, size: 9, align: titleAlign })
  let y = Math.max(sellerBottom, factsBottom) + 24

  // The payer.
  const p = input.payer
  doc.fillColor('#555555')
  y = w.text(t.billTo, margin, y, { width, bold: true, size: 9 })
  doc.fillColor('#111111')
  for (const line of [p.name, ...(p.company ? [p.company] : []), ...addressLines(p, p.state), ...(p.vat_id ? [`${t.vatId}: ${p.vat_id}`] : []), p.email]) {
    y = w.text(line, margin, y, { width, size: 10 })
  }
  y += 18
  if (input.kind !== 'invoice' && input.reversedNumber) {
    const of = input.kind === 'reversal' ? t.reversalOf(input.reversedNumber) : t.reissueOf(input.reversedNumber)
    y = w.text(of, margin, y, { width, bold: true, size: 10 }) + 10
  }

  // The lines: the description on the start side, the amounts towards the end (in Arabic: right and left).
  const cols: { width: number; align: Align }[] = [
    { width: width - 320, align: 'start' },
    { width: 40, align: 'end' },
    { width: 80, align: 'end' },
    { width: 40, align: 'end' },
    { width: 160, align: 'end' },
  ]
  const row = (cells: string[], bold: boolean) => {
    let x = margin
    let bottom = y
    cells.forEach((cell, i) => {
      const col = cols[i]!
      bottom = Math.max(bottom, w.text(cell, x, y, { width: col.width, align: col.align, bold, size: 9 }))
      x += col.width
    })
    y = bottom + 4
  }
  const c = t.columns
  row([c.description, c.quantity, c.net, c.vat, c.gross], true)
  doc.moveTo(margin, y - 2).lineTo(margin + width, y - 2).strokeColor('#cccccc').stroke()
  for (const line of input.lines) {
    row([line.name, String(line.quantity), money(line.net_amount), percent(line.vat_rate_bps), money(line.gross_amount)], false)
  }
  doc.moveTo(margin, y).lineTo(margin + width, y).strokeColor('#cccccc').stroke()
  y += 8

  // Totals: net, VAT per rate, gross.
  const total = (label: string, value: string, bold = false) => {
    const size = bold ? 11 : 9
    const bottom = w.text(label, margin + width - 400, y, { width: 240, align: 'end', bold, size })
    y = Math.max(bottom, w.text(value, margin + width - 160, y, { width: 160, align: 'end', bold, size })) + 3
  }
  total(t.net, money(input.totals.net))
  const rates = input.vat.rates.length > 0 ? input.vat.rates : [{ rate_bps: 0, net: input.totals.net, vat: input.totals.vat, gross: input.totals.gross }]
  for (const r of rates) total(t.vatOf(percent(r.rate_bps), money(r.net)), money(r.vat))
  total(t.total, money(input.totals.gross), true)
  y += 14

  if (input.note) {
    doc.fillColor('#111111')
    y = w.text(input.note, margin, y, { width, bold: true, size: 9 }) + 8
  }
  const vatNote = vatNoteIn(input.vat, locale)
  if (vatNote) {
    doc.fillColor('#333333')
    y = w.text(vatNote, margin, y, { width, size: 9 }) + 10
  }
  const exchange = exchangeNoteIn(input, locale)
  if (exchange) {
    doc.fillColor('#333333')
    y = w.text(exchange, margin, y, { width, size: 9 }) + 10
  }
  if (input.footer) {
    doc.fillColor('#555555')
    const top = Math.min(Math.max(y, a4.height - margin - w.heightOf(input.footer, { width, size: 8 }) - 4), a4.height - margin - 12)
    w.text(input.footer, margin, top, { width, size: 8, height: a4.height - margin - top, ellipsis: true })
  }
  doc.end()
  return done
}
