import { toMajorUnitsString, isCurrencyId } from '../shared/money'
import { escapeHtml, serializeJsonForScript } from './lib/escape'
import { propsElementId, rootElementId, type PageName, type PageProps, type RenderInput } from './props'
import type { LocaleCode } from '../shared/schemas/accounts'
import { htmlLang, localeDirection } from '../shared/i18n/locales'
import { storefrontTextsFor } from './i18n/locales'
import { fill, formatNumber } from './i18n/format'
import { coverSizes, coverSrcSet } from './lib/cover-image'

// The HTML document around a rendered page: head (title, description, canonical, Open Graph, JSON-LD),
// the stylesheet and scripts of the built client, and the page's props as JSON for hydration. Inline
// scripts are blocked by the CSP, so the props travel in a non-executing <script type="application/json">
// and the JSON-LD in <script type="application/ld+json">.

export type Head = {
  title: string
  description: string | null
  /** Absolute URL of the page without its query. */
  canonical: string | null
  image: string | null
  robots: string | null
  jsonLd: unknown
  lang: string
  /** Open Graph type: `product` on product pages. */
  type?: 'website' | 'product'
  /** `_top`: the page is shown inside the payer's course player, so its links open in the whole window. */
  baseTarget?: '_top'
  /** The page's largest paint, preloaded from the head: the product page's first cover (as its <img> asks for it). */
  preloadImage?: { href: string; srcset: string; sizes: string }
}

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat
}

