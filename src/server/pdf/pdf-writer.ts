import type { Font } from 'fontkit'
import { htmlLang, isLocaleCode, localeDirection } from '../../shared/i18n/locales'
import type { LocaleCode } from '../../shared/schemas/accounts'
import { hasRtl, mirrored, mirroredReverse, paragraphOf, visualRuns, type Paragraph, type VisualRun } from './pdf-bidi'
import { pdfFont, registerPdfFonts, type PdfFonts, type PdfScript, type PdfWeight } from './pdf-fonts'

// Writes the texts of a PDF in its locale: the fonts that print it (pdf-fonts.ts), and in Arabic the layout from the
// right. Coordinates are given from the start side (the left in left-to-right locales, the right in Arabic) and
// alignment as start / end / center, so a document lays itself out once and mirrors in Arabic: its tables put the
// labels on the right and the amounts on the left.
//
// A text the locale's main font prints whole and that holds no right-to-left character goes to pdfkit as it is (its
// own wrapping). Any other text is cut into lines here and each line into runs of one direction and one font
// (pdf-bidi.ts), placed in their visual order. pdfkit would draw an Arabic sentence word by word from the left, so
// an Arabic run is shaped by fontkit in one piece (its letters joined, right to left) and its glyphs are drawn as
// outlines, with the same text in logical order on an invisible layer below for copying and search: the Noto Arabic
// fonts draw a letter's dots as separate glyphs and share one dotless glyph between letters (ب ت ث ن ي), which
// pdfkit's ToUnicode map cannot tell apart.

export type Align = 'start' | 'end' | 'center'

export type TextOptions = {
  /** The box's width; the text wraps in it. */
  width: number
  align?: Align
  bold?: boolean
  size?: number
  lineGap?: number
  /** The most height the text may take: lines below are left out (with `ellipsis`, the last kept one ends in "…"). */
  height?: number
  ellipsis?: boolean
  /** false: one line, never wrapped. */
  lineBreak?: boolean
  /** The direction of the text itself; by default that of its first letter (a Latin name stays left to right in Arabic). */
  direction?: 'ltr' | 'rtl'
}

type Line = { start: number; end: number }
type Run = VisualRun<PdfScript> & { space: boolean }

/** What Intl writes that the fonts need not print: bidi marks, and narrow or no-break spaces as plain ones. */
function plain(text: string): string {
  return text.replace(/[\u200e\u200f\u061c]/g, '').replace(/[\u202f\u00a0]/g, ' ')
}

/** A stored locale (an order's, a user's) as one of the 20; anything else prints in English. */
export function pdfLocaleOf(value: string | null | undefined): LocaleCode {
  return isLocaleCode(value) ? value : 'en'
}

/** The Intl tag of a locale (htmlLang); Arabic with Latin digits, like the amounts, numbers and e-mails beside them. */
export function intlTag(locale: LocaleCode): string {
  return locale === 'ar' ? 'ar-u-nu-latn' : htmlLang(locale)
}

/** A day in the locale's long form ("14. Mai 2025", "14 maja 2025", "2025년 5월 14일"), in UTC. */
export function pdfDate(date: Date, locale: LocaleCode): string {
  return plain(new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(date))
}

/** A day and time in the locale, in UTC, with "UTC" after it. */
export function pdfDateTime(date: Date, locale: LocaleCode): string {
  return `${plain(new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date))} UTC`
}

/** A rate in basis points as the locale writes a percentage ("19 %", "19%", "%19"). */
export function pdfPercent(bps: number, locale: LocaleCode): string {
  return plain(new Intl.NumberFormat(intlTag(locale), { style: 'percent', maximumFractionDigits: 2 }).format(bps / 10_000))
}

/** pdfkit's options with those its types lack: OpenType features as an object (on / off) and the horizontal scaling. */
type RawTextOptions = Omit<PDFKit.Mixins.TextOptions, 'features'> & { features?: Record<string, boolean>; horizontalScaling?: number }

