import { useTexts } from '../i18n/texts-context'
import type { CheckoutPageOutput } from '../props'

// The payer's currency (docs/decisions/0097-payer-currencies.md): plain links (`?currency=`), kept by the server in a
// cookie, among the currencies the product can be paid in; under them the rate the page's prices were converted at,
// which the order keeps, or why the chosen currency cannot be offered now. The product page, the shop page and a
// built page's product lists show it; `current` names the chosen currency when no price needed converting.

type Choice = Pick<CheckoutPageOutput, 'currencies' | 'payer_currency' | 'currency_unavailable'> & { current?: string | undefined }

export function CurrencyChoice({ checkout }: { checkout: Choice }) {
  const { t: { checkout: { currency: t } }, f } = useTexts()
  const offered = checkout.currencies ?? []
  if (offered.length < 2) return null
  const converted = checkout.payer_currency ?? null
  const current = converted?.currency ?? checkout.current ?? offered[0]
  const source = (code: string) => (code === 'ecb' || code === 'file' ? t.sources[code] : code)
  return (
    <div className="sf-currency" data-testid="currency-choice">
      <nav className="sf-currency__list" aria-label={t.label}>
        <span className="sf-currency__label">{t.label}:</span>
        {offered.map((code) => (
          <a key={code} href={`?currency=${code}`} aria-current={code === current ? 'true' : undefined} data-testid={`currency-${code}`}>{code.toUpperCase()}</a>
        ))}
      </nav>
      {converted && (
        <p className="sf-currency__note" data-testid="currency-converted">
          {f(t.converted, {
            base: converted.base_currency.toUpperCase(), currency: converted.currency.toUpperCase(), rate: converted.rate,
            source: source(converted.source), date: converted.rated_at.slice(0, 10),
          })}
        </p>
      )}
      {checkout.currency_unavailable && (
        <p className="sf-currency__note" role="status" data-testid="currency-unavailable">
          {f(t.unavailable, { currency: checkout.currency_unavailable.toUpperCase(), base: (offered[0] ?? '').toUpperCase() })}
        </p>
      )}
    </div>
  )
}
