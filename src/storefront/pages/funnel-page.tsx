import { BuiltPage } from '../built/built-page'
import { ErrorBox, productPath, Shell } from '../blocks/shell'
import { money } from '../lib/plans'
import type { FunnelPageProps } from '../props'
import { useTexts } from '../i18n/texts-context'

// A funnel node after a payment (docs/decisions/0066-funnels.md): the seller's built page of type funnel with the
// accept and decline links filled in, or the default layout: the offer with one click (or the checkout when
// the payment kept no method) and "No thanks", or a thank-you card at the end. Plain HTML forms: no JavaScript.
// The offer is priced in the order's currency (after a converted order at its rate; its checkout link names that
// currency, docs/decisions/0097-payer-currencies.md).

export default function FunnelPage({ username, orderUrl, node, offer, built, acceptAction, declineUrl, error }: FunnelPageProps) {
  const { t } = useTexts()
  const u = t.order.upsell
  if (built) {
    return (
      <Shell username={username}>
        <div data-testid="funnel-page" data-node-kind={node.kind}>
          <ErrorBox error={error} />
          <BuiltPage document={built.document} data={built.data} />
        </div>
      </Shell>
    )
  }
  return (
    <Shell username={username}>
      <div className="sf-success" data-testid="funnel-page" data-node-kind={node.kind}>
        <ErrorBox error={error} />
        {offer ? (
          <section className="sf-card sf-upsell" data-testid="funnel-offer">
            {offer.headline && <p className="sf-upsell__headline">{offer.headline}</p>}
            <h1 className="sf-title">{offer.name}</h1>
            <p className="sf-upsell__price">{money(offer.amount, offer.currency)}</p>
            {offer.payment === 'checkout' ? (
              <p><a className="sf-buy" href={`${productPath(username, offer.product_slug)}?pricing_plan_id=${offer.pricing_plan_id}&funnel_offer=${encodeURIComponent(offer.funnel_offer)}&currency=${offer.currency}`} data-testid="funnel-checkout">{t.common.buyButton.buy_now}</a></p>
            ) : (
              <>
                <p className="sf-muted">{u.oneClick}</p>
                <form method="post" action={acceptAction}>
                  <button type="submit" className="sf-buy" data-testid="funnel-accept">{u.accept}</button>
                </form>
              </>
            )}
            <p><a className="sf-button sf-button--link" href={declineUrl} data-testid="funnel-decline">{u.decline}</a></p>
          </section>
        ) : (
          <section className="sf-card" data-testid="funnel-thank-you">
            <h1 className="sf-title">{t.order.funnel.thankYou}</h1>
            <p>{t.order.funnel.complete}</p>
            <p><a href={orderUrl} data-testid="funnel-order-link">{t.order.funnel.seeOrder}</a></p>
          </section>
        )}
      </div>
    </Shell>
  )
}