/**
 * A font's line box per unit of size. Noto Sans Arabic's own (2.1 em) leaves room for stacked marks that documents do
 * not use; its letters with their dots and hamzas fit in 1.1 em above and 0.5 below the baseline.
 */
function metricsOf(script: PdfScript, weight: PdfWeight): { ascent: number; descent: number; lineGap: number } {
  if (script === 'arabic') return { ascent: 1.1, descent: 0.5, lineGap: 0 }
  const font = pdfFont(script, weight)
  return { ascent: font.ascent / font.unitsPerEm, descent: -font.descent / font.unitsPerEm, lineGap: font.lineGap / font.unitsPerEm }
}

/**
 * fontkit's shaping of a run in the Arabic font: a right-to-left run as Arabic (joined, its glyphs in visual order),
 * its brackets mirrored first.
 */
function shape(font: Font, text: string, rtl: boolean) {
  return rtl ? font.layout(mirrored(text), undefined, 'arab', null, 'rtl') : font.layout(text, undefined, null, null, 'ltr')
}

export class PdfWriter {
  readonly rtl: boolean
  readonly fonts: PdfFonts
  private readonly widths = new Map<string, number>()

  constructor(readonly doc: PDFKit.PDFDocument, readonly locale: LocaleCode) {
    this.fonts = registerPdfFonts(doc, locale)
    this.rtl = localeDirection(locale) === 'rtl'
  }

  /** The document's current font size. */
  private get size(): number {
    return (this.doc as unknown as { _fontSize: number })._fontSize
  }

  /** The left edge on the page of a box `width` wide that starts `x` from the start side. */
  x(x: number, width = 0): number {
    return this.rtl ? this.doc.page.width - x - width : x
  }

  /** pdfkit's alignment of a start / end / center alignment. */
  align(align: Align = 'start'): 'left' | 'right' | 'center' {
    if (align === 'center') return 'center'
    return (align === 'start') !== this.rtl ? 'left' : 'right'
  }

  /** Sets the main font (regular or bold) and size, for pdfkit calls made directly. */
  font(bold = false, size?: number): PDFKit.PDFDocument {
    this.doc.font(bold ? this.fonts.bold : this.fonts.regular)
    return size === undefined ? this.doc : this.doc.fontSize(size)
  }

  /** Draws a text in the box from `x` (start side) and `y`, `width` wide; answers the y below it (also left in doc.y). */
  text(text: string, x: number, y: number, options: TextOptions): number {
    const size = options.size ?? this.size
    const weight: PdfWeight = options.bold ? 'bold' : 'regular'
    if (this.native(text, weight)) {
      this.font(options.bold, size).text(text, this.x(x, options.width), y, {
        width: options.width, align: this.align(options.align), lineGap: options.lineGap ?? 0,
        ...(options.height !== undefined ? { height: options.height } : {}), ...(options.ellipsis ? { ellipsis: true } : {}),
        ...(options.lineBreak === false ? { lineBreak: false } : {}),
      })
      this.doc.x = this.x(x, options.width)
      return this.doc.y
    }
    let top = y
    for (const { paragraph, lines, scripts } of this.layout(text, weight, size, options)) {
      for (const line of lines) {
        top = this.drawLine(paragraph, line, scripts, weight, size, x, top, options) + (options.lineGap ?? 0)
      }
    }
    this.doc.x = this.x(x, options.width)
    this.doc.y = top
    return top
  }

  /** The height `text` takes in a box `width` wide. */
  heightOf(text: string, options: TextOptions): number {
    const size = options.size ?? this.size
    const weight: PdfWeight = options.bold ? 'bold' : 'regular'
    if (this.native(text, weight)) {
      return this.font(options.bold, size).heightOfString(text, { width: options.width, lineGap: options.lineGap ?? 0 })
    }
    let height = 0
    for (const { lines, scripts } of this.layout(text, weight, size, options)) {
      for (const line of lines) height += this.lineHeight(scripts, line, weight, size) + (options.lineGap ?? 0)
    }
    return height
  }

  // ---------------------------------------------------------------- fonts

