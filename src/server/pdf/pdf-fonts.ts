import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { create as createFont, type Font } from 'fontkit'
import type { LocaleCode } from '../../shared/schemas/accounts'

// The fonts of the platform's PDFs (invoices, tickets, certificates, credit memos): Noto Sans for Latin, Greek and
// Cyrillic, Noto Sans Arabic and Noto Sans KR, regular and bold, all under the SIL Open Font License, shipped by
// the npm packages @expo-google-fonts/noto-sans, -noto-sans-arabic and -noto-sans-kr (nothing is downloaded at run
// time). pdfkit's standard fonts (Helvetica) print WinAnsi only: no Polish ł, Czech ě, Greek, Arabic or Korean.
// A file is read on its first use and its bytes kept for the process (the Korean ones are 6 MB each and are read
// only when a document has Korean text); pdfkit embeds only the glyphs a document uses.

export type PdfScript = 'latin' | 'arabic' | 'korean'
export type PdfWeight = 'regular' | 'bold'

const files: Record<PdfScript, Record<PdfWeight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
  korean: {
    regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
  },
}

const require = createRequire(import.meta.url)
const bytesCache = new Map<string, Buffer>()
const fontCache = new Map<string, Font>()

/** The bytes of a font file, read once per process. */
export function pdfFontBytes(script: PdfScript, weight: PdfWeight): Buffer {
  const file = files[script][weight]
  let bytes = bytesCache.get(file)
  if (!bytes) {
    bytes = readFileSync(require.resolve(file))
    bytesCache.set(file, bytes)
  }
  return bytes
}

/** The parsed font (fontkit, as pdfkit uses it), for coverage, metrics and the outlines of Arabic glyphs. */
export function pdfFont(script: PdfScript, weight: PdfWeight): Font {
  const file = files[script][weight]
  let font = fontCache.get(file)
  if (!font) {
    font = createFont(pdfFontBytes(script, weight))
    fontCache.set(file, font)
  }
  return font
}

/** The name a font is registered under in a document. */
export const pdfFontName = (script: PdfScript, weight: PdfWeight) => `sf-${script}-${weight}`

/** The fonts a locale's documents try for a word, in order: its own script's first. */
export function fontOrderOf(locale: LocaleCode): readonly PdfScript[] {
  return locale === 'ko' ? ['korean', 'latin', 'arabic'] : ['latin', 'arabic', 'korean']
}

export type PdfFonts = {
  locale: LocaleCode
  /** The names to pass to doc.font() for text the main font prints. */
  regular: string
  bold: string
  /** The scripts' fonts in the order this locale tries them. */
  order: readonly PdfScript[]
  /** Registers a script's font with the document on its first use (reading the file on the process's first use) and names it. */
  use(script: PdfScript, weight: PdfWeight): string
}

type Doc = Pick<PDFKit.PDFDocument, 'registerFont'>

/**
 * Registers the fonts of a locale with a pdfkit document: the locale's main font (Noto Sans KR for Korean, else Noto
 * Sans) under `regular` and `bold`; the others are registered by `use` when a text needs them (an Arabic or Korean
 * name on an English invoice, a Polish name on a Korean one).
 */
export function registerPdfFonts(doc: Doc, locale: LocaleCode): PdfFonts {
  const registered = new Set<string>()
  const use = (script: PdfScript, weight: PdfWeight) => {
    const name = pdfFontName(script, weight)
    if (!registered.has(name)) {
      doc.registerFont(name, pdfFontBytes(script, weight))
      registered.add(name)
    }
    return name
  }
  const order = fontOrderOf(locale)
  const main = order[0]!
  return { locale, regular: use(main, 'regular'), bold: use(main, 'bold'), order, use }
}