const absolute = (appUrl: string, path: string) => (/^https?:\/\//i.test(path) ? path : `${appUrl}${path.startsWith('/') ? '' : '/'}${path}`)

const schemaAvailability = (soldOut: boolean) => `https://schema.org/${soldOut ? 'SoldOut' : 'InStock'}`

/** What the head says for each page. */
export function headFor(input: RenderInput): Head {
  const canonical = absolute(input.appUrl, input.path)
  const base: Head = { title: 'Sellfront', description: null, canonical, image: null, robots: null, jsonLd: null, lang: htmlLang(input.locale ?? 'en') }
  const props = input.props as PageProps[PageName]
  const head = storefrontTextsFor(input.locale ?? 'en').pages.head
  switch (input.page) {
    case 'shop': {
      const { username, list, page } = props as PageProps['shop']
      const name = list.seller?.name ?? username
      const shop = `/s/${encodeURIComponent(list.seller?.username ?? username)}`
      const cover = list.list.find((p) => p.covers[0])?.covers[0]
      return {
        ...base, title: fill(head.shopTitle, { name }), description: fill(head.shopDescription, { name }),
        // one canonical address per shop page, whatever case or id the path named the seller by
        canonical: absolute(input.appUrl, page > 1 ? `${shop}?page=${page}` : shop),
        image: cover ? absolute(input.appUrl, cover.variants.s1200) : null,
        // the shop as a list of its product pages (each page carries its own Product data)
        jsonLd: list.list.length === 0 ? null : {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name,
          itemListElement: list.list.map((p, i) => ({
            '@type': 'ListItem', position: (page - 1) * (props as PageProps['shop']).per + i + 1, name: p.name,
            url: absolute(input.appUrl, `${shop}/${encodeURIComponent(p.slug)}`),
          })),
        },
      }
    }
    case 'product': {
      const { product, checkout } = props as PageProps['product']
      const canonical = absolute(input.appUrl, `/s/${encodeURIComponent(product.seller_username)}/${encodeURIComponent(product.slug)}`)
      const cover = product.covers[0]
      const description = product.description ? oneLine(product.description, 160) : fill(head.productDescription, { product: product.name, seller: checkout.seller.name || product.seller_username })
      const plans = [...product.pricing_plans, ...product.tickets.flatMap((t) => t.pricing_plans)]
      const offers = plans.filter((p) => isCurrencyId(p.currency_id)).map((p) => ({
        '@type': 'Offer',
        price: toMajorUnitsString(p.display_price, p.currency_id as Parameters<typeof toMajorUnitsString>[1]),
        priceCurrency: p.currency_id.toUpperCase(),
        availability: schemaAvailability(product.availability.sold_out),
        url: canonical,
        ...(p.name ? { name: p.name } : {}),
      }))
      return {
        ...base,
        type: 'product',
        canonical,
        title: `${product.name} · ${checkout.seller.name || product.seller_username}`,
        description,
        image: cover ? absolute(input.appUrl, cover.variants.s1200) : null,
        ...(cover ? { preloadImage: { href: cover.variants.s1200, srcset: coverSrcSet(cover.variants), sizes: coverSizes } } : {}),
        robots: (props as PageProps['product']).password ? 'noindex' : null,
        jsonLd: {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: product.name,
          description,
          sku: String(product.id),
          url: canonical,
          ...(cover ? { image: product.covers.map((c) => absolute(input.appUrl, c.variants.s1200)) } : {}),
          brand: { '@type': 'Brand', name: checkout.seller.name || product.seller_username },
          offers,
        },
      }
    }
    case 'password':
      return { ...base, title: head.protectedTitle, robots: 'noindex' }
    case 'success':
      return { ...base, title: fill(head.orderTitle, { product: (props as PageProps['success']).order.product.name }), canonical: null, robots: 'noindex' }
    case 'sandbox':
      return { ...base, title: head.sandboxTitle, canonical: null, robots: 'noindex' }
    case 'document': {
      const { title } = props as PageProps['document']
      return { ...base, title }
    }
    case 'sign-in':
      return { ...base, title: head.signInTitle, robots: 'noindex' }
    case 'message':
      return { ...base, title: (props as PageProps['message']).title, canonical: null, robots: 'noindex' }
    case 'certificate':
    {
      const { verification } = props as PageProps['certificate']
      const texts = storefrontTextsFor(input.locale ?? 'en').order.certificate
      return { ...base, title: fill(texts.title, { serial: verification.serial }), canonical: null, robots: 'noindex' }
    }
    case 'affiliate-landing': {
      // one canonical address without the publisher's ?aff= or ?recruited_by=
      const { program } = props as PageProps['affiliate-landing']
      const { order: { affiliate: texts }, common } = storefrontTextsFor(input.locale ?? 'en')
      const percent = fill(common.percent, { value: formatNumber(htmlLang(input.locale ?? 'en'), program.commissions[0] ?? 0) })
      return {
        ...base,
        title: fill(texts.pageTitle, { program: program.name, seller: program.seller.name }),
        description: program.description ? oneLine(program.description, 160) : fill(texts.pageDescription, { seller: program.seller.name, percent }),
        canonical: absolute(input.appUrl, `/s/${encodeURIComponent(program.seller.username)}/affiliate_programs/${program.id}`),
      }
    }
    case 'embed': {
      const { product } = props as PageProps['embed']
      return { ...base, title: product?.name ?? 'Sellfront', canonical: null, robots: 'noindex' }
    }
    case 'share': {
      const { share } = props as PageProps['share']
      return { ...base, title: `${share.title} · ${share.seller.name}`, ...(share.description ? { description: oneLine(share.description, 160) } : {}) }
    }
    case 'live': {
      const { event } = props as PageProps['live']
      return { ...base, title: `${event.title} · ${event.seller.name}`, ...(event.description ? { description: oneLine(event.description, 160) } : {}) }
    }
    case 'funnel': {
      const { offer } = props as PageProps['funnel']
      return { ...base, title: offer?.name ?? head.funnelTitle, canonical: null, robots: 'noindex' }
    }
    case 'built': {
      // the page's address without a category filter or other query
      const { title, data, framed } = props as PageProps['built']
      // A member page (docs/decisions/0069-member-pages.md) is a payer's own, inside the course player.
      if (framed) return { ...base, title, canonical: null, robots: 'noindex', baseTarget: '_top' }
      return { ...base, title, description: fill(head.shopDescription, { name: data.seller.name }) }
    }
  }
}

const serializedObjects = new WeakMap<object, string>()

/**
 * The page's props for hydration, as serializeJsonForScript writes them. A top-level object prop is
 * serialized once per object: the server hands the same objects (the product and its checkout while its
 * data is cached, the country list) to every render, and they are not changed after they are made.
 */
export function propsJson(page: string, props: unknown, branding: unknown = null, locale: LocaleCode = 'en', languages: readonly LocaleCode[] = []): string {
  // the seller's branding (docs/decisions/0085-customization.md) beside the props, for the client's Shell
  const brandingJson = branding ? `,"branding":${serializeJsonForScript(branding)}` : ''
  // the page's language and its texts (docs/decisions/0094-storefront-languages.md), written once per locale
  const textsJson = `,"locale":${serializeJsonForScript(locale)},"texts":${textsJsonOf(locale)},"languages":${serializeJsonForScript(languages)}`
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    return serializeJsonForScript({ page, props, ...(branding ? { branding } : {}), locale, texts: storefrontTextsFor(locale), languages })
  }
  const parts: string[] = []
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue
    let json = value !== null && typeof value === 'object' ? serializedObjects.get(value) : undefined
    if (json === undefined) {
      json = serializeJsonForScript(value)
      if (value !== null && typeof value === 'object') serializedObjects.set(value, json)
    }
    parts.push(`${serializeJsonForScript(key)}:${json}`)
  }
  return `{"page":${serializeJsonForScript(page)},"props":{${parts.join(',')}}${brandingJson}${textsJson}}`
}

