import type { ComponentType, SVGProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { AmericanExpress, DinersClub, Discover, JCB, Maestro, Mastercard, PayPal, UnionPay, Visa } from 'react-svg-credit-card-payment-icons/icons/flat-rounded'

// Payment method logos and card brand marks as self-hosted SVG files (docs/decisions/0044-storefront-presence.md).
// Server only: the pages show <img src="/storefront/marks/{name}.svg"> (markPath), so not one byte of these
// drawings reaches the product page's JavaScript; the files are rendered once here and cached by browsers.
// Card brands and PayPal come from react-svg-credit-card-payment-icons (flat-rounded, 780x500); methods
// without a mark there get a glyph on the same card shape.

type Svg = ComponentType<SVGProps<SVGSVGElement>>

const brands: Record<string, Svg> = {
  visa: Visa, mastercard: Mastercard, amex: AmericanExpress, maestro: Maestro, discover: Discover, jcb: JCB, diners: DinersClub,
  unionpay: UnionPay, paypal: PayPal,
}

// Glyphs from Tabler Icons (MIT, @tabler/icons-react 3.x), their path data copied: the storefront's lint keeps UI
// kits out of src/storefront, and six paths do not need the library. Outline glyphs are stroked, filled ones filled.
type Glyph = { paths: string[]; filled?: boolean }
const tabler: Record<string, Glyph> = {
  card: { paths: ['M3 8a3 3 0 0 1 3 -3h12a3 3 0 0 1 3 3v8a3 3 0 0 1 -3 3h-12a3 3 0 0 1 -3 -3l0 -8', 'M3 10l18 0', 'M7 15l.01 0', 'M11 15l2 0'] },
  apple: {
    filled: true,
    paths: [
      'M15.079 5.999l.239 .012c1.43 .097 3.434 1.013 4.508 2.586a1 1 0 0 1 -.344 1.44c-.05 .028 -.372 .158 -.497 .217a4.15 4.15 0 0 0 -.722 .431c-.614 .461 -.948 1.009 -.942 1.694c.01 .885 .339 1.454 .907 1.846c.208 .143 .436 .253 .666 .33c.126 .043 .426 .116 .444 .122a1 1 0 0 1 .662 .942c0 2.621 -3.04 6.381 -5.286 6.381c-.79 0 -1.272 -.091 -1.983 -.315l-.098 -.031c-.463 -.146 -.702 -.192 -1.133 -.192c-.52 0 -.863 .06 -1.518 .237l-.197 .053c-.575 .153 -.964 .226 -1.5 .248c-2.749 0 -5.285 -5.093 -5.285 -9.072c0 -3.87 1.786 -6.92 5.286 -6.92c.297 0 .598 .045 .909 .128c.403 .107 .774 .26 1.296 .508c.787 .374 .948 .44 1.009 .44h.016c.03 -.003 .128 -.047 1.056 -.457c1.061 -.467 1.864 -.685 2.746 -.616l-.24 -.012z',
      'M14 1a1 1 0 0 1 1 1a3 3 0 0 1 -3 3a1 1 0 0 1 -1 -1a3 3 0 0 1 3 -3z',
    ],
  },
  google: {
    filled: true,
    paths: ['M12 2a9.96 9.96 0 0 1 6.29 2.226a1 1 0 0 1 .04 1.52l-1.51 1.362a1 1 0 0 1 -1.265 .06a6 6 0 1 0 2.103 6.836l.001 -.004h-3.66a1 1 0 0 1 -.992 -.883l-.007 -.117v-2a1 1 0 0 1 1 -1h6.945a1 1 0 0 1 .994 .89c.04 .367 .061 .737 .061 1.11c0 5.523 -4.477 10 -10 10s-10 -4.477 -10 -10s4.477 -10 10 -10z'],
  },
  bank: { paths: ['M3 21l18 0', 'M3 10l18 0', 'M5 6l7 -3l7 3', 'M4 10l0 11', 'M20 10l0 11', 'M8 14l0 3', 'M12 14l0 3', 'M16 14l0 3'] },
  wallet: { paths: ['M17 8v-3a1 1 0 0 0 -1 -1h-10a2 2 0 0 0 0 4h12a1 1 0 0 1 1 1v3m0 4v3a1 1 0 0 1 -1 1h-12a2 2 0 0 1 -2 -2v-12', 'M20 12v4h-4a2 2 0 0 1 0 -4h4'] },
  lock: { paths: ['M5 13a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-10a2 2 0 0 1 -2 -2v-6', 'M11 16a1 1 0 1 0 2 0a1 1 0 0 0 -2 0', 'M8 11v-4a4 4 0 1 1 8 0v4'] },
}

/** A 24-unit glyph centred on a white card (the brand marks' 780x500 shape) with a thin border, in the method's colour. */
function onCard(glyph: Glyph, color: string) {
  return function CardGlyph(props: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="0 0 780 500" xmlns="http://www.w3.org/2000/svg" {...props}>
        <rect x="6" y="6" width="768" height="488" rx="40" fill="#fff" stroke="#d0d5dd" strokeWidth="12" />
        <g
          transform="translate(198 58) scale(16)" fill={glyph.filled ? color : 'none'} stroke={glyph.filled ? 'none' : color}
          strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round"
        >
          {glyph.paths.map((d) => <path key={d} d={d} />)}
        </g>
      </svg>
    )
  }
}

const glyphs: Record<string, Svg> = {
  card: onCard(tabler.card!, '#1f2328'),
  apple_pay: onCard(tabler.apple!, '#000'),
  google_pay: onCard(tabler.google!, '#4285f4'),
  bank_wire: onCard(tabler.bank!, '#1f2328'),
  sepa: onCard(tabler.bank!, '#10298e'),
  wallet: onCard(tabler.wallet!, '#1f2328'),
  ssl: onCard(tabler.lock!, '#067647'),
}

export const markNames = [...Object.keys(brands), ...Object.keys(glyphs)]

const rendered = new Map<string, string>()

/** The SVG document of a mark, or null for an unknown name. */
export function markSvg(name: string): string | null {
  const Mark = Object.hasOwn(brands, name) ? brands[name] : Object.hasOwn(glyphs, name) ? glyphs[name] : undefined
  if (!Mark) return null
  let svg = rendered.get(name)
  if (svg === undefined) {
    svg = renderToStaticMarkup(<Mark width={780} height={500} />)
    // A file of its own needs the namespace React leaves out when it is already on the element.
    if (!svg.includes('xmlns=')) svg = svg.replace('<svg', '<svg xmlns="http://www.w3.org/2000/svg"')
    rendered.set(name, svg)
  }
  return svg
}
