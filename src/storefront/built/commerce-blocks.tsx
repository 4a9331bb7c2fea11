import type { CSSProperties, ReactNode } from 'react'
import type { BuiltPageData, BuiltProduct } from './built-data'
import { pageLink } from '../../shared/pages/page-links'
import { textOf } from '../i18n/format'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import { money } from '../lib/plans'
import { CurrencyChoice } from '../blocks/currency-choice'
import { blockStyle } from './block-style'
import { button, paragraphs, priceText, productItem, productOf, title, type BlockProps } from './built-parts'
import { defaultFunnelTitle, fillFunnelText } from './funnel-text'

// The selling blocks of a built page: products, popular products, button, funnel, funnel product, affiliate,
// contact form, conversion tools, thank-you page. Without JavaScript a slider is a row that scrolls, the
// countdown shows the time left when the page was made, and forms post to the server.

const productsOf = (data: BuiltPageData, ids: readonly number[]): BuiltProduct[] => ids.map((id) => productOf(data, id)).filter((p): p is BuiltProduct => p !== null)

export function ProductsBlock({ block, data }: BlockProps<'products'>) {
  const texts = useTexts()
  const s = block.settings
  const ids = s.source === 'product' ? (data.pageProductId === null ? [] : [data.pageProductId])
    : s.product_ids.length > 0 ? s.product_ids
      : s.source === 'membership_products' ? data.membershipProductIds : data.shopProductIds
  const products = productsOf(data, ids)
  return (
    <section className={`sf-built-products sf-built-view--${s.view}`} style={{ ...blockStyle('products', s), '--sf-built-columns': s.columns } as CSSProperties} data-testid="built-products">
      {s.show_price && products.length > 0 && data.currency && <CurrencyChoice checkout={data.currency} />}
      {products.length === 0
        ? <p className="sf-empty">{texts.t.built.products.empty}</p>
        : (
          <ul>
            {products.map((p) => productItem(p, s.view, {
              price: s.show_price, oldPrice: s.show_old_price, description: s.show_description, category: s.show_category,
              button: s.show_button ? button(s.button, data, p, s.view === 'button' ? p.name : undefined) : null,
            }, texts))}
          </ul>
        )}
    </section>
  )
}

export function PopularProductsBlock({ block, data }: BlockProps<'popular_products'>) {
  const texts = useTexts()
  const s = block.settings
  const products = productsOf(data, s.product_ids.length > 0 ? s.product_ids : data.popularProductIds)
  if (products.length === 0) return null
  return (
    <section className="sf-built-products sf-built-view--slider" style={{ ...blockStyle('popular_products', s), '--sf-built-columns': s.per_slide } as CSSProperties} data-testid="built-popular-products">
      {title(s.title)}
      {data.currency && <CurrencyChoice checkout={data.currency} />}
      <ul>{products.map((p) => productItem(p, 'grid', { price: true, oldPrice: true, description: false, category: false, button: button(s.button, data, p) }, texts))}</ul>
    </section>
  )
}

export function ButtonBlock({ block, data }: BlockProps<'button'>) {
  const s = block.settings
  const b = button(s.button, data, productOf(data, s.button.product_id ?? data.pageProductId))
  return b ? <div className="sf-built-button-block" style={blockStyle('button', s)} data-testid="built-button">{b}</div> : null
}

function productCard(p: BuiltProduct, showPrice: boolean, showDescription: boolean, texts: PageTexts): ReactNode {
  const cover = pageLink(p.cover_url)
  return (
    <div className="sf-built-product-card">
      {cover && <img src={cover} alt="" loading="lazy" />}
      <p className="sf-built-product__name">{p.name}</p>
      {showDescription && paragraphs(p.description)}
      {showPrice && priceText(p, true, texts)}
    </div>
  )
}

export function FunnelBlock({ block, data }: BlockProps<'funnel'>) {
  const texts = useTexts()
  const s = block.settings
  const product = productOf(data, s.product_id ?? data.pageProductId)
  const decline = data.funnel ? pageLink(data.funnel.decline_url) : null
  // The order that led here and the offer fill the texts (docs/decisions/0071-funnel-gaps.md).
  const fallback = s.title ? null : defaultFunnelTitle(data, product, texts)
  const order = data.funnel?.order ?? null
  return (
    <section className="sf-built-funnel" style={blockStyle('funnel', s)} data-testid="built-funnel">
      {s.title ? title(fillFunnelText(s.title, data, product)) : title(fallback?.thanks)}
      {fallback?.offer && <p className="sf-built-funnel__offer" data-testid="built-funnel-offer">{fallback.offer}</p>}
      {paragraphs(fillFunnelText(s.text, data, product))}
      {order && order.items.length > 0 && <p className="sf-built-funnel__order" data-testid="built-funnel-order">{order.items.join(', ')} · {money(order.amount, order.currency)}</p>}
      {data.funnel?.offer?.headline && <p className="sf-built-funnel__headline">{data.funnel.offer.headline}</p>}
      {product && productCard(product, true, false, texts)}
      {funnelPlan(data, product, texts)}
      {button(s.accept, data, product)}
      {decline && <p><a className="sf-built-funnel__decline" href={decline}>{s.decline_text}</a></p>}
    </section>
  )
}

