import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib'

// PDF stamping (docs/reference/catalogue-and-selling.md feature "pdf stamp"; docs/decisions/0020-issued-certificates-licenses-downloads.md): every page of a PDF download carries the payer's
// name and email, so a shared copy says whose it was. Done when served, never stored.

/** Keeps the characters the standard font can write (WinAnsi); others become "?". */
function writable(text: string, charset: Set<number>): string {
  return Array.from(text, (c) => (charset.has(c.codePointAt(0)!) ? c : '?')).join('')
}

/** The PDF with "Licensed to {name} <{email}>" along the bottom of every page (and faintly across it). */
export async function stampPdf(bytes: Uint8Array, stamp: { name: string; email: string }): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: false, updateMetadata: false })
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const charset = new Set(font.getCharacterSet())
  const text = writable(`Licensed to ${stamp.name} <${stamp.email}>`, charset)
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize()
    const size = Math.max(6, Math.min(9, width / 70))
    page.drawText(text, { x: 18, y: 12, size, font, color: rgb(0.35, 0.35, 0.35) })
    page.drawText(text, {
      x: width * 0.12, y: height * 0.3, size: size * 2, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.18, rotate: degrees(35),
    })
  }
  return Buffer.from(await doc.save())
}
