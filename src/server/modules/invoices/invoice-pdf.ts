import PDFDocument from 'pdfkit'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { InvoiceKind, InvoiceLine } from '../../../shared/schemas/invoices'
import { dateText, percentText, type InvoiceVat, type PayerDetails, type SellerDetails } from './invoice-document'

// Draws an invoice, a cancellation invoice (reversal) or a re-issued invoice (A4, pdfkit standard fonts):
// the title of its kind, the seller block, the payer block, number and dates, "Reversal of invoice X" or
// "Re-issue of invoice X", the lines, net, VAT per rate and gross, the document's note (a trial's first
// charge, why it was reversed or re-issued), the VAT note, and the seller's footer. Amounts are written with the currency code ("19,99 EUR"), which every standard
// font can print. The text is English (the seller's and payer's details as they were entered).

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
}

/** The title printed on each kind of document. */
export const invoiceTitles: Record<InvoiceKind, string> = { invoice: 'Invoice', reversal: 'Cancellation invoice', reissue: 'Re-issued invoice' }

const a4 = { width: 595.28, height: 841.89 }
const margin = 50

function addressLines(d: { street: string | null; street_number: string | null; zip: string | null; city: string | null; country_code: string | null }, region: string | null): string[] {
  const street = [d.street, d.street_number].filter(Boolean).join(' ')
  const city = [d.zip, d.city].filter(Boolean).join(' ')
  return [street, city, [region, d.country_code].filter(Boolean).join(', ')].filter((line) => line !== '')
}

export async function renderInvoicePdf(input: InvoicePdfInput, options: { compress?: boolean } = {}): Promise<Buffer> {
  const money = (amount: number) => (isCurrencyId(input.currency) ? formatMoney({ amount, currency: input.currency }, { display: 'code' }) : `${amount} ${input.currency}`)
  const title = invoiceTitles[input.kind]
  const doc = new PDFDocument({ size: [a4.width, a4.height], margin, compress: options.compress ?? true, info: { Title: `${title} ${input.number}`, Creator: 'Sellfront' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const width = a4.width - 2 * margin
  const s = input.seller

  // The seller, top left; the document's facts, top right.
  doc.fillColor('#111111').font('Helvetica-Bold').fontSize(13).text(s.name, margin, margin, { width: width / 2 })
  doc.font('Helvetica').fontSize(9)
  const sellerLines = [
    ...(s.company && s.company !== s.name ? [s.company] : []),
    ...addressLines(s, s.region),
    ...(s.vat_id ? [`VAT id: ${s.vat_id}`] : []),
    ...(s.tax_number ? [`Tax number: ${s.tax_number}`] : []),
    ...(s.email ? [s.email] : []),
    ...(s.on_behalf_of ? [`Sold by ${s.name} on behalf of ${s.on_behalf_of}`] : []),
  ]
  for (const line of sellerLines) doc.text(line, { width: width / 2 })
  const sellerBottom = doc.y

  const right = margin + width / 2
  doc.font('Helvetica-Bold').fontSize(18).text(title, right, margin, { width: width / 2, align: 'right' })
  doc.font('Helvetica').fontSize(9)
  const facts: [string, string][] = [
    ['Number', input.number],
    ['Date', dateText(input.issuedAt)],
    ['Order', `${input.orderId} (${input.orderToken.slice(0, 8)})`],
    ...(input.paidAt ? [['Paid on', dateText(input.paidAt)] as [string, string]] : []),
  ]
  for (const [label, value] of facts) doc.text(`${label}: ${value}`, right, doc.y + 1, { width: width / 2, align: 'right' })
  let y = Math.max(sellerBottom, doc.y) + 24

  // The payer.
  const p = input.payer
  doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555').text('BILL TO', margin, y)
  doc.font('Helvetica').fontSize(10).fillColor('#111111')
  for (const line of [p.name, ...(p.company ? [p.company] : []), ...addressLines(p, p.state), ...(p.vat_id ? [`VAT id: ${p.vat_id}`] : []), p.email]) {
    doc.text(line, margin, doc.y, { width })
  }
  y = doc.y + 18
  if (input.kind !== 'invoice' && input.reversedNumber) {
    const of = input.kind === 'reversal' ? 'Reversal of invoice' : 'Re-issue of invoice'
    doc.font('Helvetica-Bold').fontSize(10).text(`${of} ${input.reversedNumber}`, margin, y, { width })
    y = doc.y + 10
  }

  // The lines.
  const cols = [
    { key: 'name', label: 'Description', width: width - 310, align: 'left' as const },
    { key: 'quantity', label: 'Qty', width: 30, align: 'right' as const },
    { key: 'net', label: 'Net', width: 80, align: 'right' as const },
    { key: 'rate', label: 'VAT', width: 40, align: 'right' as const },
    { key: 'gross', label: 'Gross', width: 160, align: 'right' as const },
  ]
  const row = (cells: string[], bold: boolean) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9)
    let x = margin
    const top = y
    let bottom = y
    cells.forEach((cell, i) => {
      const col = cols[i]!
      doc.text(cell, x, top, { width: col.width, align: col.align })
      bottom = Math.max(bottom, doc.y)
      x += col.width
    })
    y = bottom + 4
  }
  row(cols.map((c) => c.label), true)
  doc.moveTo(margin, y - 2).lineTo(margin + width, y - 2).strokeColor('#cccccc').stroke()
  for (const line of input.lines) {
    row([line.name, String(line.quantity), money(line.net_amount), percentText(line.vat_rate_bps), money(line.gross_amount)], false)
  }
  doc.moveTo(margin, y).lineTo(margin + width, y).strokeColor('#cccccc').stroke()
  y += 8

  // Totals: net, VAT per rate, gross.
  const total = (label: string, value: string, bold = false) => {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9)
    doc.text(label, margin + width - 300, y, { width: 140, align: 'right' })
    doc.text(value, margin + width - 160, y, { width: 160, align: 'right' })
    y = doc.y + 3
  }
  total('Net', money(input.totals.net))
  const rates = input.vat.rates.length > 0 ? input.vat.rates : [{ rate_bps: 0, net: input.totals.net, vat: input.totals.vat, gross: input.totals.gross }]
  for (const r of rates) total(`VAT ${percentText(r.rate_bps)} of ${money(r.net)}`, money(r.vat))
  total('Total', money(input.totals.gross), true)
  y += 14

  if (input.note) {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#111111').text(input.note, margin, y, { width })
    y = doc.y + 8
  }
  if (input.vat.note) {
    doc.font('Helvetica').fontSize(9).fillColor('#333333').text(input.vat.note, margin, y, { width })
    y = doc.y + 10
  }
  if (input.footer) {
    doc.font('Helvetica').fontSize(8).fillColor('#555555')
    const top = Math.max(y, a4.height - margin - doc.heightOfString(input.footer, { width }) - 4)
    doc.text(input.footer, margin, Math.min(top, a4.height - margin - 12), { width, height: a4.height - margin - Math.min(top, a4.height - margin - 12), ellipsis: true })
  }
  doc.end()
  return done
}
