import { Tooltip, createTheme } from '@mantine/core'

// Montserrat is self-hosted from @fontsource (docs/reference/readings.md 31); the spec's breakpoints are mobile 576,
// tablet 768 and desktop 992 (docs/reference/catalogue-and-selling.md §9); tooltips hide after 200 ms with an 8 px offset.
export const theme = createTheme({
  fontFamily: 'Montserrat, sans-serif',
  headings: { fontFamily: 'Montserrat, sans-serif', fontWeight: '600' },
  primaryColor: 'indigo',
  defaultRadius: 'md',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  components: {
    Tooltip: Tooltip.extend({ defaultProps: { closeDelay: 200, offset: 8 } }),
  },
})
