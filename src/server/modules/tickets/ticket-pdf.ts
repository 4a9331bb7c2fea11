import PDFDocument from 'pdfkit'
import { orderedPrintFields, type TicketDesign, type TicketPrintField } from '../../../shared/schemas/ticket-designs'

// Draws a ticket with pdfkit: the page of the layout (A4 portrait, A6 landscape or the custom size), a band
// in the accent colour with the event name, the chosen facts as label and value, the seller's logo, the QR
// code of the ticket code and the footer text.

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
export type TicketLabels = Record<TicketPrintField, string>

export const ticketLabels: Record<'en' | 'de', TicketLabels> = {
  en: { event_name: 'Event', ticket_type: 'Ticket', date: 'Date', location: 'Location', attendee_name: 'Attendee', price: 'Price', order_number: 'Order' },
  de: { event_name: 'Veranstaltung', ticket_type: 'Ticket', date: 'Datum', location: 'Ort', attendee_name: 'Teilnehmer', price: 'Preis', order_number: 'Bestellung' },
}

/** Renders one ticket; `logo` and `qrCode` are PNG or JPEG bytes prepared by the caller. */
export async function renderTicketPdf(
  design: TicketDesign, values: TicketValues,
  options: { labels?: TicketLabels; logo?: Buffer | null; qrCode?: Buffer | null; compress?: boolean } = {},
): Promise<Buffer> {
  const labels = options.labels ?? ticketLabels.en
  const { width, height } = ticketPageSize(design)
  const doc = new PDFDocument({
    size: [width, height], margin: 0, compress: options.compress ?? true,
    info: { Title: values.event_name, Creator: 'Sellfront' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  const scale = Math.min(width, height) / a6Landscape.height
  const margin = 18 * scale
  const band = 56 * scale
  doc.rect(0, 0, width, band).fill(design.colors.accent)
  const logoSize = band - 12 * scale
  if (options.logo) doc.image(options.logo, width - margin - logoSize, 6 * scale, { fit: [logoSize, logoSize], align: 'right', valign: 'center' })
  const titleWidth = width - 2 * margin - (options.logo ? logoSize + margin : 0)
  const fields = orderedPrintFields(design.fields)
  if (fields.includes('event_name')) {
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(18 * scale)
      .text(values.event_name, margin, band / 2 - 10 * scale, { width: titleWidth, height: band, ellipsis: true, lineBreak: false })
  }

  const qrSize = design.show_qr_code && options.qrCode ? Math.min(width * 0.35, height - band - 2 * margin - 16 * scale) : 0
  const textWidth = width - 2 * margin - (qrSize ? qrSize + margin : 0)
  let y = band + margin
  for (const field of fields) {
    if (field === 'event_name' || !values[field]) continue
    doc.fillColor(design.colors.accent).font('Helvetica-Bold').fontSize(7.5 * scale).text(labels[field].toUpperCase(), margin, y, { width: textWidth })
    doc.fillColor(design.colors.text).font('Helvetica').fontSize(11 * scale).text(values[field], margin, doc.y + 1, { width: textWidth })
    y = doc.y + 6 * scale
  }
  if (qrSize && options.qrCode) {
    const x = width - margin - qrSize
    doc.image(options.qrCode, x, band + margin, { width: qrSize, height: qrSize })
    doc.fillColor(design.colors.text).font('Helvetica').fontSize(8 * scale).text(values.code, x, band + margin + qrSize + 2 * scale, { width: qrSize, align: 'center' })
  }
  if (design.footer_text) {
    doc.fillColor(design.colors.text).font('Helvetica').fontSize(7.5 * scale)
    // At the foot of the page, below the facts; cut with an ellipsis rather than run onto a second page.
    const footerWidth = width - 2 * margin
    const top = Math.min(Math.max(y, height - margin - doc.heightOfString(design.footer_text, { width: footerWidth })), height - margin - 10 * scale)
    doc.text(design.footer_text, margin, top, { width: footerWidth, height: height - margin - top, ellipsis: true })
  }
  doc.end()
  return done
}
