import { fields } from '../lib/checkout-form'
import type { TrustSeals as Seals } from '../lib/theme'
import { useTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'
import { FieldError } from './field'

/** A payment method logo or card brand mark: a self-hosted SVG file the server renders (src/storefront/lib/marks.tsx). */
export const markPath = (name: string) => `/storefront/marks/${name}.svg`

/** The card brands shown for card payments, in this order. */
export const cardBrandMarks = ['visa', 'mastercard', 'amex'] as const
const cardBrandNames: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', maestro: 'Maestro', paypal: 'PayPal' }

/** The marks of a payment method; a method without its own mark shows a neutral one. */
export function methodMarks(code: string): string[] {
  switch (code) {
    case 'card': case 'stripeCard': return [...cardBrandMarks]
    case 'cardAmEx': return ['amex']
    case 'paypal': return ['paypal']
    case 'apple_pay': case 'google_pay': case 'sepa': case 'bank_wire': return [code]
    default: return ['wallet']
  }
}

/** Small marks in a row; decorative (the method's name is the label), so their alt text is empty. */
export function Marks({ names, label }: { names: readonly string[]; label?: string }) {
  return (
    <span className="sf-marks" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      {names.map((n) => <img key={n} className="sf-mark" src={markPath(n)} alt="" width={38} height={24} loading="lazy" decoding="async" />)}
    </span>
  )
}

/** Stage 1: how to pay, one radio per method the seller offers for this product, each with its logo. */
export function PaymentMethods({ methods, selected, error }: { methods: string[]; selected: string | undefined; error?: string }) {
  const { t } = useTexts()
  return (
    <fieldset className="sf-fieldset sf-methods" data-testid="payment-methods">
      <legend>{t.checkout.methods.legend}</legend>
      {methods.map((code) => (
        <label className="sf-method" key={code} data-testid={`method-${code}`}>
          <input type="radio" name={fields.method} value={code} defaultChecked={code === selected} required />
          <span className="sf-method__name">{textOf(t.common.methods, code) ?? code}</span>
          <Marks names={methodMarks(code)} />
        </label>
      ))}
      <FieldError name={fields.method} error={error} />
    </fieldset>
  )
}

/** Trust seals (docs/reference/catalogue-and-selling.md §3 trustSealsSettings): card brand marks, "SSL secure", the payment provider badge. */
export function TrustSeals({ seals, methods }: { seals: Seals; methods: string[] }) {
  const { t: { checkout: { methods: t } } } = useTexts()
  const cards = seals.card_brands && methods.some((m) => m === 'card' || m === 'apple_pay' || m === 'google_pay')
  const ssl = seals.ssl_secure
  const provider = seals.provider_badge && methods.length > 0
  if (!cards && !ssl && !provider) return null
  return (
    <ul className="sf-trust" data-testid="trust-seals">
      {ssl && <li className="sf-trust__ssl"><img className="sf-mark sf-mark--small" src={markPath('ssl')} alt="" width={25} height={16} loading="lazy" />{t.sslSecure}</li>}
      {cards && (
        <li className="sf-trust__brands">
          {cardBrandMarks.map((b) => <img key={b} className="sf-mark" src={markPath(b)} alt={cardBrandNames[b]} width={38} height={24} loading="lazy" data-testid="card-brand" />)}
        </li>
      )}
      {provider && <li className="sf-trust__provider">{t.provider}</li>}
    </ul>
  )
}
