import type { ComponentType, SVGProps } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { AmericanExpress, DinersClub, Discover, JCB, Maestro, Mastercard, PayPal, UnionPay, Visa } from 'react-svg-credit-card-payment-icons/icons/flat-rounded'
import { IconBrandAppleFilled, IconBrandGoogleFilled, IconBuildingBank, IconCreditCard, IconLock, IconWallet } from '@tabler/icons-react'

// Payment method logos and card brand marks as self-hosted SVG files (docs/decisions/0044-storefront-presence.md).
// Server only: the pages show <img src="/storefront/marks/{name}.svg"> (markPath), so not one byte of these
// drawings reaches the product page's JavaScript; the files are rendered once here and cached by browsers.
// Card brands and PayPal come from react-svg-credit-card-payment-icons (flat-rounded, 780x500); methods
// without a mark there get a Tabler glyph on the same card shape.

type Svg = ComponentType<SVGProps<SVGSVGElement>>

const brands: Record<string, Svg> = {
  visa: Visa, mastercard: Mastercard, amex: AmericanExpress, maestro: Maestro, discover: Discover, jcb: JCB, diners: DinersClub,
  unionpay: UnionPay, paypal: PayPal,
}

type Glyph = typeof IconLock

/** A glyph centred on a white card with a thin border and the method's colour. */
function onCard(Icon: Glyph, color: string) {
  return function CardGlyph(props: SVGProps<SVGSVGElement>) {
    return (
      <svg viewBox="0 0 780 500" xmlns="http://www.w3.org/2000/svg" {...props}>
        <rect x="6" y="6" width="768" height="488" rx="40" fill="#fff" stroke="#d0d5dd" strokeWidth="12" />
        <Icon size={300} x={240} y={100} color={color} stroke={1.75} />
      </svg>
    )
  }
}

const glyphs: Record<string, Svg> = {
  card: onCard(IconCreditCard, '#1f2328'),
  apple_pay: onCard(IconBrandAppleFilled, '#000'),
  google_pay: onCard(IconBrandGoogleFilled, '#4285f4'),
  bank_wire: onCard(IconBuildingBank, '#1f2328'),
  sepa: onCard(IconBuildingBank, '#10298e'),
  wallet: onCard(IconWallet, '#1f2328'),
  ssl: onCard(IconLock, '#067647'),
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
