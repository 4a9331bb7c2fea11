import {
  checkoutTheme, checkoutThemeDefaults, checkoutThemeInput, type CheckoutTheme, type CheckoutThemeInput,
} from '../../../../shared/schemas/checkout-settings'
import { isHexColor } from '../../../../shared/validation/color'

// The theme as the form edits it (numbers and texts as typed) and the change it sends: a value equal to
// the platform's default is sent as null, so the stored theme keeps only what the seller changed.

export type ThemeKey = keyof CheckoutTheme
export type ThemeValues = Record<ThemeKey, string | boolean>

export const themeColorKeys = [
  'buy_button_color', 'buy_button_font_color', 'background_color', 'page_color', 'font_color', 'coupon_button_color',
  'coupon_button_font_color', 'recommended_badge_color', 'recommended_badge_font_color', 'countdown_color',
] as const satisfies readonly ThemeKey[]
export const themeNumberKeys = ['buy_button_radius', 'coupon_border_radius', 'radius', 'countdown_minutes'] as const satisfies readonly ThemeKey[]
export const themeTextKeys = ['buy_button_text', 'get_for_free_text', 'countdown_text'] as const satisfies readonly ThemeKey[]

const isNumberKey = (key: string) => (themeNumberKeys as readonly string[]).includes(key)
const isTextKey = (key: string) => (themeTextKeys as readonly string[]).includes(key)

export function themeValues(theme: CheckoutTheme): ThemeValues {
  const values = {} as ThemeValues
  for (const key of Object.keys(checkoutThemeDefaults) as ThemeKey[]) {
    const value = theme[key]
    values[key] = typeof value === 'boolean' ? value : value === null ? '' : String(value)
  }
  return values
}

/** The theme change for a create or update: typed values parsed, defaults as null. */
export function themeChange(values: ThemeValues): CheckoutThemeInput {
  const change: Record<string, unknown> = {}
  for (const key of Object.keys(checkoutThemeDefaults) as ThemeKey[]) {
    const raw = values[key]
    let value: unknown = raw
    if (isNumberKey(key)) value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
    else if (isTextKey(key)) value = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null
    change[key] = value === checkoutThemeDefaults[key] ? null : value
  }
  return change as CheckoutThemeInput
}

/** What the preview shows: the valid values, defaults for the rest. */
export function previewTheme(values: ThemeValues): CheckoutTheme {
  const parsed = checkoutThemeInput.safeParse(themeChange(values))
  if (parsed.success) return checkoutTheme(parsed.data as Record<string, unknown>)
  const valid: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(themeChange(values))) {
    const one = checkoutThemeInput.shape[key as ThemeKey].safeParse(value)
    if (one.success) valid[key] = one.data
  }
  return checkoutTheme(valid)
}

/** A colour field's problem, if any. */
export function colorIssue(value: string | boolean): 'invalid_hex_color' | undefined {
  return typeof value === 'string' && isHexColor(value.trim()) ? undefined : 'invalid_hex_color'
}
