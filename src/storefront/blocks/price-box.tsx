import type { PriceSummary } from '../lib/estimate'
import { money } from '../lib/plans'

const percent = (bps: number) => `${bps / 100} %`

/** The live price: what is due now, over the whole plan, the VAT in it and the discount (stage 3). */
export function PriceBox({ summary, pending, recurring }: { summary: PriceSummary | null; pending: boolean; recurring: string | null }) {
  if (!summary) return null
  const m = (n: number) => money(n, summary.currency)
  return (
    <section className={`sf-price-box${pending ? ' sf-price-box--pending' : ''}`} aria-live="polite" data-testid="price-box" data-exact={summary.exact}>
      <h3 className="sf-visually-hidden">Price</h3>
      <ul className="sf-price-box__lines">
        {summary.lines.map((line, i) => (
          <li key={i}>
            <span>{line.quantity > 1 ? `${line.quantity} × ` : ''}{line.name}</span>
            <span>{line.oldAmount !== null && line.oldAmount !== line.amount && <s className="sf-old-price">{m(line.oldAmount)}</s>} {m(line.amount)}</span>
          </li>
        ))}
      </ul>
      {summary.discount > 0 && (
        <p className="sf-price-box__row" data-testid="price-discount"><span>Discount{summary.coupon?.applied ? ` (${summary.coupon.code})` : ''}</span><span>−{m(summary.discount)}</span></p>
      )}
      {summary.vat && summary.vat.breakdown.filter((b) => b.vat > 0).map((b) => (
        <p className="sf-price-box__row sf-price-box__vat" key={b.rate_bps}>
          <span>{summary.vat!.kind === 'net' ? 'plus' : 'incl.'} VAT {percent(b.rate_bps)}</span><span>{m(b.vat)}</span>
        </p>
      ))}
      {summary.vat?.note && <p className="sf-price-box__note" data-testid="vat-note">{summary.vat.note}</p>}
      <p className="sf-price-box__row sf-price-box__first">
        <span>{summary.total === summary.first && !summary.trialDays ? 'Total' : 'Due today'}</span>
        <strong data-testid="price-first">{summary.free ? 'Free' : m(summary.first)}</strong>
      </p>
      {summary.trialDays !== null && recurring && <p className="sf-price-box__note" data-testid="price-trial">{recurring}</p>}
      {summary.total !== null && summary.total !== summary.first && (
        <p className="sf-price-box__row sf-price-box__total"><span>Total over the plan</span><span data-testid="price-total">{m(summary.total)}</span></p>
      )}
      {summary.total === null && summary.trialDays === null && recurring && <p className="sf-price-box__note" data-testid="price-recurring">{recurring}</p>}
      {!summary.exact && !summary.free && <p className="sf-price-box__note">VAT is calculated for your country when you pay.</p>}
    </section>
  )
}
