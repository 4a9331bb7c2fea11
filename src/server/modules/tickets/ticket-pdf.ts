import PDFDocument from 'pdfkit'
import { htmlLang } from '../../../shared/i18n/locales'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import { orderedPrintFields, type TicketDesign, type TicketPrintField } from '../../../shared/schemas/ticket-designs'
import { pdfTexts } from '../../pdf/pdf-texts'
import { intlTag, PdfWriter } from '../../pdf/pdf-writer'

// Draws a ticket with pdfkit in the order's language (src/server/pdf: Noto fonts for every locale, Arabic from the
// right): the page of the layout (A4 portrait, A6 landscape or the custom size), a band in the accent colour with the
// event name, the chosen facts as label and value, the seller's logo, the QR code of the ticket code and the footer
// text. In Arabic the layout mirrors: the facts on the right, the logo and the QR code on the left.

const pointsPerMm = 72 / 25.4
const a4Portrait = { width: 595.28, height: 841.89 }
const a6Landscape = { width: 419.53, height: 297.64 }

/** The page size in points. */
export function ticketPageSize(design: Pick<TicketDesign, 'layout' | 'custom_size'>): { width: number; height: number } {
  if (design.layout === 'custom' && design.custom_size) {
    return { width: design.custom_size.width_mm * pointsPerMm, height: design.custom_size.height_mm * pointsPerMm }
  }
  return design.layout === 'a4_portrait' ? a4Portrait : a6Landscape
}

export type TicketValues = Record<TicketPrintField, string> & { code: string }

/** Renders one ticket; `logo` and `qrCode` are PNG or JPEG bytes prepared by the caller. */
export async function renderTicketPdf(
  design: TicketDesign, values: TicketValues,
  options: { locale: LocaleCode; logo?: Buffer | null; qrCode?: Buffer | null; compress?: boolean },
): Promise<Buffer> {
  const locale = options.locale
  const labels = pdfTexts[locale].ticket.labels
  const { width, height } = ticketPageSize(design)
  const doc = new PDFDocument({
    size: [width, height], margin: 0, compress: options.compress ?? true, lang: htmlLang(locale),
    info: { Title: values.event_name, Creator: 'Sellfront' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const w = new PdfWriter(doc, locale)

  const scale = Math.min(width, height) / a6Landscape.height
  const margin = 18 * scale
  const band = 56 * scale
  doc.rect(0, 0, width, band).fill(design.colors.accent)
  const logoSize = band - 12 * scale
  if (options.logo) doc.image(options.logo, w.x(width - margin - logoSize, logoSize), 6 * scale, { fit: [logoSize, logoSize], ...(w.rtl ? {} : { align: 'right' as const }), valign: 'center' })
  const titleWidth = width - 2 * margin - (options.logo ? logoSize + margin : 0)
  const fields = orderedPrintFields(design.fields)
  if (fields.includes('event_name')) {
    doc.fillColor('#ffffff')
    w.text(values.event_name, margin, band / 2 - 10 * scale, { width: titleWidth, bold: true, size: 18 * scale, height: band, ellipsis: true, lineBreak: false })
  }

  const qrSize = design.show_qr_code && options.qrCode ? Math.min(width * 0.35, height - band - 2 * margin - 16 * scale) : 0
  const textWidth = width - 2 * margin - (qrSize ? qrSize + margin : 0)
  // The facts as label and value; on a small page with long values (or the taller Arabic lines) they shrink to fit.
  const facts = fields.filter((field) => field !== 'event_name' && values[field])
  const factsHeight = (k: number) => facts.reduce((sum, field) => sum
    + w.heightOf(labels[field].toLocaleUpperCase(intlTag(locale)), { width: textWidth, bold: true, size: 7.5 * scale * k }) + 1 * scale
    + w.heightOf(values[field], { width: textWidth, size: 11 * scale * k }) + 6 * scale, 0)
  const footerSize = 7.5 * scale
  const footerHeight = design.footer_text ? w.heightOf(design.footer_text, { width: width - 2 * margin, size: footerSize }) + 4 * scale : 0
  const room = height - band - 2 * margin - footerHeight
  const k = Math.max(0.7, Math.min(1, room / Math.max(1, factsHeight(1))))
  let y = band + margin
  for (const field of facts) {
    doc.fillColor(design.colors.accent)
    y = w.text(labels[field].toLocaleUpperCase(intlTag(locale)), margin, y, { width: textWidth, bold: true, size: 7.5 * scale * k })
    doc.fillColor(design.colors.text)
    y = w.text(values[field], margin, y + 1 * scale, { width: textWidth, size: 11 * scale * k }) + 6 * scale
  }
  if (qrSize && options.qrCode) {
    const x = width - margin - qrSize
    doc.image(options.qrCode, w.x(x, qrSize), band + margin, { width: qrSize, height: qrSize })
    doc.fillColor(design.colors.text)
    w.text(values.code, x, band + margin + qrSize + 2 * scale, { width: qrSize, align: 'center', size: 8 * scale })
  }
  if (design.footer_text) {
    doc.fillColor(design.colors.text)
    // At the foot of the page, below the facts; cut with an ellipsis rather than run onto a second page.
    const footerWidth = width - 2 * margin
    const top = Math.min(Math.max(y, height - margin - w.heightOf(design.footer_text, { width: footerWidth, size: footerSize })), height - margin - 10 * scale)
    w.text(design.footer_text, margin, top, { width: footerWidth, size: footerSize, height: height - margin - top, ellipsis: true })
  }
  doc.end()
  return done
}
