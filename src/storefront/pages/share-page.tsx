import type { CSSProperties } from 'react'
import { eventDate } from '../blocks/plans'
import { productPath, Shell } from '../blocks/shell'
import { money } from '../lib/plans'
import type { SharePageProps } from '../props'
import { useTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'

/**
 * A seller's shared link (/v/{username}/{slug}, docs/decisions/0067-multi-item-shares.md): a title, the seller's
 * words, then each product with the seller's text for it and a button to its page and checkout. Plain HTML.
 */
export default function SharePage({ username, share }: SharePageProps) {
  const texts = useTexts()
  const { t } = texts
  const theme = share.theme
  const style = {
    ...(theme.background_color ? { '--sf-bg': theme.background_color, background: theme.background_color } : {}),
    ...(theme.font_color ? { color: theme.font_color } : {}),
  } as CSSProperties
  const button = {
    ...(theme.button_color ? { background: theme.button_color, borderColor: theme.button_color } : {}),
    ...(theme.button_text_color ? { color: theme.button_text_color } : {}),
  } as CSSProperties
  return (
    <Shell username={username} sellerName={share.seller.name} style={style}>
      <header className="sf-share__head" data-testid="share-header">
        <h1 className="sf-title">{share.title}</h1>
        {share.description && <p className="sf-share__description" data-testid="share-description">{share.description}</p>}
      </header>
      {share.items.length === 0
        ? <p className="sf-empty" data-testid="share-empty">{t.pages.share.empty}</p>
        : (
          <ul className="sf-share" data-testid="share-items">
            {share.items.map(({ product: p, text }, i) => {
              const when = p.event ? eventDate(p.event.start_date, texts) : null
              const href = productPath(username, p.slug)
              return (
                <li key={p.id} className="sf-share__item" data-testid="share-item">
                  {p.covers[0]
                    ? <img src={p.covers[0].variants.s640} alt="" width={640} height={Math.round((640 * p.covers[0].height) / Math.max(1, p.covers[0].width))} loading={i < 2 ? 'eager' : 'lazy'} />
                    : <span className="sf-shop__placeholder" aria-hidden="true" />}
                  <div className="sf-share__body">
                    <span className="sf-shop__kind">{textOf(t.common.productKinds, p.form) ?? t.common.productKinds.other}</span>
                    <h2 className="sf-share__name">{p.name}</h2>
                    {(when || p.event?.location) && <p className="sf-muted">{[when, p.event?.location].filter(Boolean).join(' · ')}</p>}
                    {text && <p className="sf-share__text" data-testid="share-item-text">{text}</p>}
                    {p.display_price !== null && p.currency_id && (
                      <p className="sf-share__price" data-testid="share-item-price">
                        {p.display_old_price !== null && <s className="sf-old-price">{money(p.display_old_price, p.currency_id)}</s>}
                        {' '}{p.display_price === 0 ? t.pages.products.free : money(p.display_price, p.currency_id)}
                      </p>
                    )}
                    <a className="sf-button sf-share__buy" href={href} style={button} data-testid="share-item-buy">{share.button_text}</a>
                  </div>
                </li>
              )
            })}
          </ul>
        )}
    </Shell>
  )
}
