import type { ReactNode } from 'react'
import type { ButtonSettings, PageBlock } from '../../shared/pages/page-blocks'
import { pageLink } from '../../shared/pages/page-links'
import { money } from '../lib/plans'
import { buttonStyle } from './block-style'
import type { PageTexts } from '../i18n/texts-context'
import type { BuiltPageData, BuiltProduct } from './built-data'

// Parts the block components share. They are plain functions called directly (not <Components/>), so
// everything a block renders is built inside BuiltPage's per-block try/catch. A block with words of its own
// calls useTexts() once, first, and hands the texts to the parts that need them.

export type BlockProps<K extends PageBlock['kind']> = { block: Extract<PageBlock, { kind: K }>; data: BuiltPageData }

export const safeUpload = (data: BuiltPageData, key: string | null | undefined) => {
  if (!key) return null
  const upload = Object.hasOwn(data.uploads, key) ? data.uploads[key] : undefined
  const url = pageLink(upload?.url)
  return upload && url ? { url, name: upload.name } : null
}

export const productOf = (data: BuiltPageData, id: number | null | undefined): BuiltProduct | null =>
  (typeof id === 'number' && Object.hasOwn(data.products, id) ? data.products[id] ?? null : null)

export function priceText(p: BuiltProduct, old: boolean, texts: PageTexts): ReactNode {
  if (p.display_price === null || !p.currency) return null
  return (
    <span className="sf-built-price">
      {old && p.display_old_price !== null && <s className="sf-old-price">{money(p.display_old_price, p.currency)}</s>}
      {p.display_price === 0 ? texts.t.built.free : money(p.display_price, p.currency)}
    </span>
  )
}

export function title(text: string | null | undefined, level: 'h1' | 'h2' | 'h3' | 'p' = 'h2'): ReactNode {
  if (!text) return null
  const Tag = level
  return <Tag className="sf-built-title">{text}</Tag>
}

/** Plain text as paragraphs, split at blank lines. */
export function paragraphs(text: string | null | undefined): ReactNode {
  if (!text) return null
  return text.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean).map((p, i) => <p key={i}>{p}</p>)
}

/** Where a button leads, by its type; null when what it names is not there (the button is then left out). */
export function buttonTarget(b: ButtonSettings, data: BuiltPageData, product: BuiltProduct | null): { href: string; post: boolean } | null {
  switch (b.type) {
    case 'buy': {
      if (!product) return null
      // One click (autopay) posts to the funnel's accept action; elsewhere Buy opens the checkout.
      if (b.payment_option === 'autopay' && data.funnel) {
        const action = pageLink(data.funnel.accept_action)
        if (action) return { href: action, post: true }
      }
      const href = pageLink(product.checkout_url)
      return href ? { href, post: false } : null
    }
    case 'details': {
      const href = product ? pageLink(product.url) : null
      return href ? { href, post: false } : null
    }
    case 'customLink':
    case 'individualLink': {
      const href = pageLink(b.url)
      return href ? { href, post: false } : null
    }
    case 'downloadFile': {
      const upload = safeUpload(data, b.upload_key)
      return upload ? { href: upload.url, post: false } : null
    }
    case 'lessonLink': {
      const href = typeof b.lesson_id === 'number' && Object.hasOwn(data.lessonUrls, b.lesson_id) ? pageLink(data.lessonUrls[b.lesson_id]) : null
      return href ? { href, post: false } : null
    }
    default:
      return null
  }
}

const buttonClass = (b: ButtonSettings) => `sf-built-button sf-built-button--${b.style === 'outlined' ? 'outlined' : 'filled'}${b.animation && b.animation !== 'none' ? ` sf-built-button--${b.animation}` : ''}`

/** A button as a link, or as a one-button form where it buys in one click (no JavaScript either way). */
export function button(b: ButtonSettings, data: BuiltPageData, product: BuiltProduct | null, text?: string): ReactNode {
  const target = buttonTarget(b, data, product)
  if (!target) return null
  const label = text ?? b.text
  if (target.post) {
    return (
      <form method="post" action={target.href} className="sf-built-button-form">
        <input type="hidden" name="product_id" value={product?.id ?? ''} />
        <input type="hidden" name="payment_option" value="autopay" />
        <button type="submit" className={buttonClass(b)} style={buttonStyle(b)}>{label}</button>
      </form>
    )
  }
  const external = /^https?:/i.test(target.href)
  return (
    <a
      className={buttonClass(b)} style={buttonStyle(b)} href={target.href}
      {...(b.type === 'downloadFile' ? { download: '' } : {})}
      {...(b.new_tab || external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {label}
    </a>
  )
}

/** A product as a card, row, button or text link, by the products block's view. */
export function productItem(p: BuiltProduct, view: string, options: { price: boolean; oldPrice: boolean; description: boolean; category: boolean; button: ReactNode }, texts: PageTexts): ReactNode {
  const href = pageLink(p.url)
  const cover = pageLink(p.cover_url)
  if (view === 'text') return <li key={p.id} className="sf-built-product sf-built-product--text">{href ? <a href={href}>{p.name}</a> : p.name}{options.price && <> {priceText(p, options.oldPrice, texts)}</>}</li>
  if (view === 'button') return <li key={p.id} className="sf-built-product sf-built-product--button">{options.button ?? (href ? <a className="sf-built-button sf-built-button--filled" href={href}>{p.name}</a> : null)}</li>
  return (
    <li key={p.id} className="sf-built-product" data-testid="built-product">
      {cover ? <img src={cover} alt="" loading="lazy" /> : <span className="sf-shop__placeholder" aria-hidden="true" />}
      <div className="sf-built-product__body">
        {options.category && p.category && <span className="sf-built-product__category">{p.category}</span>}
        <span className="sf-built-product__name">{href ? <a href={href}>{p.name}</a> : p.name}</span>
        {options.description && p.description && <span className="sf-built-product__description">{p.description}</span>}
        {options.price && priceText(p, options.oldPrice, texts)}
        {options.button}
      </div>
    </li>
  )
}
