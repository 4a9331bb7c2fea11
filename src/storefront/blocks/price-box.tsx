import type { PriceSummary } from '../lib/estimate'
import { money } from '../lib/plans'
import { useTexts } from '../i18n/texts-context'

/** The live price: what is due now, over the whole plan, the VAT in it and the discount (stage 3). */
export function PriceBox({ summary, pending, recurring }: { summary: PriceSummary | null; pending: boolean; recurring: string | null }) {
  const { t: { checkout: { priceBox: t }, common }, f, num } = useTexts()
  if (!summary) return null
  const m = (n: number) => money(n, summary.currency)
  /** A VAT rate in basis points as a percent: 1900 -> "19 %". */
  const percent = (bps: number) => f(common.percent, { value: num(bps / 100) })
  return (
    <section className={`sf-price-box${pending ? ' sf-price-box--pending' : ''}`} aria-live="polite" data-testid="price-box" data-exact={summary.exact}>
      <h3 className="sf-visually-hidden">{t.heading}</h3>
      <ul className="sf-price-box__lines">
        {summary.lines.map((line, i) => (
          <li key={i}>
            <span>{line.quantity > 1 ? `${line.quantity} × ` : ''}{line.name}</span>
            <span>{line.oldAmount !== null && line.oldAmount !== line.amount && <s className="sf-old-price">{m(line.oldAmount)}</s>} {m(line.amount)}</span>
          </li>
        ))}
      </ul>
      {summary.discount > 0 && (
        <p className="sf-price-box__row" data-testid="price-discount"><span>{summary.coupon?.applied ? f(t.discountCoupon, { code: summary.coupon.code }) : t.discount}</span><span>−{m(summary.discount)}</span></p>
      )}
      {summary.vat && summary.vat.breakdown.filter((b) => b.vat > 0).map((b) => (
        <p className="sf-price-box__row sf-price-box__vat" key={b.rate_bps}>
          <span>{f(summary.vat!.kind === 'net' ? t.vatNet : t.vatGross, { rate: percent(b.rate_bps) })}</span><span>{m(b.vat)}</span>
        </p>
      ))}
      {summary.vat?.note && <p className="sf-price-box__note" data-testid="vat-note">{summary.vat.note}</p>}
      <p className="sf-price-box__row sf-price-box__first">
        <span>{summary.total === summary.first && !summary.trialDays ? t.total : t.dueToday}</span>
        <strong data-testid="price-first">{summary.free ? t.free : m(summary.first)}</strong>
      </p>
      {summary.trialDays !== null && recurring && <p className="sf-price-box__note" data-testid="price-trial">{recurring}</p>}
      {summary.total !== null && summary.total !== summary.first && (
        <p className="sf-price-box__row sf-price-box__total"><span>{t.totalOverPlan}</span><span data-testid="price-total">{m(summary.total)}</span></p>
      )}
      {summary.total === null && summary.trialDays === null && recurring && <p className="sf-price-box__note" data-testid="price-recurring">{recurring}</p>}
      {!summary.exact && !summary.free && <p className="sf-price-box__note">{t.vatLater}</p>}
    </section>
  )
}
