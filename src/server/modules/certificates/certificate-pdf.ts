import PDFDocument from 'pdfkit'
import { htmlLang } from '../../../shared/i18n/locales'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import { fillPlaceholders, type CertificateDesign, type CertificatePlaceholder } from '../../../shared/schemas/certificates'
import { pdfTexts } from '../../pdf/pdf-texts'
import { PdfWriter } from '../../pdf/pdf-writer'

// Draws a certificate with pdfkit: the page of the layout (A4 landscape or portrait, or the custom size),
// the background colour or image, a frame in the accent colour, the title and the body with the
// placeholders filled, and the date line. The title and body are the seller's words as designed (the caller picks the
// order's language's translation, docs/decisions/0095-product-translations.md); the date line is
// in the order's language (src/server/pdf: Noto fonts for every locale, Arabic from the right), centred as the rest.

const pointsPerMm = 72 / 25.4
const a4 = { width: 595.28, height: 841.89 }

/** The page size in points: landscape is wider than high, portrait higher than wide. */
export function pageSize(design: Pick<CertificateDesign, 'layout' | 'custom_size'>): { width: number; height: number } {
  if (design.layout === 'custom' && design.custom_size) {
    return { width: design.custom_size.width_mm * pointsPerMm, height: design.custom_size.height_mm * pointsPerMm }
  }
  return design.layout === 'landscape' ? { width: a4.height, height: a4.width } : a4
}

export type CertificateValues = Record<CertificatePlaceholder, string>

/**
 * Renders the certificate; `background` is a PNG or JPEG already fitted by the caller; `qr` a PNG of the QR
 * code to the verification page, drawn in the bottom right corner inside the frame (bottom left in Arabic).
 */
export async function renderCertificatePdf(
  design: CertificateDesign, values: CertificateValues,
  options: { locale: LocaleCode; background?: Buffer | null; qr?: Buffer | null; compress?: boolean },
): Promise<Buffer> {
  const t = pdfTexts[options.locale].certificate
  const { width, height } = pageSize(design)
  const doc = new PDFDocument({
    size: [width, height], margin: 0, compress: options.compress ?? true, lang: htmlLang(options.locale),
    info: { Title: fillPlaceholders(design.title, values), Creator: 'Sellfront' },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  doc.rect(0, 0, width, height).fill(design.colors.background)
  if (options.background) doc.image(options.background, 0, 0, { width, height })
  const inset = Math.min(width, height) * 0.04
  doc.lineWidth(3).rect(inset, inset, width - 2 * inset, height - 2 * inset).stroke(design.colors.accent)

  const margin = inset * 2.5
  const textWidth = width - 2 * margin
  const scale = Math.min(width, height) / a4.width
  const w = new PdfWriter(doc, options.locale)
  doc.fillColor(design.colors.accent)
  const titleBottom = w.text(fillPlaceholders(design.title, values), margin, height * 0.22, { width: textWidth, align: 'center', bold: true, size: 34 * scale })
  doc.fillColor(design.colors.text)
  const body = fillPlaceholders(design.body, values)
  w.text(body, margin, titleBottom + 34 * scale * 1.2, { width: textWidth, align: 'center', size: 15 * scale, lineGap: 4 })
  const footer = [values.date, values.valid_until ? t.validUntil(values.valid_until) : '', values.certificate_number ? t.number(values.certificate_number) : '']
    .filter(Boolean).join('   ·   ')
  w.text(footer, margin, height - margin - 14 * scale, { width: textWidth, align: 'center', size: 11 * scale })
  if (options.qr) {
    const size = Math.min(width, height) * 0.14
    doc.image(options.qr, w.x(width - inset * 1.6 - size, size), height - inset * 1.6 - size, { width: size, height: size })
  }
  doc.end()
  return done
}