const textsJsonByLocale = new Map<LocaleCode, string>()

function textsJsonOf(locale: LocaleCode): string {
  let json = textsJsonByLocale.get(locale)
  if (json === undefined) {
    json = serializeJsonForScript(storefrontTextsFor(locale))
    textsJsonByLocale.set(locale, json)
  }
  return json
}

/**
 * The page in the seller's other languages (`hreflang`, docs/decisions/0094-storefront-languages.md): each at
 * its canonical address with `?lang=`, and the address without it as `x-default`.
 */
function alternateLinks(canonical: string, languages: readonly LocaleCode[]): string[] {
  if (languages.length < 2) return []
  const withLang = (code: LocaleCode) => `${canonical}${canonical.includes('?') ? '&' : '?'}lang=${code}`
  return [
    ...languages.map((code) => `<link rel="alternate" hreflang="${htmlLang(code)}" href="${escapeHtml(withLang(code))}">`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(canonical)}">`,
  ]
}

/** The whole page: `<!doctype html>` to `</html>`. `body` is React's HTML for the page. */
export function documentHtml(input: RenderInput, body: string, hydrate: boolean): string {
  const head = headFor(input)
  const t = escapeHtml
  const tags: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${t(head.title)}</title>`,
  ]
  if (head.baseTarget) tags.push(`<base target="${head.baseTarget}">`)
  if (head.description) tags.push(`<meta name="description" content="${t(head.description)}">`)
  if (head.robots) tags.push(`<meta name="robots" content="${t(head.robots)}">`)
  if (head.canonical) tags.push(`<link rel="canonical" href="${t(head.canonical)}">`)
  if (head.canonical && !head.robots) tags.push(...alternateLinks(head.canonical, input.languages ?? []))
  tags.push(`<meta property="og:title" content="${t(head.title)}">`, `<meta property="og:type" content="${head.type ?? 'website'}">`)
  if (head.canonical) tags.push(`<meta property="og:url" content="${t(head.canonical)}">`)
  if (head.description) tags.push(`<meta property="og:description" content="${t(head.description)}">`)
  if (head.image) tags.push(`<meta property="og:image" content="${t(head.image)}">`, '<meta name="twitter:card" content="summary_large_image">')
  // The cover before the stylesheet and the scripts: Lighthouse's mobile LCP went from 1.4 s and more to about
  // 1.1 s (docs/decisions/0099-storefront-client-on-preact.md). React's own preload of it comes later, in the body.
  if (head.preloadImage) {
    const image = head.preloadImage
    tags.push(`<link rel="preload" as="image" href="${t(image.href)}" imagesrcset="${t(image.srcset)}" imagesizes="${t(image.sizes)}" fetchpriority="high">`)
  }
  for (const href of input.assets.css) tags.push(`<link rel="stylesheet" href="${t(href)}">`)
  // No <link rel="modulepreload"> for the page's modules (`assets.preload`): the entry's import of the page module
  // fetches them, in parallel (Vite's preload helper), one round trip later. Preloaded from the head they share the
  // first round trips with the stylesheet, the fonts and the cover, and Lighthouse's simulation counts a preloaded
  // (high-priority) script as render-blocking: on Preact, leaving them out took its mobile FCP from 1.5 s to 1.2 s
  // (docs/decisions/0099-storefront-client-on-preact.md).
  if (head.jsonLd) tags.push(`<script type="application/ld+json">${serializeJsonForScript(head.jsonLd)}</script>`)
  const scripts = hydrate
    ? `<script type="application/json" id="${propsElementId}">${propsJson(input.page, input.props, input.branding, input.locale, input.languages)}</script>`
      + input.assets.js.map((src) => `<script type="module" src="${t(src)}"></script>`).join('')
    : ''
  return `<!doctype html><html lang="${head.lang}"${localeDirection(head.lang) === 'rtl' ? ' dir="rtl"' : ''}><head>${tags.join('')}</head><body><div id="${rootElementId}">${body}</div>${scripts}</body></html>`
}