  /** The main font prints the whole text, left to right, in a left-to-right document: pdfkit draws it itself. */
  private native(text: string, weight: PdfWeight): boolean {
    if (this.rtl || hasRtl(text)) return false
    const font = pdfFont(this.fonts.order[0]!, weight)
    for (const c of text) {
      if (!/\s/.test(c) && !font.hasGlyphForCodePoint(c.codePointAt(0)!)) return false
    }
    return true
  }

  /**
   * The font of each character (by UTF-16 index): a word takes the first font of the locale's order that prints it
   * whole, else each character the first that prints it; white space takes the font of the word before it.
   */
  private scriptsOf(text: string, weight: PdfWeight): PdfScript[] {
    const order = this.fonts.order
    const prints = (script: PdfScript, word: string) => {
      const font = pdfFont(script, weight)
      for (const c of word) if (!font.hasGlyphForCodePoint(c.codePointAt(0)!)) return false
      return true
    }
    const scripts: PdfScript[] = new Array<PdfScript>(text.length)
    const spaces: [number, number][] = []
    for (const m of text.matchAll(/\s+|\S+/g)) {
      const word = m[0]
      const start = m.index
      if (/^\s/.test(word)) {
        spaces.push([start, start + word.length])
        continue
      }
      const whole = order.find((script) => prints(script, word))
      if (whole) {
        scripts.fill(whole, start, start + word.length)
        continue
      }
      let i = start
      for (const c of word) {
        const script = order.find((s) => prints(s, c)) ?? order[0]!
        scripts.fill(script, i, i + c.length)
        i += c.length
      }
    }
    for (const [start, end] of spaces) {
      scripts.fill(scripts[start - 1] ?? scripts[end] ?? order[0]!, start, end)
    }
    return scripts
  }

  private fontName(script: PdfScript, weight: PdfWeight): string {
    return this.fonts.use(script, weight)
  }

  // ---------------------------------------------------------------- lines

  private layout(text: string, weight: PdfWeight, size: number, options: TextOptions) {
    const out: { paragraph: Paragraph; lines: Line[]; scripts: PdfScript[] }[] = []
    let budget = options.height
    let cut = false
    const paragraphs = options.lineBreak === false ? [text.replace(/\n/g, ' ')] : text.split('\n')
    for (const part of paragraphs) {
      if (cut) break
      const paragraph = paragraphOf(part, options.direction)
      const scripts = this.scriptsOf(part, weight)
      const lines = options.lineBreak === false ? [this.trimmed(part, 0, part.length)] : this.wrap(paragraph, scripts, weight, size, options.width)
      const kept: Line[] = []
      for (const line of lines) {
        const height = this.lineHeight(scripts, line, weight, size)
        if (budget !== undefined && kept.length + out.length > 0 && budget < height) {
          cut = true
          break
        }
        if (budget !== undefined) budget -= height + (options.lineGap ?? 0)
        kept.push(line)
      }
      out.push({ paragraph, lines: kept, scripts })
    }
    // A line wider than its box (one line only, or cut by the height) ends in an ellipsis when asked.
    const last = out.at(-1)
    const lastLine = last?.lines.at(-1)
    if (options.ellipsis && last && lastLine) {
      const wide = this.measure(last.paragraph, lastLine, last.scripts, weight, size) > options.width
      if (cut || wide) {
        let end = lastLine.end
        const fits = () => {
          const candidate = `${last.paragraph.text.slice(0, end).trimEnd()}…`
          const paragraph = paragraphOf(candidate, options.direction)
          const scripts = this.scriptsOf(candidate, weight)
          return { paragraph, scripts, line: { start: lastLine.start, end: candidate.length }, width: this.measure(paragraph, { start: lastLine.start, end: candidate.length }, scripts, weight, size) }
        }
        let attempt = fits()
        while (end > lastLine.start + 1 && attempt.width > options.width) {
          end--
          attempt = fits()
        }
        last.lines.pop()
        out.push({ paragraph: attempt.paragraph, lines: [attempt.line], scripts: attempt.scripts })
        if (last.lines.length === 0) out.splice(out.indexOf(last), 1)
      }
    }
    return out
  }

