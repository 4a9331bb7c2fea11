import { useEffect, useState } from 'react'
import { eventDate } from '../blocks/plans'
import { Shell } from '../blocks/shell'
import { money } from '../lib/plans'
import type { LivePageProps } from '../props'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import { textOf } from '../i18n/format'

/** "2 d 03:04:05" (days only when there are some); zero once the start has come. */
export function countdownText(ms: number, texts: Pick<PageTexts, 't' | 'n'>): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  const days = Math.floor(total / 86_400)
  const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
  return days > 0 ? texts.n(texts.t.pages.live.countdownDays, days, { clock }) : clock
}

/**
 * The time left until the start: first from the server's clock (the same text the server rendered), then, once
 * hydrated, from the browser's clock every second.
 */
function useRemaining(startsAt: string, serverNow: string): number {
  const [remaining, setRemaining] = useState(() => Date.parse(startsAt) - Date.parse(serverNow))
  useEffect(() => {
    const tick = () => setRemaining(Date.parse(startsAt) - Date.now())
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [startsAt])
  return remaining
}

function Countdown({ startsAt, now }: { startsAt: string; now: string }) {
  const remaining = useRemaining(startsAt, now)
  const texts = useTexts()
  const tx = texts.t.pages.live
  return (
    <section className="sf-card sf-live__countdown" data-testid="live-countdown" aria-live="off">
      {remaining > 0
        ? <><p className="sf-muted">{tx.startsIn}</p><p className="sf-live__clock" data-testid="live-countdown-clock">{countdownText(remaining, texts)}</p></>
        : <p data-testid="live-starting">{tx.starting}{' '}<a href="">{tx.reload}</a></p>}
    </section>
  )
}

/**
 * A seller's live shopping event (/live/{username}/{id}, docs/decisions/0086-live-shopping-and-mobile-app.md):
 * before the start a countdown; while live the stream (embedded for the known video hosts, else a link) and the
 * products with buy buttons leading to their checkout with the event's campaign id; afterwards a note.
 */
export default function LivePage({ username, event }: LivePageProps) {
  const texts = useTexts()
  const { t } = texts
  const tx = t.pages.live
  const when = `${eventDate(event.starts_at, texts)} – ${eventDate(event.ends_at, texts)}`
  return (
    <Shell username={username} sellerName={event.seller.name}>
      <header className="sf-live__head" data-testid="live-header">
        <p className="sf-live__state" data-testid="live-state" data-state={event.state}>
          {textOf(tx.states, event.state) ?? tx.states.cancelled}
        </p>
        <h1 className="sf-title">{event.title}</h1>
        <p className="sf-muted">{when}</p>
        {event.description && <p className="sf-live__description">{event.description}</p>}
      </header>
      {event.state === 'scheduled' && <Countdown startsAt={event.starts_at} now={event.now} />}
      {event.state === 'live' && (
        event.stream
          ? event.stream.embed_url
            ? (
              <div className="sf-live__player" data-testid="live-player">
                <iframe src={event.stream.embed_url} title={event.title} allow="autoplay; encrypted-media; picture-in-picture; fullscreen" allowFullScreen referrerPolicy="strict-origin-when-cross-origin" />
              </div>
            )
            : <p className="sf-card"><a className="sf-button" href={event.stream.url} target="_blank" rel="noopener noreferrer" data-testid="live-stream-link">{tx.watch}</a></p>
          : <p className="sf-card sf-muted" data-testid="live-no-stream">{tx.noStream}</p>
      )}
      {event.products.length > 0 && (
        <ul className="sf-share" data-testid="live-products">
          {event.products.map(({ product: p, buy_url: buyUrl }) => (
            <li key={p.id} className="sf-share__item" data-testid="live-product">
              <div className="sf-share__body">
                <span className="sf-shop__kind">{textOf(t.common.productKinds, p.form) ?? t.common.productKinds.other}</span>
                <h2 className="sf-share__name">{p.name}</h2>
                {p.display_price !== null && p.currency_id && (
                  <p className="sf-share__price">
                    {p.display_old_price !== null && <s className="sf-old-price">{money(p.display_old_price, p.currency_id)}</s>}
                    {' '}{p.display_price === 0 ? t.pages.products.free : money(p.display_price, p.currency_id)}
                  </p>
                )}
                {event.state === 'live'
                  ? <a className="sf-button sf-share__buy" href={buyUrl} data-testid="live-buy">{t.common.buyButton.buy_now}</a>
                  : <a className="sf-button" href={buyUrl} data-testid="live-view">{tx.view}</a>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Shell>
  )
}
