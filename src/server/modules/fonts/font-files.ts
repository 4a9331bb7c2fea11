import type { FontFormat } from '../../../shared/schemas/fonts'

// What a font file is, read from its bytes (docs/decisions/0061-fonts-and-themes.md). Only the three formats
// every supported browser loads are taken, and only when their header agrees with the file: WOFF2 and WOFF
// state their own length, a TrueType file its table count, whose directory must fit. An SVG font, an
// OpenType file with CFF outlines ('OTTO'), a collection ('ttcf'), or HTML or script named .woff2 are refused.

export type FontFileKind = { format: FontFormat; ext: 'woff2' | 'woff' | 'ttf'; contentType: string }

const kinds: Record<FontFormat, FontFileKind> = {
  woff2: { format: 'woff2', ext: 'woff2', contentType: 'font/woff2' },
  woff: { format: 'woff', ext: 'woff', contentType: 'font/woff' },
  truetype: { format: 'truetype', ext: 'ttf', contentType: 'font/ttf' },
}

export const fontKindOfExt = (ext: string): FontFileKind | undefined => Object.values(kinds).find((k) => k.ext === ext)

/** The font's kind when `bytes` is a whole WOFF2, WOFF or TrueType file; undefined otherwise. */
export function fontKindOf(bytes: Buffer): FontFileKind | undefined {
  if (bytes.length < 12) return undefined
  const tag = bytes.subarray(0, 4).toString('latin1')
  if (tag === 'wOF2' || tag === 'wOFF') {
    // Both headers: signature, flavor (the wrapped font's tag), total length, table count.
    if (bytes.length < 44) return undefined
    const flavor = bytes.readUInt32BE(4)
    const length = bytes.readUInt32BE(8)
    const tables = bytes.readUInt16BE(12)
    if (length !== bytes.length || tables === 0) return undefined
    if (flavor !== 0x00010000 && flavor !== 0x74727565 /* 'true' */ && flavor !== 0x4f54544f /* 'OTTO' */) return undefined
    return tag === 'wOF2' ? kinds.woff2 : kinds.woff
  }
  if (tag === '\u0000\u0001\u0000\u0000' || tag === 'true') {
    const tables = bytes.readUInt16BE(4)
    if (tables === 0 || tables > 256 || bytes.length < 12 + tables * 16) return undefined
    return kinds.truetype
  }
  return undefined
}

/** A CSS string's content: quotes, backslashes, line breaks and every control or non-ASCII character escaped. */
export function cssString(value: string): string {
  let out = ''
  for (const char of value) {
    const code = char.codePointAt(0)!
    if (/[A-Za-z0-9 _.,-]/.test(char)) out += char
    else out += `\\${code.toString(16)} `
  }
  return `"${out}"`
}
