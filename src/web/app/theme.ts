import {
  Tooltip, createTheme, darken, defaultVariantColorsResolver, parseThemeColor, type CSSVariablesResolver, type VariantColorsResolver,
} from '@mantine/core'

// Montserrat is self-hosted from @fontsource (docs/reference/readings.md 31); the spec's breakpoints are mobile 576,
// tablet 768 and desktop 992 (docs/reference/catalogue-and-selling.md §9); tooltips hide after 200 ms with an 8 px offset.
// Contrast (WCAG AA, checked by axe in tests/e2e/accessibility.test.ts; docs/decisions/0045-cabinet-on-a-phone.md):
// the primary colour at shade 7 (white on it and it on white reach 4.5:1), the "light" badges and buttons
// with their text darker than Mantine's shade 9 on the pale ground, and dimmed text darker than gray 6.
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input)
  if (input.variant !== 'light') return resolved
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme })
  if (!parsed.isThemeColor || !parsed.color) return resolved
  const shade = input.theme.colors[parsed.color]?.[9]
  if (!shade) return resolved
  const text = darken(shade, 0.3)
  return { ...resolved, color: text, hoverColor: text }
}

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a' },
  dark: {},
})

export const theme = createTheme({
  primaryShade: 7,
  variantColorResolver,
  fontFamily: 'Montserrat, sans-serif',
  headings: { fontFamily: 'Montserrat, sans-serif', fontWeight: '600' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Tooltip: Tooltip.extend({ defaultProps: { closeDelay: 200, offset: 8 } }),
  },
})
