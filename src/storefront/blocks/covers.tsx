import { Fragment, useState } from 'react'
import { sanitizeHtml } from '../../shared/html/html-sanitizer'
import { eventDate, eventTime, sameEventDay } from './plans'
import { useTexts } from '../i18n/texts-context'
import { coverSizes, coverSrcSet } from '../lib/cover-image'
import type { ShopProduct } from '../props'

/**
 * The product's covers as a gallery: the chosen one large, all of them as thumbnails below. A thumbnail is
 * a link to its full image (without JavaScript); with JavaScript it shows that cover in the large place.
 * The first is the page's largest paint: with fetchPriority high, React's server renderer also emits a
 * <link rel="preload" as="image"> for it, at the start of the body; document.ts preloads it from the head too,
 * before the stylesheet (docs/decisions/0099-storefront-client-on-preact.md).
 */
export function Covers({ product, compact }: { product: ShopProduct; compact?: boolean }) {
  const { t: { checkout: { covers: t } }, f } = useTexts()
  const [shown, setShown] = useState(0)
  const main = product.covers[shown] ?? product.covers[0]
  if (!main) return null
  const ratio = main.width > 0 && main.height > 0 ? { width: main.width, height: main.height } : { width: 1280, height: 720 }
  const gallery = !compact && product.covers.length > 1
  return (
    <div className={`sf-covers${compact ? ' sf-covers--compact' : ''}`} data-testid="covers">
      <img
        className="sf-covers__main" src={main.variants.s1200} alt={shown === 0 ? product.name : f(t.picture, { name: product.name, number: shown + 1 })}
        srcSet={coverSrcSet(main.variants)}
        sizes={coverSizes} width={ratio.width} height={ratio.height} fetchPriority={shown === 0 ? 'high' : 'auto'} decoding="async"
        data-testid="cover-main"
      />
      {gallery && (
        <ul className="sf-covers__more" aria-label={t.pictures}>
          {product.covers.map((cover, i) => (
            <li key={cover.id}>
              <a
                href={cover.variants.cover} aria-current={i === shown ? 'true' : undefined} data-testid="cover-thumb"
                onClick={(e) => { e.preventDefault(); setShown(i) }}
              >
                <img src={cover.variants.s300} alt={f(t.picture, { name: product.name, number: i + 1 })} width={150} height={Math.round((150 * cover.height) / Math.max(1, cover.width))} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

type Ticket = ShopProduct['tickets'][number]

/**
 * An event's date and place, shown large under its name: the earliest start among the ticket types (with
 * "from" when the types start at different times) and every place they name.
 */
export function EventFacts({ tickets }: { tickets: readonly Ticket[] }) {
  const texts = useTexts()
  const { t: { checkout: { covers: t } }, f } = texts
  const starts = [...new Set(tickets.flatMap((t) => [t.start_date, ...t.ticket_dates.map((d) => d.start_date)]).filter((d): d is string => !!d))].sort()
  const places = [...new Set(tickets.map((t) => t.location?.trim()).filter((l): l is string => !!l))]
  const first = starts[0] ? eventDate(starts[0], texts) : null
  const ends = tickets.find((ticket) => ticket.start_date === starts[0])?.end_date
  // An end on the start's day shows only its time ("6 Jul 2030, 09:00 UTC – 17:00 UTC").
  const until = starts.length === 1 && ends ? (sameEventDay(starts[0]!, ends) ? eventTime(ends, texts) : eventDate(ends, texts)) : null
  if (!first && places.length === 0) return null
  return (
    <dl className="sf-event" data-testid="event-facts">
      {first && (
        <div className="sf-event__row">
          <dt>{t.date}</dt>
          <dd data-testid="event-date">{until ? f(t.range, { start: first, end: until }) : starts.length > 1 ? f(t.fromDate, { date: first }) : first}</dd>
        </div>
      )}
      {places.length > 0 && (
        <div className="sf-event__row">
          <dt>{t.place}</dt>
          <dd data-testid="event-place">{places.join(' · ')}</dd>
        </div>
      )}
    </dl>
  )
}

/**
 * The description: the seller's rich text when there is one, sanitised again here so that nothing the
 * page is given reaches the document unsanitised (docs/decisions/0047-product-description-html.md); else
 * the plain text, paragraphs at blank lines, breaks at newlines.
 */
export function Description({ text, html, expandable, expanded }: { text: string | null; html?: string | null; expandable: boolean; expanded: boolean }) {
  const { t: { checkout: { covers: t } } } = useTexts()
  const rich = html?.trim() ? sanitizeHtml(html) : ''
  if (!rich.trim() && !text?.trim()) return null
  const body = rich.trim()
    ? <div className="sf-description sf-description--rich" data-testid="product-description" dangerouslySetInnerHTML={{ __html: rich }} />
    : (
      <div className="sf-description" data-testid="product-description">
        {text!.trim().split(/\n\s*\n/).map((p, i) => (
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
        <span className="sf-expandable__more">{t.showMore}</span><span className="sf-expandable__less">{t.showLess}</span>
      </label>
    </div>
  )
}
