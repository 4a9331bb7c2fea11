import type { PageType } from './page-blocks'

// The applied theme a built page is styled with (docs/decisions/0070-shop-header-and-themes.md). Plain
// TypeScript like page-blocks.ts, so both the server (which picks these keys out of the stored theme) and
// the storefront (which turns them into CSS custom properties) read the same list.

/** The theme kinds of docs/decisions/0061-fonts-and-themes.md, as stored. */
export type PageThemeKind = 'ShopTheme' | 'MembershipTheme' | 'Product' | 'PaymentPageTemplate' | 'AffiliateLanding' | 'Funnel'

/**
 * Which applied themes style a page type, the first being the base: the shop's theme is the seller's look on
 * every page of the shop, and a theme of the page's own kind refines it key by key. A course page has no
 * frame of its own and follows the membership's look.
 */
export const themeKindsFor: Record<PageType, readonly PageThemeKind[]> = {
  shop: ['ShopTheme'],
  product: ['ShopTheme', 'Product'],
  thank_you_page: ['ShopTheme', 'PaymentPageTemplate'],
  membership: ['ShopTheme', 'MembershipTheme'],
  course: ['ShopTheme', 'MembershipTheme'],
  funnel: ['ShopTheme', 'Funnel'],
  affiliate: ['ShopTheme', 'AffiliateLanding'],
}

/** The styling keys of a theme that restyle a built page (colours, fonts, sizes), with their custom properties. */
export const themeColorVars = {
  backgroundColor: '--sf-theme-background',
  fontColor: '--sf-theme-text',
  productColor: '--sf-theme-product',
  priceColor: '--sf-theme-price',
  oldPriceColor: '--sf-theme-old-price',
  descriptionColor: '--sf-theme-description',
  categoryColor: '--sf-theme-category',
  buttonColor: '--sf-theme-button',
  buttonTextColor: '--sf-theme-button-text',
  menuColor: '--sf-theme-menu',
  headerBackgroundColor: '--sf-theme-header-background',
  linkColor: '--sf-theme-link',
} as const

export const themeFontVars = {
  productFont: '--sf-theme-product-font',
  priceFont: '--sf-theme-price-font',
  descriptionFont: '--sf-theme-description-font',
  categoryFont: '--sf-theme-category-font',
  buttonFont: '--sf-theme-button-font',
  menuFont: '--sf-theme-menu-font',
} as const

export const themeSizeVars = {
  productSize: '--sf-theme-product-size',
  priceSize: '--sf-theme-price-size',
  descriptionSize: '--sf-theme-description-size',
  buttonSize: '--sf-theme-button-size',
} as const

export type PageThemeKey = keyof typeof themeColorVars | keyof typeof themeFontVars | keyof typeof themeSizeVars
export const pageThemeKeys = [...Object.keys(themeColorVars), ...Object.keys(themeFontVars), ...Object.keys(themeSizeVars)] as PageThemeKey[]

/** The theme values a page is styled with: only the keys above, as the theme stored them (checked again when used). */
export type PageTheme = Partial<Record<PageThemeKey, string | number>>

/** The page's theme from the applied themes of its kinds, base first: a later theme's key wins. */
export function mergePageTheme(settingsInOrder: readonly (Record<string, unknown> | null | undefined)[]): PageTheme {
  const theme: PageTheme = {}
  for (const settings of settingsInOrder) {
    if (!settings) continue
    for (const key of pageThemeKeys) {
      const value = settings[key]
      if (typeof value === 'string' || typeof value === 'number') theme[key] = value
    }
  }
  return theme
}
