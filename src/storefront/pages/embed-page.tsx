import type { CSSProperties } from 'react'
import { hexColor, textProp } from '../lib/landing'
import { money } from '../lib/plans'
import type { EmbedPageProps } from '../props'
import { useTexts } from '../i18n/texts-context'

// A publisher's product card or buy button, in another site's iframe (docs/decisions/0048-affiliates.md).
// The button opens the product page through the publisher's link in a new tab. Plain HTML, no JavaScript.

export default function EmbedPage({ kind, settings, product }: EmbedPageProps) {
  const { t } = useTexts()
  if (!product) return <p className="sf-embed sf-embed__unavailable" data-testid="embed-unavailable">{t.pages.embed.notAvailable}</p>
  const color = hexColor(settings.button_color)
  const textColor = hexColor(settings.button_text_color)
  const style = { ...(color ? { '--sf-embed-button': color } : {}), ...(textColor ? { '--sf-embed-button-text': textColor } : {}) } as CSSProperties
  const showPrice = settings.show_price !== false && product.display_price !== null && product.currency !== null
  const price = showPrice ? (product.display_price === 0 ? t.pages.products.free : money(product.display_price!, product.currency!)) : null
  const button = (
    <a className="sf-embed__button" href={product.url} target="_blank" rel="noopener" data-testid="embed-button">
      {`${textProp(settings, 'button_text', 60) ?? t.pages.embed.buy}${kind === 'buy_button' && price ? ` · ${price}` : ''}`}
    </a>
  )
  if (kind === 'buy_button') return <div className="sf-embed sf-embed--button" style={style}>{button}</div>
  return (
    <article className="sf-embed sf-embed--card" style={style} data-testid="embed-card">
      {settings.show_cover !== false && product.cover_url && <img className="sf-embed__cover" src={product.cover_url} alt="" />}
      <h1 className="sf-embed__name">{product.name}</h1>
      {price && <p className="sf-embed__price" data-testid="embed-price">{price}</p>}
      {button}
    </article>
  )
}
