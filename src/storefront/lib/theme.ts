import type { CheckoutTheme, TrustSeals } from '../../shared/schemas/checkout-settings'

// The seller's checkout theme (docs/reference/catalogue-and-selling.md §3 "Checkout settings": theme) as CSS custom properties on the page's
// root element. checkoutPageOutput.settings.theme arrives with every default applied (buy button #ffc107,
// radius 22, ...) and every stored value checked by `checkoutTheme` of src/shared/schemas/checkout-settings.ts,
// the one place that fills them in; the server plugin runs it once more before rendering, so only hex
// colours, whole radii and the listed font families reach the style attribute. (That module is not
// imported here at run time: its zod schemas would ship to the browser.)

export type { CheckoutTheme, TrustSeals }

/** The theme of checkoutPageOutput.settings.theme (defaults applied by the server). */
export function themeOf(stored: Record<string, unknown>): CheckoutTheme {
  return stored as CheckoutTheme
}

export function sealsOf(stored: Record<string, unknown>): TrustSeals {
  return stored as TrustSeals
}

const fontStacks: Record<CheckoutTheme['font_family'], string> = {
  Montserrat: "'Montserrat', sans-serif",
  Arial: 'Arial, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  Georgia: 'Georgia, serif',
  Verdana: 'Verdana, sans-serif',
  'Trebuchet MS': "'Trebuchet MS', sans-serif",
  'system-ui': 'system-ui, sans-serif',
}

/** The CSS variables the stylesheet reads (styles/storefront.css). */
export function themeVariables(theme: CheckoutTheme): Record<string, string> {
  return {
    '--sf-buy-bg': theme.buy_button_color,
    '--sf-buy-color': theme.buy_button_font_color,
    '--sf-buy-radius': `${theme.buy_button_radius}px`,
    '--sf-coupon-bg': theme.coupon_button_color,
    '--sf-coupon-color': theme.coupon_button_font_color,
    '--sf-coupon-radius': `${theme.coupon_border_radius}px`,
    '--sf-text': theme.font_color,
    '--sf-page-bg': theme.background_color,
    '--sf-card-bg': theme.page_color,
    '--sf-radius': `${theme.radius}px`,
    '--sf-font': fontStacks[theme.font_family] ?? fontStacks.Montserrat,
    '--sf-badge-bg': theme.recommended_badge_color,
    '--sf-badge-color': theme.recommended_badge_font_color,
    '--sf-countdown-bg': theme.countdown_color,
  }
}

/**
 * The plan that carries the "Recommended" badge: `recommended_plan_id` in the stored theme when the seller
 * chose one (the settings have its colours but no field for the plan yet), else none.
 */
export function recommendedPlanId(stored: Record<string, unknown>): number | null {
  const value = stored.recommended_plan_id
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : null
}
