import type { CSSProperties } from 'react'
import { blockWidths, widgetLimits, type BlockKind, type BlockStyle, type ButtonSettings, type PageSettings } from '../../shared/pages/page-blocks'
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

/** The block's box: background, colour, width, padding, alignment, radius, font. */
export function blockStyle(kind: BlockKind, s: BlockStyle): CSSProperties {
  const background = color(s.background_color)
  const padding = s.padding?.unit === 'percent'
    ? `${clamp(s.padding.value, 0, widgetLimits.maxPaddingPercent, widgetLimits.padding)}%`
    : `${clamp(s.padding?.value, 0, widgetLimits.maxPaddingPx, widgetLimits.padding)}px`
  const align = s.alignment === 'center' || s.alignment === 'right' ? s.alignment : 'left'
  return {
    background: background ? withTransparency(background, s.transparency) : undefined,
    color: color(s.text_color),
    width: `${clamp(s.width, 1, 100, blockWidths[kind].width)}%`,
    maxWidth: `${clamp(s.max_width, 1, blockWidths[kind].maxWidth, blockWidths[kind].maxWidth)}px`,
    padding,
    textAlign: align,
    marginLeft: align === 'left' ? undefined : 'auto',
    marginRight: align === 'right' ? undefined : align === 'center' ? 'auto' : undefined,
    borderRadius: `${clamp(s.radius, 0, widgetLimits.maxRadius, 0)}px`,
    fontFamily: fontFamily(s.font_family),
    fontSize: s.font_size === null || s.font_size === undefined ? undefined : `${clamp(s.font_size, widgetLimits.minFontSize, widgetLimits.maxFontSize, 16)}px`,
    fontStyle: s.font_style === 'italic' ? 'italic' : 'normal',
    fontWeight: clamp(s.font_weight, 100, 900, 400),
  }
}

/** A button's colours and radius as the stylesheet's custom properties (filled or outlined is a class). */
export function buttonStyle(b: ButtonSettings): CSSProperties {
  return {
    '--sf-bb-color': color(b.color) ?? '#ffc107',
    '--sf-bb-text': color(b.text_color) ?? '#000000',
    '--sf-bb-radius': `${clamp(b.radius, 0, widgetLimits.maxRadius, 22)}px`,
  } as CSSProperties
}

export function pageStyle(s: PageSettings | undefined): CSSProperties {
  const background = color(s?.background_color)
  return { background, color: color(s?.text_color), fontFamily: fontFamily(s?.font_family) }
}