  /** The line [start, end) without the white space at its ends. */
  private trimmed(text: string, start: number, end: number): Line {
    while (start < end && /\s/.test(text[start]!)) start++
    while (end > start && /\s/.test(text[end - 1]!)) end--
    return { start, end }
  }

  /** Greedy wrapping at white space; a word wider than the box is cut where it no longer fits. */
  private wrap(paragraph: Paragraph, scripts: PdfScript[], weight: PdfWeight, size: number, width: number): Line[] {
    const text = paragraph.text
    const breaks = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }))
    const lines: Line[] = []
    let line: Line | null = null
    const fits = (candidate: Line) => this.measure(paragraph, candidate, scripts, weight, size) <= width
    for (const word of breaks) {
      if (line && fits({ start: line.start, end: word.end })) {
        line.end = word.end
        continue
      }
      if (line) lines.push(line)
      let next: Line = { start: word.start, end: word.end }
      // A word alone too wide: cut it by characters.
      while (!fits(next) && next.end - next.start > 1) {
        let end: number = next.end - 1
        while (end > next.start + 1 && !fits({ start: next.start, end })) end--
        lines.push({ start: next.start, end })
        next = { start: end, end: next.end }
      }
      line = next
    }
    if (line) lines.push(line)
    return lines.length > 0 ? lines : [{ start: 0, end: 0 }]
  }

  /**
   * The runs of a line in visual order. A right-to-left character the Arabic font prints goes to it (brackets then
   * mirror in its shaping, and copy as typed). Spaces stay inside their run, but two or more in a row are a gap of
   * their own ("   ·   "), left undrawn: a PDF reader splits a run at a wide gap and would copy its parts in
   * drawing order.
   */
  private runsOf(paragraph: Paragraph, line: Line, scripts: PdfScript[], weight: PdfWeight): Run[] {
    const arabic = pdfFont('arabic', weight)
    const text = paragraph.text
    const levels = paragraph.levels.levels
    const blank = (i: number) => i >= 0 && i < text.length && /\s/.test(text[i]!)
    const keyAt = (i: number): string => {
      const script = levels[i]! % 2 === 1 && arabic.hasGlyphForCodePoint(text.codePointAt(i)!) ? 'arabic' : scripts[i]!
      return blank(i) && (blank(i - 1) || blank(i + 1)) ? `${script} gap` : script
    }
    return visualRuns(paragraph, line.start, line.end, keyAt).map((run) => {
      const [font, gap] = run.font.split(' ') as [PdfScript, string | undefined]
      return { ...run, font, space: gap !== undefined || /^\s*$/.test(text.slice(run.start, run.end)) }
    })
  }

  /** The scripts a line's box is measured by: those it uses; in Arabic documents every line has the same box (one baseline across a table's row). */
  private lineScripts(scripts: PdfScript[], line: Line): PdfScript[] {
    const used = new Set(this.rtl ? ['latin', 'arabic'] as PdfScript[] : [])
    for (const script of scripts.slice(line.start, line.end)) used.add(script)
    if (used.size === 0) used.add(this.fonts.order[0]!)
    return [...used]
  }

  private lineAscent(scripts: PdfScript[], line: Line, weight: PdfWeight, size: number): number {
    return Math.max(...this.lineScripts(scripts, line).map((script) => metricsOf(script, weight).ascent * size))
  }

  private lineHeight(scripts: PdfScript[], line: Line, weight: PdfWeight, size: number): number {
    const metrics = this.lineScripts(scripts, line).map((script) => metricsOf(script, weight))
    return (Math.max(...metrics.map((m) => m.ascent)) + Math.max(...metrics.map((m) => m.descent)) + Math.max(...metrics.map((m) => m.lineGap))) * size
  }

  /** The width of one run as drawn. */
  private runWidth(paragraph: Paragraph, run: Run, weight: PdfWeight, size: number): number {
    const text = paragraph.text.slice(run.start, run.end)
    // Wrapping measures the same runs again and again: a run's width per 1 pt is kept for the document.
    const key = `${run.font} ${weight} ${run.rtl ? 'rtl' : 'ltr'} ${text}`
    let perPoint = this.widths.get(key)
    if (perPoint === undefined) {
      if (run.font === 'arabic') {
        const font = pdfFont('arabic', weight)
        perPoint = shape(font, text, run.rtl).advanceWidth / font.unitsPerEm
      } else {
        perPoint = this.doc.font(this.fontName(run.font, weight)).fontSize(1).widthOfString(run.rtl ? mirroredReverse(text) : text)
      }
      this.widths.set(key, perPoint)
    }
    return perPoint * size
  }

  private measure(paragraph: Paragraph, line: Line, scripts: PdfScript[], weight: PdfWeight, size: number): number {
    const trimmed = this.trimmed(paragraph.text, line.start, line.end)
    let width = 0
    for (const run of this.runsOf(paragraph, trimmed, scripts, weight)) width += this.runWidth(paragraph, run, weight, size)
    return width
  }

  /** Draws one line of runs; answers the y below it. */
  private drawLine(paragraph: Paragraph, line: Line, scripts: PdfScript[], weight: PdfWeight, size: number, x: number, y: number, options: TextOptions): number {
    const doc = this.doc
    const runs = this.runsOf(paragraph, line, scripts, weight).map((run) => ({ run, width: this.runWidth(paragraph, run, weight, size) }))
    const total = runs.reduce((sum, r) => sum + r.width, 0)
    const ascent = this.lineAscent(scripts, line, weight, size)
    const height = this.lineHeight(scripts, line, weight, size)
    const left = this.x(x, options.width)
    const align = this.align(options.align)
    let pen = align === 'left' ? left : align === 'right' ? left + options.width - total : left + (options.width - total) / 2
    const baseline = y + ascent
    // Placed left to right, written in logical order (what a PDF reader copies first comes first).
    const placed = runs.map((r) => {
      const at = pen
      pen += r.width
      return { ...r, at }
    }).sort((a, b) => a.run.start - b.run.start)
    for (const { run, at, width } of placed) {
      if (run.space) continue
      const text = paragraph.text.slice(run.start, run.end)
      if (run.font === 'arabic') this.drawShaped(text, run.rtl, weight, size, at, baseline, width)
      else {
        doc.font(this.fontName(run.font, weight)).fontSize(size)
          .text(run.rtl ? mirroredReverse(text) : text, at, baseline, { lineBreak: false, baseline: 'alphabetic' })
      }
    }
    return y + height
  }

  /**
   * An Arabic run shaped in one piece: its glyphs drawn as outlines in the current fill colour, and its text on an
   * invisible layer (text render mode 3) in unjoined forms, stretched to the same width, for copying and search.
   */
  private drawShaped(text: string, rtl: boolean, weight: PdfWeight, size: number, x: number, baseline: number, width: number) {
    const doc = this.doc
    const font = pdfFont('arabic', weight)
    const run = shape(font, text, rtl)
    const scale = size / font.unitsPerEm
    let pen = x
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i]!
      const path = glyph.path.toSVG()
      if (path) {
        doc.save().translate(pen + position.xOffset * scale, baseline - position.yOffset * scale).scale(scale, -scale).path(path).fill().restore()
      }
      pen += position.xAdvance * scale
    })
    doc.font(this.fontName('arabic', weight)).fontSize(size)
    const features = { ccmp: false, mark: false, mkmk: false, kern: false, curs: false }
    const plainWidth = doc.widthOfString(text, { features: { ...features } } satisfies RawTextOptions as unknown as PDFKit.Mixins.TextOptions)
    doc.save()
    doc.addContent('3 Tr')
    doc.text(text, x, baseline, {
      lineBreak: false, baseline: 'alphabetic', features: { ...features },
      ...(plainWidth > 0 && width > 0 ? { horizontalScaling: (100 * width) / plainWidth } : {}),
    } satisfies RawTextOptions as unknown as PDFKit.Mixins.TextOptions)
    doc.restore()
  }
}
