import { inflateSync } from 'node:zlib'

// Reads what a pdfkit PDF says, for tests (certificates, tickets): page sizes from /MediaBox and the text shown by Tj/TJ
// operators in its (Flate-compressed or plain) content streams. Only the standard-font hex strings
// pdfkit writes are decoded; enough to check a certificate, not a general PDF reader.

export function pdfPageSizes(pdf: Buffer): { width: number; height: number }[] {
  const text = pdf.toString('latin1')
  return [...text.matchAll(/\/MediaBox \[([\d.\s-]+)\]/g)].map((m) => {
    const [x0, y0, x1, y1] = m[1]!.trim().split(/\s+/).map(Number) as [number, number, number, number]
    return { width: x1 - x0, height: y1 - y0 }
  })
}

function contentStreams(pdf: Buffer): string[] {
  const out: string[] = []
  const raw = pdf.toString('latin1')
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length
    const end = raw.indexOf('endstream', start)
    if (end === -1) continue
    const bytes = pdf.subarray(start, end)
    try {
      out.push(inflateSync(bytes).toString('latin1'))
    } catch {
      out.push(bytes.toString('latin1'))
    }
  }
  return out
}

const decodeHex = (hex: string) => Buffer.from(hex.replace(/\s+/g, ''), 'hex').toString('latin1')

/** The text lines shown in the PDF, one per Tj/TJ operator. */
export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = []
  for (const stream of contentStreams(pdf)) {
    for (const m of stream.matchAll(/\[((?:<[0-9a-fA-F\s]*>|[^\]])*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      if (m[1] !== undefined) lines.push([...m[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((h) => decodeHex(h[1]!)).join(''))
      else lines.push(decodeHex(m[2]!))
    }
  }
  return lines
}
