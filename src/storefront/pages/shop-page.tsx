import type { CSSProperties } from 'react'
import { CurrencyChoice } from '../blocks/currency-choice'
import { eventDate } from '../blocks/plans'
import { productPath, shopPath, Shell } from '../blocks/shell'
import { money } from '../lib/plans'
import type { ShopPageProps } from '../props'
import { useTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'

/** Up to two initials of the seller's name: the avatar when the seller has no picture (docs/decisions/0044-storefront-presence.md). */
export function initials(name: string): string {
  const words = name.trim().split(/[\s._-]+/).filter(Boolean)
  return (words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? '?').slice(0, 2)).toUpperCase()
}

/** A hue of the banner's gradient, fixed per shop: two shops never look alike by accident and a shop always looks the same. */
export function shopHue(username: string): number {
  let h = 0
  for (const c of username.toLowerCase()) h = (h * 31 + c.charCodeAt(0)) % 360
  return h
}

/** The seller's default shop: a header with the seller, then published, listed products with cover, kind and price, a page at a time. */
export default function ShopPage({ username, list, page, per, currency }: ShopPageProps) {
  const texts = useTexts()
  const { t, f, n } = texts
  const pages = Math.max(1, Math.ceil(list.total_count / per))
  const pageLink = (n: number) => (n === 1 ? shopPath(username) : `${shopPath(username)}?page=${n}`)
  const name = list.seller?.name ?? username
  const handle = list.seller?.username ?? username
  const count = list.total_count_max
  const avatar = list.seller?.avatar ?? null
  const banner = list.seller?.banner ?? null
  const bio = list.seller?.bio?.trim() || null
  return (
    <Shell username={username} sellerName={name}>
      <header className="sf-shop-hero" data-testid="shop-header" style={{ '--sf-hue': shopHue(handle) } as CSSProperties}>
        {/* The seller's banner over the gradient, which stays as the fallback (docs/decisions/0046-seller-presence.md). */}
        <div className={banner ? 'sf-shop-hero__banner sf-shop-hero__banner--image' : 'sf-shop-hero__banner'} aria-hidden="true">
          {banner && (
            <img
              src={banner.variants.s1200} data-testid="shop-banner" alt="" decoding="async" fetchPriority="high"
              srcSet={`${banner.variants.s640} 640w, ${banner.variants.s1200} 1200w, ${banner.variants.s1920} 1920w`} sizes="(min-width: 1100px) 1100px, 100vw"
            />
          )}
        </div>
        <div className="sf-shop-hero__body">
          {avatar
            ? (
              <img
                className="sf-shop-hero__avatar sf-shop-hero__avatar--image" data-testid="shop-avatar" alt={name} width={96} height={96}
                src={avatar.variants.s100} srcSet={`${avatar.variants.s100} 100w, ${avatar.variants.s300} 300w`} sizes="96px"
              />
            )
            : <span className="sf-shop-hero__avatar" aria-hidden="true" data-testid="shop-avatar">{initials(name)}</span>}
          <div className="sf-shop-hero__text">
            <h1 className="sf-title sf-shop-hero__name" data-testid="shop-name">{name}</h1>
            <p className="sf-muted sf-shop-hero__meta">{`@${handle} · ${n(t.pages.shop.productCount, count)}`}</p>
            {bio && <p className="sf-shop-hero__bio" data-testid="shop-bio">{bio}</p>}
          </div>
        </div>
      </header>
      {/* The payer's currency (docs/decisions/0097-payer-currencies.md): the prices below are converted like a product page's. */}
      {currency && list.list.length > 0 && <CurrencyChoice checkout={currency} />}
      {list.list.length === 0
        ? <p className="sf-empty" data-testid="shop-empty">{t.pages.shop.empty}</p>
        : (
          <ul className="sf-shop" data-testid="shop-products">
            {list.list.map((p, i) => {
              const when = p.event ? eventDate(p.event.start_date, texts) : null
              return (
                <li key={p.id} className="sf-shop__item" data-testid="shop-product">
                  <a href={productPath(username, p.slug)}>
                    {p.covers[0]
                      ? <img src={p.covers[0].variants.s640} alt="" width={640} height={Math.round((640 * p.covers[0].height) / Math.max(1, p.covers[0].width))} loading={i < 3 ? 'eager' : 'lazy'} />
                      : <span className="sf-shop__placeholder" aria-hidden="true" />}
                    <span className="sf-shop__kind" data-testid="shop-product-kind">{textOf(t.common.productKinds, p.form) ?? t.common.productKinds.other}</span>
                    <span className="sf-shop__name">{p.name}</span>
                    {(when || p.event?.location) && <span className="sf-shop__event">{[when, p.event?.location].filter(Boolean).join(' · ')}</span>}
                    {p.display_price !== null && p.currency_id && (
                      <span className="sf-shop__price" data-testid="shop-product-price">
                        {p.display_old_price !== null && <s className="sf-old-price">{money(p.display_old_price, p.currency_id)}</s>}
                        {' '}{p.display_price === 0 ? t.pages.products.free : money(p.display_price, p.currency_id)}
                      </span>
                    )}
                  </a>
                </li>
              )
            })}
          </ul>
        )}
      {pages > 1 && (
        <nav className="sf-paging" aria-label={t.pages.shop.paging}>
          {page > 1 && <a href={pageLink(page - 1)} rel="prev">{t.pages.shop.previous}</a>}
          <span>{f(t.pages.shop.pageOf, { page, pages })}</span>
          {page < pages && <a href={pageLink(page + 1)} rel="next">{t.pages.shop.next}</a>}
        </nav>
      )}
    </Shell>
  )
}
