import bidiFactory from 'bidi-js'

// The order a line's characters are drawn in (the Unicode Bidirectional Algorithm, by bidi-js): an Arabic sentence
// reads right to left while the invoice numbers, amounts, e-mail addresses and Latin names inside it keep their own
// left-to-right order. pdfkit draws every text left to right, so a line is cut into runs of one direction and one
// font, and the runs are placed in their visual order.

const bidi = bidiFactory()

/** Characters of right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms). */
const rtlCharacter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/

export function hasRtl(text: string): boolean {
  return rtlCharacter.test(text)
}

export type Paragraph = {
  text: string
  /** The paragraph's base direction: the caller's, or that of its first strong character. */
  rtl: boolean
  levels: ReturnType<typeof bidi.getEmbeddingLevels>
}

/** Resolves the embedding levels of one paragraph (no line breaks inside); `base` forces its direction. */
export function paragraphOf(text: string, base?: 'ltr' | 'rtl'): Paragraph {
  const levels = bidi.getEmbeddingLevels(text, base)
  return { text, rtl: (levels.paragraphs[0]?.level ?? 0) % 2 === 1, levels }
}

/** A run of one line in visual order: the logical characters [start, end) of one direction and one font. */
export type VisualRun<F> = { start: number; end: number; rtl: boolean; font: F }

/**
 * The runs of the line [start, end) of a paragraph, left to right as they are drawn. `fontAt` gives the font of each
 * character: a run never mixes fonts.
 */
export function visualRuns<F>(paragraph: Paragraph, start: number, end: number, fontAt: (index: number) => F): VisualRun<F>[] {
  if (end <= start) return []
  const order = bidi.getReorderedIndices(paragraph.text, paragraph.levels, start, end - 1).slice(start, end)
  const levels = paragraph.levels.levels
  const runs: VisualRun<F>[] = []
  let run: (VisualRun<F> & { last: number }) | null = null
  for (const index of order) {
    const rtl = levels[index]! % 2 === 1
    const font = fontAt(index)
    if (run && run.rtl === rtl && run.font === font && index === run.last + (rtl ? -1 : 1)) {
      run.last = index
      if (rtl) run.start = index
      else run.end = index + 1
      continue
    }
    if (run) runs.push({ start: run.start, end: run.end, rtl: run.rtl, font: run.font })
    run = { start: index, end: index + 1, rtl, font, last: index }
  }
  if (run) runs.push({ start: run.start, end: run.end, rtl: run.rtl, font: run.font })
  return runs
}

/** A right-to-left run's brackets mirrored ("(" drawn as ")"): the fonts' own mirroring ("rtlm") is not applied by fontkit. */
export function mirrored(text: string): string {
  return [...text].map((c) => bidi.getMirroredCharacter(c) ?? c).join('')
}

/** A right-to-left run's characters as drawn left to right: reversed, brackets mirrored. */
export function mirroredReverse(text: string): string {
  return [...mirrored(text)].reverse().join('')
}
