import type { CSSProperties } from 'react'
import {
  blockWidths, defaultButtonColor, defaultTextColor, fontFamilies, widgetLimits, type BlockKind, type BlockStyle, type ButtonSettings, type PageSettings,
} from '../../shared/pages/page-blocks'
import { themeColorVars, themeFontVars, themeSizeVars, type PageTheme } from '../../shared/pages/page-theme'
import { isHexColor } from '../../shared/validation/color'

// Inline styles of built blocks, made only from validated settings (docs/decisions/0059-page-blocks.md): colours
// pass the hex rule again, numbers are clamped, fonts come from a fixed list. No seller text reaches CSS.

const fontStacks = {
  default: "'Montserrat', sans-serif",
  sans_serif: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  serif: 'Georgia, "Times New Roman", serif',
  monospace: 'ui-monospace, Menlo, Consolas, monospace',
} as const

const clamp = (value: unknown, min: number, max: number, fallback: number) =>
  (typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value))) : fallback)

export function color(value: unknown): string | undefined {
  return typeof value === 'string' && isHexColor(value) ? value : undefined
}

/** A hex colour with the block's transparency (0 opaque .. 100 invisible) as rgba(). */
export function withTransparency(hex: string, transparency: number): string {
  const digits = hex.slice(1)
  const full = digits.length === 3 ? digits.split('').map((d) => d + d).join('') : digits
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16))
  const alpha = (100 - clamp(transparency, 0, 100, 0)) / 100
  return `rgba(${r}, ${g}, ${b}, ${alpha})`
}

export function fontFamily(value: unknown): string {
  return fontStacks[value as keyof typeof fontStacks] ?? fontStacks.default
}

/** A font name of a theme as a CSS string: anything but letters, digits, space and `_ . , -` hex-escaped (as the fonts' stylesheet writes it). */
export function cssString(value: string): string {
  let out = ''
  for (const char of value) out += /[A-Za-z0-9 _.,-]/.test(char) ? char : `\\${char.codePointAt(0)!.toString(16)} `
  return `"${out}"`
}

/** A theme's font: one of the builder's families by its stack, else the seller's font by name before the default stack. */
export function themeFont(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '' || value.length > 100) return undefined
  if ((fontFamilies as readonly string[]).includes(value)) return fontFamily(value)
  return `${cssString(value.trim())}, ${fontStacks.default}`
}

/** Whether the theme names a font that is not one of the builder's families (the seller's own, from their font stylesheet). */
export const themeNamesOwnFont = (theme: PageTheme | undefined) =>
  Object.keys(themeFontVars).some((key) => {
    const value = theme?.[key as keyof typeof themeFontVars]
    return typeof value === 'string' && value.trim() !== '' && value.length <= 100 && !(fontFamilies as readonly string[]).includes(value)
  })

/**
 * The applied theme as CSS custom properties on the page (docs/decisions/0070-shop-header-and-themes.md):
 * colours pass the hex rule, sizes are clamped, fonts are stacks or escaped strings. The stylesheet and the
 * block styles read them as defaults; a block's own settings win.
 */
export function themeStyle(theme: PageTheme | undefined): Record<string, string> {
  const vars: Record<string, string> = {}
  if (!theme) return vars
  for (const [key, name] of Object.entries(themeColorVars)) {
    const value = color(theme[key as keyof typeof themeColorVars])
    if (value) vars[name] = value
  }
  for (const [key, name] of Object.entries(themeFontVars)) {
    const value = themeFont(theme[key as keyof typeof themeFontVars])
    if (value) vars[name] = value
  }
  for (const [key, name] of Object.entries(themeSizeVars)) {
    const value = theme[key as keyof typeof themeSizeVars]
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) vars[name] = `${clamp(value, widgetLimits.minFontSize, widgetLimits.maxFontSize, 16)}px`
  }
  return vars
}