export function FunnelProductBlock({ block, data }: BlockProps<'funnel_product'>) {
  const texts = useTexts()
  const s = block.settings
  const product = productOf(data, s.product_id ?? data.pageProductId)
  if (!product) return null
  return (
    <section className="sf-built-funnel-product" style={blockStyle('funnel_product', s)} data-testid="built-funnel-product">
      {productCard(product, s.show_price, s.show_description, texts)}
      {s.show_price && funnelPlan(data, product, texts)}
    </section>
  )
}

/** The plan the offer sells, by name, when the page is the offer's (its price is the card's). */
function funnelPlan(data: BuiltPageData, product: BuiltProduct | null, { t, f }: PageTexts): ReactNode {
  const offer = data.funnel?.offer
  if (!offer || !product || offer.product_id !== product.id || !offer.plan.name) return null
  return <p className="sf-built-funnel__plan" data-testid="built-funnel-plan">{f(t.built.funnel.plan, { plan: offer.plan.name, price: money(offer.plan.amount, offer.plan.currency) })}</p>
}

export function AffiliateBlock({ block, data }: BlockProps<'affiliate'>) {
  const { t, f, n } = useTexts()
  const s = block.settings
  const program = data.affiliate
  if (!program) return null
  const join = pageLink(program.join_url)
  return (
    <section className="sf-built-affiliate" style={blockStyle('affiliate', s)} data-testid="built-affiliate">
      {title(s.title)}
      <ol>{program.commissions.map((percent, i) => <li key={i}>{f(t.built.affiliate.commissionLevel, { level: i + 1, percent })}</li>)}</ol>
      <p>{n(t.built.affiliate.cookieDays, program.cookies_expire)}</p>
      {join && <a className="sf-built-button sf-built-button--filled" href={join}>{s.button_text}</a>}
    </section>
  )
}

const inputTypes: Record<string, string> = { email: 'email', phone: 'tel', birthday: 'date' }
const autoComplete: Record<string, string> = {
  first_name: 'given-name', last_name: 'family-name', email: 'email', birthday: 'bday', street: 'street-address', zip: 'postal-code', country_code: 'country', phone: 'tel',
}

export function ContactFormBlock({ block, data }: BlockProps<'contact_form'>) {
  const { t } = useTexts()
  const s = block.settings
  const action = pageLink(data.contactFormAction)
  return (
    <section className="sf-built-contact" style={blockStyle('contact_form', s)} data-testid="built-contact-form">
      {title(s.title)}
      <form method="post" action={action ?? undefined}>
        {/* Which form of the page, and a field people never see: a bot that fills it is ignored (decision 0065). */}
        <input type="hidden" name="block_id" value={block.id} />
        <label className="sf-built-hp" aria-hidden="true">{t.built.contactForm.honeypot}<input name="website" tabIndex={-1} autoComplete="off" /></label>
        <fieldset disabled={!action}>
          {s.fields.map((f) => {
            const name = `fields.${f.id}`
            const label = f.label ?? textOf(t.built.contactForm.fields, f.kind) ?? f.kind
            return (
              <label key={f.id} className="sf-field">
                <span className="sf-label">{label}{f.required ? ' *' : ''}</span>
                {f.type === 'textarea'
                  ? <textarea name={name} required={f.required} rows={4} maxLength={5000} />
                  : <input name={name} type={inputTypes[f.kind] ?? 'text'} required={f.required} autoComplete={autoComplete[f.kind]} maxLength={300} />}
              </label>
            )
          })}
          <button type="submit" className="sf-built-button sf-built-button--filled">{s.button.text}</button>
        </fieldset>
        {!action && <p className="sf-muted">{t.built.contactForm.unavailable}</p>}
      </form>
    </section>
  )
}

const unitSeconds = { months: 30 * 86400, weeks: 604800, days: 86400, hours: 3600, minutes: 60, seconds: 1 } as const

