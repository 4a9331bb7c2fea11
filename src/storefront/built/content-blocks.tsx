import type { ReactNode } from 'react'
import { sanitizeHtml } from '../../shared/html/html-sanitizer'
import { socialNetworks, type MenuItem, type SocialLinks } from '../../shared/pages/page-blocks'
import { pageLink, videoEmbedUrl } from '../../shared/pages/page-links'
import { signInPath } from '../blocks/shell'
import { useTexts, type PageTexts } from '../i18n/texts-context'
import { blockStyle } from './block-style'
import { button, paragraphs, productOf, safeUpload, title, type BlockProps } from './built-parts'
import { htmlLang, languageNames } from '../../shared/i18n/locales'

// The frame and content blocks of a built page: header, footer, banner, text, picture, audio player, video,
// file, PDF reader, testimonials, gap. None needs JavaScript: the header's submenus open on hover and focus.

function menu(items: MenuItem[], { t }: PageTexts): ReactNode {
  const entries = items.map((item) => ({ ...item, href: pageLink(item.url) })).filter((item) => item.href)
  if (entries.length === 0) return null
  return (
    <nav className="sf-built-menu" aria-label={t.built.menu}>
      <ul>
        {entries.map((item) => {
          const sub = (item.submenu ?? []).map((s) => ({ ...s, href: pageLink(s.url) })).filter((s) => s.href)
          return (
            <li key={item.id}>
              <a href={item.href!}>{item.name}</a>
              {sub.length > 0 && <ul className="sf-built-submenu">{sub.map((s) => <li key={s.id}><a href={s.href!}>{s.name}</a></li>)}</ul>}
            </li>
          )
        })}
      </ul>
    </nav>
  )
}

function social(links: SocialLinks | undefined): ReactNode {
  const entries = socialNetworks.map((network) => [network, pageLink(links?.[network])] as const).filter(([, href]) => href)
  if (entries.length === 0) return null
  return (
    <ul className="sf-built-social">
      {entries.map(([network, href]) => <li key={network}><a href={href!} rel="noopener noreferrer me" target="_blank" data-network={network}>{network}</a></li>)}
    </ul>
  )
}

/** The page's path (no origin, no query) from its address, or null. */
function pagePath(pageUrl: string | null): string | null {
  if (!pageUrl) return null
  try {
    const path = new URL(pageUrl, 'http://localhost').pathname
    return path.startsWith('/') && !path.startsWith('//') ? path : null
  } catch {
    return null
  }
}

/**
 * Links to this page in each language the shop offers (`?lang=`, docs/decisions/0094-storefront-languages.md),
 * each in its own name, the current one marked; no JavaScript. Without the shop's list (the editor's canvas): the
 * page's language alone.
 */
