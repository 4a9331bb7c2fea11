import { isHexColor } from '../validation/color'

// The seller's branding on payer-facing pages and mails (docs/decisions/0085-customization.md): colour rules
// with their contrast check, the mail footer's plain-text rules, and the shape the storefront and the mail
// renderer read. Pure: used by the server, the cabinet form and the storefront alike.

/** WCAG 2 AA for normal text. */
export const minTextContrast = 4.5
export const mailFooterMaxLength = 500
export const mailFooterMaxLines = 8
/** The text colours put on the primary colour: whichever reads better (one of them always reaches 4.5:1). */
export const lightText = '#ffffff'
export const darkText = '#000000'

/** `#abc` and `#AABBCC` as `#aabbcc`. Call only with a valid hex colour. */
export function normalizeHex(value: string): string {
  const hex = value.slice(1).toLowerCase()
  return `#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`
}

/** The relative luminance of a hex colour (WCAG 2: sRGB channels linearised, weighted 0.2126 / 0.7152 / 0.0722). */
export function relativeLuminance(hex: string): number {
  const full = normalizeHex(hex)
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** The WCAG contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (hi + 0.05) / (lo + 0.05)
}

/** The text colour for a background: white or black, whichever has the higher contrast. */
export function textColorOn(background: string): string {
  return contrastRatio(background, lightText) >= contrastRatio(background, darkText) ? lightText : darkText
}

/** The accent colour is text and links on the pages' white cards and the mails' white body: it must read there. */
export function readableOnWhite(color: string): boolean {
  return isHexColor(color) && contrastRatio(color, '#ffffff') >= minTextContrast
}

/**
 * The mail footer as stored: line ends as `\n`, control characters (but the line end and tab) removed, spaces
 * at line ends and blank lines at either end dropped, at most one blank line in a row. Empty: null (no footer).
 */
export function normalizeMailFooter(value: string): string | null {
  const lines = value.replace(/\r\n?/g, '\n')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .split('\n').map((line) => line.replace(/\s+$/, ''))
  const kept: string[] = []
  for (const line of lines) if (line !== '' || (kept.length > 0 && kept[kept.length - 1] !== '')) kept.push(line)
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop()
  return kept.length === 0 ? null : kept.join('\n')
}

/** The lines a footer has once stored. */
export function mailFooterLines(value: string): number {
  return normalizeMailFooter(value)?.split('\n').length ?? 0
}

/**
 * What a payer-facing page or mail shows of the seller, read at render time: null fields are the platform's
 * look. Built only with the customization flag on (off: no branding at all).
 */
export type Branding = {
  sellerName: string
  /** The logo's address: a path on this site for pages, absolute in mails; null: the seller's name as text. */
  logoUrl: string | null
  /** Header bar and buttons, #rrggbb. */
  primaryColor: string | null
  /** Text on the primary colour (white or black, chosen by contrast). */
  onPrimaryColor: string | null
  /** Links and highlights on white, checked to read at 4.5:1. */
  accentColor: string | null
  mailFooter: string | null
  /** The "Sold with Sellfront" line is left out. */
  hideBranding: boolean
}

/** The CSS custom properties a branded storefront page carries (only colours that passed the checks). */
export function brandingVariables(branding: Branding): Record<string, string> {
  const vars: Record<string, string> = {}
  if (branding.primaryColor && isHexColor(branding.primaryColor)) {
    vars['--sf-brand-primary'] = branding.primaryColor
    vars['--sf-brand-on-primary'] = textColorOn(branding.primaryColor)
  }
  if (branding.accentColor && readableOnWhite(branding.accentColor)) vars['--sf-brand-accent'] = branding.accentColor
  return vars
}