/** The time left split into the chosen units, largest first; the last unit takes the rest. */
export function countdownParts(seconds: number, units: readonly (keyof typeof unitSeconds)[]): { unit: keyof typeof unitSeconds; value: number }[] {
  let left = Math.max(0, Math.floor(seconds))
  const ordered = (Object.keys(unitSeconds) as (keyof typeof unitSeconds)[]).filter((u) => units.includes(u))
  return ordered.map((unit) => {
    const value = Math.floor(left / unitSeconds[unit])
    left -= value * unitSeconds[unit]
    return { unit, value }
  })
}

/** How long ago, in whole minutes (at least one), hours or days. */
function ago(seconds: number, { t, n }: PageTexts): string {
  const s = Number.isFinite(seconds) ? Math.max(0, seconds) : 0
  const words = t.built.socialProof
  if (s < 3600) return n(words.minutesAgo, Math.max(1, Math.floor(s / 60)))
  if (s < 86_400) return n(words.hoursAgo, Math.floor(s / 3600))
  return n(words.daysAgo, Math.floor(s / 86_400))
}

export function ConversionToolsBlock({ block, data }: BlockProps<'conversion_tools'>) {
  const texts = useTexts()
  const { t, f, n, num } = texts
  const s = block.settings
  let body: ReactNode = null
  if (s.tool === 'countdown') {
    if (s.countdown_type === 'counter') {
      body = <p className="sf-built-counter" data-testid="built-counter">{s.countdown_number}</p>
    } else {
      const end = s.countdown_end ? Date.parse(s.countdown_end) : NaN
      const left = Number.isFinite(end) ? (end - Date.parse(data.now)) / 1000 : 0
      body = (
        <ul className="sf-built-countdown" role="timer" data-testid="built-countdown">
          {countdownParts(left, s.countdown_units).map(({ unit, value }) => (
            <li key={unit}><strong>{value}</strong><span>{t.built.countdown[unit]}</span></li>
          ))}
        </ul>
      )
    }
  } else if (s.tool === 'progress_bar') {
    const value = Math.min(100, Math.max(0, Math.round(s.progress_value)))
    body = (
      <div className={`sf-built-progress sf-built-progress--${s.progress_style}`} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} style={{ '--sf-progress': `${value}%` } as CSSProperties} data-testid="built-progress">
        <span className="sf-built-progress__bar" />
        <span className="sf-built-progress__value">{s.progress_text ?? f(t.common.percent, { value: num(value) })}</span>
      </div>
    )
  } else {
    // Without a chosen product the page's own product counts (a product page; docs/decisions/0065-serving-built-pages.md).
    const proofId = s.product_id ?? data.pageProductId
    const proof = typeof proofId === 'number' && Object.hasOwn(data.socialProof, proofId) ? data.socialProof[proofId] : undefined
    const text = !proof ? null
      : s.social_proof_type === 'total_views' ? n(t.built.socialProof.views, proof.total_views)
        : s.social_proof_type === 'total_purchases' ? n(t.built.socialProof.purchases, proof.total_purchases)
          : proof.recent_purchase
            ? f(t.built.socialProof.recentPurchase, { name: proof.recent_purchase.first_name, ago: ago((Date.parse(data.now) - Date.parse(proof.recent_purchase.at)) / 1000, texts) })
            : null
    if (!text) return null
    body = <p className="sf-built-social-proof" data-testid="built-social-proof">{text}</p>
  }
  return <section className="sf-built-conversion" style={blockStyle('conversion_tools', s)} data-testid="built-conversion-tools">{title(s.title, 'h3')}{body}</section>
}

export function ThankYouPageBlock({ block, data }: BlockProps<'thank_you_page'>) {
  const { t, f } = useTexts()
  const s = block.settings
  const order = data.order
  const access = (order?.access ?? []).map((a) => ({ ...a, href: pageLink(a.url) })).filter((a) => a.href)
  return (
    <section className="sf-built-thanks" style={blockStyle('thank_you_page', s)} data-testid="built-thank-you">
      {title(s.title, 'h1')}
      {paragraphs(s.text)}
      {s.show_order && order && (
        <p className="sf-built-thanks__order">
          {f(t.built.thankYou.order, { number: order.number })} · {order.product_name}
          {order.amount !== null && order.currency ? ` · ${money(order.amount, order.currency)}` : ''}
        </p>
      )}
      {s.show_access && access.length > 0 && (
        <>
          <h2>{t.built.thankYou.access}</h2>
          <ul>{access.map((a, i) => <li key={i}><a href={a.href!}>{a.label}</a></li>)}</ul>
        </>
      )}
    </section>
  )
}
