import { Fragment } from 'react'
import type { ShopProduct } from '../props'

/**
 * The product's covers: the first large, the rest as links. The first is the page's largest paint: with
 * fetchPriority high, React's server renderer also emits a <link rel="preload" as="image"> for it.
 */
export function Covers({ product, compact }: { product: ShopProduct; compact?: boolean }) {
  const [main, ...more] = product.covers
  if (!main) return null
  const ratio = main.width > 0 && main.height > 0 ? { width: main.width, height: main.height } : { width: 1280, height: 720 }
  return (
    <div className={`sf-covers${compact ? ' sf-covers--compact' : ''}`}>
      <img
        className="sf-covers__main" src={main.variants.s1200} alt={product.name}
        srcSet={`${main.variants.s640} 640w, ${main.variants.s1200} 1200w, ${main.variants.cover} 1920w`}
        sizes="(max-width: 768px) 100vw, 50vw" width={ratio.width} height={ratio.height} fetchPriority="high" decoding="async"
      />
      {!compact && more.length > 0 && (
        <ul className="sf-covers__more">
          {more.map((cover, i) => (
            <li key={cover.id}>
              <a href={cover.variants.cover}><img src={cover.variants.s300} alt={`${product.name} (${i + 2})`} width={150} height={Math.round((150 * cover.height) / Math.max(1, cover.width))} loading="lazy" /></a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/** Plain-text description (the catalogue stores text, not HTML): paragraphs at blank lines, breaks at newlines. */
export function Description({ text, expandable, expanded }: { text: string | null; expandable: boolean; expanded: boolean }) {
  if (!text?.trim()) return null
  const paragraphs = text.trim().split(/\n\s*\n/)
  const body = (
    <div className="sf-description" data-testid="product-description">
      {paragraphs.map((p, i) => (
        <p key={i}>{p.split('\n').map((line, j) => <Fragment key={j}>{j > 0 && <br />}{line}</Fragment>)}</p>
      ))}
    </div>
  )
  if (!expandable) return body
  // Without JavaScript: a checkbox and its label fold the text on small screens (styles/storefront.css).
  return (
    <div className="sf-expandable">
      <input type="checkbox" id="sf-description-toggle" className="sf-expandable__toggle" defaultChecked={expanded} aria-hidden="true" tabIndex={-1} />
      {body}
      <label htmlFor="sf-description-toggle" className="sf-expandable__label">
        <span className="sf-expandable__more">Show more</span><span className="sf-expandable__less">Show less</span>
      </label>
    </div>
  )
}
