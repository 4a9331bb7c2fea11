// The part of fontkit (the font engine pdfkit shapes with; no types of its own) that src/server/pdf uses.
declare module 'fontkit' {
  export type GlyphPosition = { xAdvance: number; yAdvance: number; xOffset: number; yOffset: number }
  export type Glyph = { id: number; codePoints: number[]; advanceWidth: number; path: { toSVG(): string } }
  export type GlyphRun = { glyphs: Glyph[]; positions: GlyphPosition[]; advanceWidth: number }
  export type Font = {
    unitsPerEm: number
    ascent: number
    descent: number
    lineGap: number
    hasGlyphForCodePoint(codePoint: number): boolean
    layout(text: string, features?: string[] | Record<string, boolean>, script?: string | null, language?: string | null, direction?: 'ltr' | 'rtl'): GlyphRun
  }
  export function create(buffer: Buffer | Uint8Array, postscriptName?: string): Font
}
