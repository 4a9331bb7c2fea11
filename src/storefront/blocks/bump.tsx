import { fields } from '../lib/checkout-form'
import { money } from '../lib/plans'
import { useTexts } from '../i18n/texts-context'
import type { CheckoutPageOutput } from '../props'

type Bump = CheckoutPageOutput['bump']

/** A theme word as a CSS class fragment: letters, digits, `-` and `_` only. */
export const classWord = (value: string) => value.toLowerCase().replace(/[^a-z0-9_-]/g, '')

/**
 * The order bumps (add-ons of kind bump) at their position: one checkbox per offer; border and price
 * animations are CSS classes (styles/storefront.css), one or two columns by the bump layout.
 */
export function OrderBump({ bump, chosen }: { bump: Bump; chosen: number[] }) {
  const { t: { checkout: { bump: t } }, f } = useTexts()
  if (bump.offers.length === 0) return null
  const columns = bump.layout === 'two_columns' ? 'two' : 'one'
  const border = classWord(bump.border_animation || 'none')
  const price = classWord(bump.price_animation || 'none')
  return (
    <section className={`sf-bump sf-bump--${columns}-columns sf-bump--border-${border}`} data-testid="order-bump">
      {bump.headline && <h3 className="sf-bump__headline">{bump.headline}</h3>}
      {bump.text && <p className="sf-bump__text">{bump.text}</p>}
      <div className="sf-bump__offers">
        {bump.offers.map((offer) => (
          <label className="sf-bump__offer" key={offer.product_id}>
            <input type="checkbox" name={fields.addons} value={offer.product_id} defaultChecked={chosen.includes(offer.product_id)} />
            {offer.cover_url && <img src={offer.cover_url} alt="" width={64} height={64} loading="lazy" />}
            <span className="sf-bump__body">
              <strong>{f(t.add, { name: offer.name })}</strong>
              {offer.description && <span className="sf-bump__description">{offer.description}</span>}
              <span className={`sf-bump__price sf-price-anim--${price}`}>
                {offer.old_amount !== null && <s className="sf-old-price">{money(offer.old_amount, offer.currency)}</s>} {money(offer.amount, offer.currency)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </section>
  )
}
