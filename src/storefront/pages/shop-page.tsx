import { productPath, shopPath, Shell } from '../blocks/shell'
import { money } from '../lib/plans'
import type { ShopPageProps } from '../props'

/** The seller's default shop: published, listed products with cover, name and price, a page at a time. */
export default function ShopPage({ username, list, page, per }: ShopPageProps) {
  const pages = Math.max(1, Math.ceil(list.total_count / per))
  const pageLink = (n: number) => (n === 1 ? shopPath(username) : `${shopPath(username)}?page=${n}`)
  return (
    <Shell username={username}>
      <h1 className="sf-title">{username}</h1>
      {list.list.length === 0
        ? <p className="sf-empty" data-testid="shop-empty">No products yet.</p>
        : (
          <ul className="sf-shop" data-testid="shop-products">
            {list.list.map((p, i) => (
              <li key={p.id} className="sf-shop__item" data-testid="shop-product">
                <a href={productPath(username, p.slug)}>
                  {p.covers[0]
                    ? <img src={p.covers[0].variants.s640} alt="" width={640} height={Math.round((640 * p.covers[0].height) / Math.max(1, p.covers[0].width))} loading={i < 3 ? 'eager' : 'lazy'} />
                    : <span className="sf-shop__placeholder" aria-hidden="true" />}
                  <span className="sf-shop__name">{p.name}</span>
                  {p.display_price !== null && p.currency_id && (
                    <span className="sf-shop__price">
                      {p.display_old_price !== null && <s className="sf-old-price">{money(p.display_old_price, p.currency_id)}</s>}
                      {' '}{p.display_price === 0 ? 'Free' : money(p.display_price, p.currency_id)}
                    </span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
      {pages > 1 && (
        <nav className="sf-paging" aria-label="Pages">
          {page > 1 && <a href={pageLink(page - 1)} rel="prev">Previous</a>}
          <span>Page {page} of {pages}</span>
          {page < pages && <a href={pageLink(page + 1)} rel="next">Next</a>}
        </nav>
      )}
    </Shell>
  )
}