/** Theme text colours a block's own (non-default) text colour replaces inside the block. */
const textColorVars = [themeColorVars.productColor, themeColorVars.priceColor, themeColorVars.descriptionColor, themeColorVars.categoryColor, themeColorVars.menuColor, themeColorVars.linkColor]

/**
 * The block's box: background, colour, width, padding, alignment, radius, font. A setting left at its default
 * (black text, the default family, no size) yields to the page's theme; one the seller chose wins over it.
 */
export function blockStyle(kind: BlockKind, s: BlockStyle): CSSProperties {
  const background = color(s.background_color)
  const text = color(s.text_color)
  const ownText = text !== undefined && text.toLowerCase() !== defaultTextColor
  const ownFont = s.font_family !== undefined && s.font_family !== 'default'
  const ownSize = s.font_size !== null && s.font_size !== undefined
  const fontSize = ownSize ? `${clamp(s.font_size, widgetLimits.minFontSize, widgetLimits.maxFontSize, 16)}px` : undefined
  const overrides: Record<string, string> = {}
  if (ownText) for (const name of textColorVars) overrides[name] = text
  if (ownFont) for (const name of Object.values(themeFontVars)) overrides[name] = fontFamily(s.font_family)
  if (fontSize) for (const name of Object.values(themeSizeVars)) overrides[name] = fontSize
  const padding = s.padding?.unit === 'percent'
    ? `${clamp(s.padding.value, 0, widgetLimits.maxPaddingPercent, widgetLimits.padding)}%`
    : `${clamp(s.padding?.value, 0, widgetLimits.maxPaddingPx, widgetLimits.padding)}px`
  const align = s.alignment === 'center' || s.alignment === 'right' ? s.alignment : 'left'
  return {
    ...overrides,
    background: background ? withTransparency(background, s.transparency) : undefined,
    color: ownText ? text : `var(${themeColorVars.fontColor}, ${text ?? defaultTextColor})`,
    width: `${clamp(s.width, 1, 100, blockWidths[kind].width)}%`,
    maxWidth: `${clamp(s.max_width, 1, blockWidths[kind].maxWidth, blockWidths[kind].maxWidth)}px`,
    padding,
    textAlign: align,
    marginLeft: align === 'left' ? undefined : 'auto',
    marginRight: align === 'right' ? undefined : align === 'center' ? 'auto' : undefined,
    borderRadius: `${clamp(s.radius, 0, widgetLimits.maxRadius, 0)}px`,
    fontFamily: fontFamily(s.font_family),
    fontSize,
    fontStyle: s.font_style === 'italic' ? 'italic' : 'normal',
    fontWeight: clamp(s.font_weight, 100, 900, 400),
  }
}

/** A button's colours and radius as the stylesheet's custom properties (filled or outlined is a class); default colours yield to the theme's. */
export function buttonStyle(b: ButtonSettings): CSSProperties {
  const fill = color(b.color)
  const text = color(b.text_color)
  return {
    '--sf-bb-color': fill && fill.toLowerCase() !== defaultButtonColor ? fill : `var(${themeColorVars.buttonColor}, ${defaultButtonColor})`,
    '--sf-bb-text': text && text.toLowerCase() !== defaultTextColor ? text : `var(${themeColorVars.buttonTextColor}, ${defaultTextColor})`,
    '--sf-bb-radius': `${clamp(b.radius, 0, widgetLimits.maxRadius, 22)}px`,
  } as CSSProperties
}

/** The page: its theme's custom properties, then its own colours and font, which win over the theme's. */
export function pageStyle(s: PageSettings | undefined, theme?: PageTheme): CSSProperties {
  const vars = themeStyle(theme)
  const text = color(s?.text_color)
  const background = color(s?.background_color) ?? vars[themeColorVars.backgroundColor]
  const ownText = text !== undefined && text.toLowerCase() !== defaultTextColor
  return { ...vars, background, color: ownText ? text : vars[themeColorVars.fontColor] ?? text, fontFamily: fontFamily(s?.font_family) } as CSSProperties
}
