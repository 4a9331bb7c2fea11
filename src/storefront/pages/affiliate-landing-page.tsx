import type { ReactNode } from 'react'
import { shopPath } from '../blocks/shell'
import { hexColor, landingTheme, safeUrl, textProp } from '../lib/landing'
import { money } from '../lib/plans'
import type { AffiliateLandingPageProps, LandingBlock } from '../props'
import { useTexts } from '../i18n/texts-context'

// The public page of an affiliate program for publishers (docs/decisions/0048-affiliates.md): the seller's
// blocks in the chosen theme (classic, bold, minimal: CSS variants), or a default page (header, the
// affiliate block, footer) when the program has none. Plain HTML, no JavaScript.

type Program = AffiliateLandingPageProps['program']

const paragraphs = (text: string) => text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p, i) => <p key={i}>{p}</p>)

/** The figures a publisher decides by: the commission per level, cookie days, duration, bonus, and the products. */
export function AffiliateBlock({ program, joinUrl, props }: { program: Program; joinUrl: string; props: Record<string, unknown> }) {
  const { t: { order: { affiliate: t }, common }, f, n, num } = useTexts()
  const duration = program.lifetime === 'lifetime' ? t.duration.lifetime
    : program.lifetime === 'days' && program.lifetime_days ? n(t.duration.days, program.lifetime_days) : t.duration.none
  return (
    <section className="sf-aff-block" data-testid="affiliate-block">
      <h2>{textProp(props, 'title', 200) ?? t.heading}</h2>
      <ol className="sf-aff-levels" data-testid="affiliate-levels">
        {program.commissions.map((percent, i) => (
          <li key={i} className="sf-aff-level" data-testid="affiliate-level">
            <span className="sf-aff-level__name">{f(t.level, { level: i + 1 })}</span>
            <span className="sf-aff-level__value">{f(common.percent, { value: num(percent) })}</span>
          </li>
        ))}
      </ol>
      {program.commissions.length > 1 && <p className="sf-muted">{t.levelsHint}</p>}
      <ul className="sf-aff-facts">
        <li data-testid="affiliate-cookie-days">{n(t.cookieDays, program.cookies_expire)}</li>
        <li data-testid="affiliate-duration">{duration}</li>
        {program.bonus && program.bonus_currency ? <li data-testid="affiliate-bonus">{f(t.bonus, { amount: money(program.bonus, program.bonus_currency) })}</li> : null}
      </ul>
      {program.products.length > 0 && (
        <>
          <h3>{t.products}</h3>
          <ul className="sf-aff-products" data-testid="affiliate-products">
            {program.products.map((p) => (
              <li key={p.id} className="sf-aff-product">
                <a href={p.url}>
                  {p.cover_url ? <img src={p.cover_url} alt="" loading="lazy" /> : <span className="sf-shop__placeholder" aria-hidden="true" />}
                  <span className="sf-aff-product__name">{p.name}</span>
                  {p.display_price !== null && p.currency && <span className="sf-aff-product__price">{p.display_price === 0 ? t.free : money(p.display_price, p.currency)}</span>}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      <a className="sf-aff-button" href={joinUrl} data-testid="affiliate-join">{textProp(props, 'button_text', 80) ?? t.join}</a>
    </section>
  )
}

function Block({ block, program, joinUrl }: { block: LandingBlock; program: Program; joinUrl: string }): ReactNode {
  const { t: { order: { affiliate: t } }, f } = useTexts()
  const p = block.props
  const title = textProp(p, 'title', 200)
  const text = textProp(p, 'text')
  const image = safeUrl(p.image_url)
  const url = safeUrl(p.url)
  const buttonText = textProp(p, 'button_text', 80)
  switch (block.kind) {
    case 'header':
      return (
        <header className="sf-aff-header" data-testid="landing-header">
          {image && <img className="sf-aff-header__logo" src={image} alt="" />}
          <h1>{title ?? f(t.defaultHeading, { seller: program.seller.name })}</h1>
          {text && <div className="sf-aff-lead">{paragraphs(text)}</div>}
        </header>
      )
    case 'banner': {
      const color = hexColor(p.background_color)
      return (
        <section className="sf-aff-banner" style={color ? { background: color } : undefined}>
          {image && <img src={image} alt="" />}
          {title && <h2>{title}</h2>}
          {text && paragraphs(text)}
          {url && buttonText && <a className="sf-aff-button" href={url}>{buttonText}</a>}
        </section>
      )
    }
    case 'text':
      return <section className="sf-aff-text">{title && <h2>{title}</h2>}{text && paragraphs(text)}</section>
    case 'picture':
      return image ? <figure className="sf-aff-picture"><img src={image} alt={textProp(p, 'alt', 200) ?? ''} loading="lazy" />{text && <figcaption>{text}</figcaption>}</figure> : null
    case 'video': {
      const video = url ?? safeUrl(p.video_url)
      if (!video) return null
      return (
        <section className="sf-aff-video">
          {title && <h2>{title}</h2>}
          {/\.(mp4|webm)(\?|$)/i.test(video) ? <video src={video} controls preload="metadata" /> : <a href={video} rel="noopener noreferrer" target="_blank">{t.watchVideo}</a>}
        </section>
      )
    }
    case 'button':
      return <p className="sf-aff-center"><a className="sf-aff-button" href={url ?? joinUrl}>{buttonText ?? t.join}</a></p>
    case 'testimonials': {
      const items = Array.isArray(p.items) ? p.items.filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null) : []
      return (
        <section className="sf-aff-testimonials">
          {title && <h2>{title}</h2>}
          {text && <blockquote>{paragraphs(text)}</blockquote>}
          {items.slice(0, 20).map((item, i) => (
            <blockquote key={i}>
              {textProp(item, 'text') && paragraphs(textProp(item, 'text')!)}
              {textProp(item, 'name', 120) && <footer>{textProp(item, 'name', 120)}</footer>}
            </blockquote>
          ))}
        </section>
      )
    }
    case 'affiliate':
      return <AffiliateBlock program={program} joinUrl={joinUrl} props={p} />
    case 'gap': {
      const height = typeof p.height === 'number' && p.height > 0 ? Math.min(p.height, 400) : 32
      return <div className="sf-aff-gap" style={{ height }} aria-hidden="true" />
    }
    case 'footer':
      return <footer className="sf-aff-footer">{text ? paragraphs(text) : <p>{f(t.footer, { seller: program.seller.name })}</p>}</footer>
    default:
      return null
  }
}

/** The default page of a program without blocks. */
const defaultBlocks: LandingBlock[] = [{ kind: 'header', props: {} }, { kind: 'affiliate', props: {} }, { kind: 'footer', props: {} }]

export default function AffiliateLandingPage({ username, program, joinUrl }: AffiliateLandingPageProps) {
  const blocks = program.landing_body.length > 0 ? program.landing_body : defaultBlocks
  return (
    <div className={`sf-aff sf-aff--${landingTheme(program.landing_theme)}`} data-testid="affiliate-landing">
      <nav className="sf-aff-nav"><a href={shopPath(username)}>{program.seller.name}</a></nav>
      <main className="sf-aff-main">
        {blocks.map((block, i) => <Block key={i} block={block} program={program} joinUrl={joinUrl} />)}
        {/* a page whose blocks forgot the figures still shows them */}
        {!blocks.some((b) => b.kind === 'affiliate') && <AffiliateBlock program={program} joinUrl={joinUrl} props={{}} />}
      </main>
    </div>
  )
}