function languageSwitcher(data: BlockProps<'header'>['data'], { t, locale, languages }: PageTexts): ReactNode {
  const path = pagePath(data.pageUrl)
  if (!path) return null
  return (
    <nav className="sf-built-languages" aria-label={t.common.shell.language} data-testid="built-languages">
      <ul>
        {(languages.length > 0 ? languages : [locale]).map((code) => (
          <li key={code}>
            <a href={`${path}?lang=${code}`} hrefLang={htmlLang(code)} lang={htmlLang(code)} aria-current={code === locale ? 'true' : undefined}>{languageNames[code]}</a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function HeaderBlock({ block, data }: BlockProps<'header'>) {
  const texts = useTexts()
  const { t } = texts
  const s = block.settings
  const logo = safeUpload(data, s.logo_key)
  const share = s.sharing_options ? pageLink(data.pageUrl) : null
  const cancel = pageLink(data.cancelSubscriptionUrl)
  return (
    <header className={`sf-built-header${s.sticky_header ? ' sf-built-header--sticky' : ''}`} style={blockStyle('header', s)} data-testid="built-header">
      {logo && <img className="sf-built-header__logo" src={logo.url} alt={data.seller.name} />}
      {title(s.title ?? (logo ? null : data.seller.name), 'p')}
      {menu(s.menu, texts)}
      {social(s.social)}
      {share && /^https?:/i.test(share) && (
        <a className="sf-built-header__share" href={`mailto:?body=${encodeURIComponent(share)}`}>{t.built.header.share}</a>
      )}
      {s.my_account_switcher && data.seller.username && <a className="sf-built-header__account" href={signInPath(data.seller.username)}>{t.built.header.myAccount}</a>}
      {s.language_switcher && languageSwitcher(data, texts)}
      {s.show_cancel_subscription && cancel && <a className="sf-built-header__cancel" href={cancel} data-testid="built-cancel-subscription">{t.built.header.cancelSubscription}</a>}
    </header>
  )
}

export function FooterBlock({ block }: BlockProps<'footer'>) {
  const texts = useTexts()
  const s = block.settings
  return (
    <footer className="sf-built-footer" style={blockStyle('footer', s)} data-testid="built-footer">
      {paragraphs(s.text)}
      {menu(s.menu, texts)}
      {social(s.social)}
    </footer>
  )
}

export function BannerBlock({ block, data }: BlockProps<'banner'>) {
  const s = block.settings
  const image = safeUpload(data, s.image_key)
  return (
    <section className="sf-built-banner" style={blockStyle('banner', s)} data-testid="built-banner">
      {image && <img src={image.url} alt="" />}
      {title(s.title, s.font_level === 'p' ? 'h2' : s.font_level)}
      {paragraphs(s.text)}
      {s.button && button(s.button, data, productOf(data, s.button.product_id))}
    </section>
  )
}

export function TextBlock({ block }: BlockProps<'text'>) {
  const s = block.settings
  // Sanitised again at render: nothing the page is given reaches the document unsanitised.
  return <div className="sf-built-text sf-description--rich" style={blockStyle('text', s)} data-testid="built-text" dangerouslySetInnerHTML={{ __html: sanitizeHtml(s.html ?? '') }} />
}

export function PictureBlock({ block, data }: BlockProps<'picture'>) {
  const s = block.settings
  const image = safeUpload(data, s.image_key)
  if (!image) return null
  const img = <img src={image.url} alt={s.alt} loading="lazy" />
  const href = pageLink(s.link)
  return <figure className="sf-built-picture" style={blockStyle('picture', s)} data-testid="built-picture">{href ? <a href={href}>{img}</a> : img}</figure>
}

export function AudioPlayerBlock({ block, data }: BlockProps<'audio_player'>) {
  const s = block.settings
  const audio = safeUpload(data, s.upload_key)
  if (!audio) return null
  return (
    <section className="sf-built-audio" style={blockStyle('audio_player', s)} data-testid="built-audio">
      {title(s.title, 'h3')}
      <audio src={audio.url} controls preload="none" />
    </section>
  )
}

export function VideoBlock({ block, data }: BlockProps<'video'>) {
  const { t } = useTexts()
  const s = block.settings
  if (s.type === 'external') {
    const embed = videoEmbedUrl(s.url ?? '')
    if (!embed) return null
    return (
      <section className="sf-built-video" style={blockStyle('video', s)} data-testid="built-video">
        {title(s.title, 'h3')}
        <div className="sf-built-video__frame">
          <iframe
            src={embed} title={s.title ?? t.built.videoTitle} loading="lazy" allow="fullscreen; picture-in-picture; encrypted-media"
            sandbox="allow-scripts allow-same-origin allow-presentation allow-popups" referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      </section>
    )
  }
  const video = safeUpload(data, s.upload_key)
  if (!video) return null
  return (
    <section className="sf-built-video" style={blockStyle('video', s)} data-testid="built-video">
      {title(s.title, 'h3')}
      <video src={video.url} controls={s.controls} autoPlay={s.autoplay} muted={s.autoplay} playsInline preload="metadata" />
    </section>
  )
}

export function FileBlock({ block, data }: BlockProps<'file'>) {
  const s = block.settings
  const file = safeUpload(data, s.upload_key)
  if (!file) return null
  return (
    <section className="sf-built-file" style={blockStyle('file', s)} data-testid="built-file">
      {title(s.title ?? file.name, 'h3')}
      <a className="sf-built-button sf-built-button--outlined" href={file.url} download="">{s.button_text}</a>
    </section>
  )
}

export function PdfReaderBlock({ block, data }: BlockProps<'pdf_reader'>) {
  const { t } = useTexts()
  const s = block.settings
  const pdf = safeUpload(data, s.upload_key)
  if (!pdf) return null
  return (
    <section className="sf-built-pdf" style={blockStyle('pdf_reader', s)} data-testid="built-pdf">
      {title(s.title ?? pdf.name, 'h3')}
      <iframe src={pdf.url} title={s.title ?? pdf.name} loading="lazy" style={{ height: `${Math.min(2000, Math.max(200, s.height))}px` }} />
      <p><a href={pdf.url} target="_blank" rel="noopener noreferrer">{t.built.openPdf}</a></p>
    </section>
  )
}

export function TestimonialsBlock({ block, data }: BlockProps<'testimonials'>) {
  const s = block.settings
  return (
    <section className={`sf-built-testimonials sf-built-view--${s.view}`} style={blockStyle('testimonials', s)} data-testid="built-testimonials">
      {title(s.title)}
      <ul>
        {s.items.map((item) => {
          const avatar = safeUpload(data, item.avatar_key)
          return (
            <li key={item.id} className="sf-built-testimonial">
              {avatar && <img src={avatar.url} alt="" width={64} height={64} loading="lazy" />}
              <blockquote>{paragraphs(item.text)}</blockquote>
              {item.full_name && <p className="sf-built-testimonial__name">{item.full_name}</p>}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

export function GapBlock({ block }: BlockProps<'gap'>) {
  const height = Math.min(500, Math.max(0, Math.round(block.settings.height)))
  return <div className="sf-built-gap" style={{ height: `${height}px` }} aria-hidden="true" data-testid="built-gap" />
}
