import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'

export type Part = { name: string; filename?: string; contentType?: string; content: Buffer | string }

/** A multipart/form-data body for app.inject: fields and files in the given order. */
export function multipart(parts: readonly Part[]) {
  const boundary = `----sellfront-${Math.random().toString(36).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : ''
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.content), Buffer.from('\r\n'))
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

/** A real image of the given size (PNG by default) made with sharp. */
export async function testImage(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
  return format === 'png' ? image.png().toBuffer() : image.jpeg().toBuffer()
}

/** A temporary DATA_DIR for a test file; `remove()` deletes it. */
export function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sellfront-test-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
