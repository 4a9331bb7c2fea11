import { fields } from '../lib/checkout-form'
import type { TrustSeals as Seals } from '../lib/theme'
import { methodName } from '../texts'
import { FieldError } from './field'

/** Stage 1: how to pay, one radio per method the seller offers for this product. */
export function PaymentMethods({ methods, selected, error }: { methods: string[]; selected: string | undefined; error?: string }) {
  return (
    <fieldset className="sf-fieldset sf-methods" data-testid="payment-methods">
      <legend>Payment method</legend>
      {methods.map((code) => (
        <label className="sf-method" key={code} data-testid={`method-${code}`}>
          <input type="radio" name={fields.method} value={code} defaultChecked={code === selected} required />
          <span>{methodName(code)}</span>
        </label>
      ))}
      <FieldError name={fields.method} error={error} />
    </fieldset>
  )
}

const cardBrands = ['Visa', 'Mastercard', 'American Express']

/** Trust seals (docs/reference/catalogue-and-selling.md §3 trustSealsSettings): card brand badges, "SSL secure", the payment provider badge. */
export function TrustSeals({ seals, methods }: { seals: Seals; methods: string[] }) {
  const cards = seals.card_brands && methods.some((m) => m === 'card' || m === 'apple_pay' || m === 'google_pay')
  const ssl = seals.ssl_secure
  const provider = seals.provider_badge && methods.length > 0
  if (!cards && !ssl && !provider) return null
  return (
    <ul className="sf-trust" data-testid="trust-seals">
      {ssl && <li className="sf-trust__ssl">SSL secure checkout</li>}
      {cards && cardBrands.map((b) => <li key={b} className="sf-trust__brand">{b}</li>)}
      {provider && <li className="sf-trust__provider">Payments processed by our payment provider</li>}
    </ul>
  )
}
