import { Parser } from 'htmlparser2'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { blockKinds, pageTypes, socialNetworks, type BlockKind, type PageDocument, type PageType } from '../../shared/pages/page-blocks'
import { blockSettingsSchemas, defaultBlockSettings, pageDocumentSchema } from '../../shared/schemas/page-blocks'
import { en } from '../i18n/en'
import { pageTexts, TextsContext } from '../i18n/texts-context'
import { emptyBuiltPageData, type BuiltPageData } from './built-data'
import { BuiltPage, type BlockErrorHandler } from './built-page'

// Built pages rendered on the server (docs/decisions/0059-page-blocks.md): every kind with its defaults, a
// shop of ten blocks, a block that throws, and the XSS battery: hostile text in every string field of every
// block, the fields found by walking the schemas, so a field added later is attacked too.

const pageTypeFor = (kind: BlockKind): PageType => (kind === 'products' ? 'shop' : pageTypes.find((t) => pageDocumentSchema(t).safeParse({ blocks: [{ id: 'x', kind }] }).success)!)

const media = (key: string) => ({ url: `/api/v1/media/${key}`, name: key })
const data: BuiltPageData = emptyBuiltPageData({
  seller: { username: 'demo', name: 'Demo Studio' },
  products: {
    7: {
      id: 7, name: 'Watercolour course', url: '/s/demo/watercolour', checkout_url: '/s/demo/watercolour#checkout', cover_url: '/api/v1/media/cover-1.webp',
      display_price: 24900, display_old_price: 29900, currency: 'eur', description: 'Eight modules.', category: 'Courses',
    },
    8: { id: 8, name: 'Brush set', url: '/s/demo/brushes', checkout_url: '/s/demo/brushes#checkout', cover_url: null, display_price: 0, display_old_price: null, currency: 'eur', description: null, category: null },
  },
  shopProductIds: [7, 8], membershipProductIds: [8], pageProductId: 7, popularProductIds: [8, 7],
  uploads: Object.fromEntries(['logo.webp', 'banner.webp', 'pic.webp', 'audio.mp3', 'clip.mp4', 'doc.pdf', 'avatar.webp', 'file.zip'].map((k) => [k, media(k)])),
  lessonUrls: { 3: '/s/demo/courses/watercolour' },
  socialProof: { 7: { total_views: 120, total_purchases: 12, recent_purchase: { first_name: 'Pia', at: '2029-12-31T21:00:00.000Z' } } },
  order: { number: 'A-100', product_name: 'Watercolour course', amount: 24900, currency: 'eur', access: [{ label: 'Open your course', url: '/s/demo/courses/watercolour' }] },
  affiliate: { commissions: [30, 5], cookies_expire: 180, join_url: '/publish/affiliate_marketplace/4' },
  funnel: { accept_action: '/s/demo/funnels/1/accept', decline_url: '/s/demo/funnels/1/decline' },
  contactFormAction: '/s/demo/contact',
  pageUrl: 'https://shop.example/s/demo',
  now: '2030-01-01T00:00:00.000Z',
  cancelSubscriptionUrl: '/payer/s/1#payer-payments',
  theme: { backgroundColor: '#f2f2f2', fontColor: '#424242', buttonColor: '#1e88e5', productFont: 'Brand "Sans"' },
})

const texts = pageTexts('en', en)
function render(document: PageDocument, onBlockError?: BlockErrorHandler, pageData = data, pageTextsValue = texts): string {
  return renderToStaticMarkup(createElement(TextsContext.Provider, { value: pageTextsValue }, createElement(BuiltPage, { document, data: pageData, onBlockError })))
}
const documentOf = (type: PageType, blocks: unknown[]) => pageDocumentSchema(type).parse({ blocks })

// ---------------------------------------------------------------- every string field, filled

const style = { background_color: '#ffffff', text_color: '#000000' }
const fullButton = { text: 'Go', color: '#ffc107', text_color: '#000000', url: '/s/demo', upload_key: 'file.zip', type: 'customLink', product_id: 7, lesson_id: 3 }
const fullMenu = [{ id: 'm1', name: 'Home', url: '/s/demo', submenu: [{ id: 's1', name: 'Courses', url: 'https://example.com/courses' }] }]
const fullSocial = Object.fromEntries(socialNetworks.map((n) => [n, `https://${n}.example.com/demo`]))

/** Each kind's settings with a value in every string field the schema has (the walk below checks that). */
const full: Record<BlockKind, Record<string, unknown>> = {
  header: { ...style, logo_key: 'logo.webp', title: 'Demo', menu: fullMenu, social: fullSocial, sharing_options: true, my_account_switcher: true, language_switcher: true, show_cancel_subscription: true },
  banner: { ...style, title: 'Spring', text: 'New courses', image_key: 'banner.webp', button: fullButton },
  products: { ...style, button: { ...fullButton, type: 'details' }, product_ids: [7, 8], show_description: true, show_category: true },
  text: { ...style, html: '<p>Hello</p>' },
  button: { ...style, button: fullButton },
  picture: { ...style, image_key: 'pic.webp', alt: 'A picture', link: 'https://example.com' },
  audio_player: { ...style, upload_key: 'audio.mp3', title: 'Listen' },
  video: { ...style, upload_key: 'clip.mp4', url: 'https://www.youtube.com/watch?v=abc', title: 'Watch' },
  file: { ...style, upload_key: 'file.zip', title: 'Worksheet', button_text: 'Download' },
  pdf_reader: { ...style, upload_key: 'doc.pdf', title: 'Read' },
  testimonials: { ...style, title: 'Voices', items: [{ id: 't1', avatar_key: 'avatar.webp', full_name: 'Ann', text: 'Great' }] },
  popular_products: { ...style, title: 'Popular', button: { ...fullButton, type: 'buy' } },
  footer: { ...style, text: 'Imprint', menu: fullMenu, social: fullSocial },
  funnel: { ...style, title: 'One more', text: 'Add this', product_id: 7, accept: { ...fullButton, type: 'buy', payment_option: 'autopay' }, decline_text: 'No' },
  affiliate: { ...style, title: 'Partners', button_text: 'Join' },
  contact_form: { ...style, title: 'Write us', fields: [{ id: 'f1', kind: 'custom', label: 'Message', type: 'textarea', required: true }], button: fullButton, success_text: 'Thanks' },
  conversion_tools: { ...style, title: 'Hurry', countdown_end: '2030-01-02T03:04:05.000Z', progress_text: 'Almost', product_id: 7 },
  thank_you_page: { ...style, title: 'Thanks', text: 'See you' },
  gap: { ...style },
  funnel_product: { ...style, product_id: 7 },
}

type Json = { type?: string | string[]; properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; enum?: unknown[]; const?: unknown }
type Path = (string | number)[]

/** The paths of every free string field (not an enumeration) of a schema; list items at index 0. */
function stringPaths(schema: Json, path: Path = []): Path[] {
  if (schema.anyOf) return schema.anyOf.flatMap((branch) => stringPaths(branch, path))
  if (schema.type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => stringPaths(sub, [...path, key]))
  if (schema.type === 'array' && schema.items) return stringPaths(schema.items, [...path, 0])
  if (schema.type === 'string' && !schema.enum && schema.const === undefined) return [path]
  return []
}
const get = (value: unknown, path: Path): unknown => path.reduce<unknown>((v, key) => (v as Record<string | number, unknown> | undefined)?.[key], value)
function set(value: unknown, path: Path, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let at = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>
  at[path.at(-1)!] = next
  return copy
}

const urlAttributes = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'cite', 'srcset'])
/** What in the HTML could run script: a script element, an event handler, a javascript:/data:/vbscript: URL, script in CSS, srcdoc. */
function executable(html: string): string[] {
  const found: string[] = []
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script' || name === 'object' || name === 'embed' || name === 'base') found.push(`<${name}>`)
      for (const [attribute, value] of Object.entries(attributes)) {
        const compact = value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase()
        if (attribute.startsWith('on')) found.push(`${name}[${attribute}]`)
        if (attribute === 'srcdoc') found.push(`${name}[srcdoc]`)
        if (urlAttributes.has(attribute) && /^(javascript|data|vbscript):/.test(compact)) found.push(`${name}[${attribute}=${value}]`)
        if (attribute === 'style' && /url\(|expression\(|javascript:|@import/.test(compact)) found.push(`${name}[style=${value}]`)
      }
    },
  }, { decodeEntities: true, lowerCaseAttributeNames: true })
  parser.write(html)
  parser.end()
  return found
}

const payloads = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'javascript:alert(1)', ' JaVa\tScRiPt:alert(1)', 'data:text/html,<script>alert(1)</script>', "');alert(1);//"]

describe('the XSS battery', () => {
  test('the fixtures fill every string field of every block (a new field must be added here)', () => {
    for (const kind of blockKinds) {
      const json = z.toJSONSchema(blockSettingsSchemas[kind], { io: 'input', unrepresentable: 'any' }) as Json
      for (const path of stringPaths(json)) expect(typeof get(full[kind], path), `${kind}.${path.join('.')}`).toBe('string')
      // and the full fixture itself is valid and renders without a finding
      const document = documentOf(pageTypeFor(kind), [{ id: 'b', kind, settings: full[kind] }])
      const errors: unknown[] = []
      const html = render(document, (_b, e) => errors.push(e))
      expect(errors).toEqual([])
      expect(executable(html)).toEqual([])
    }
  })

  for (const kind of blockKinds) {
    test(`${kind}: hostile text in each string field is refused or renders inert`, () => {
      const json = z.toJSONSchema(blockSettingsSchemas[kind], { io: 'input', unrepresentable: 'any' }) as Json
      const schema = pageDocumentSchema(pageTypeFor(kind))
      let rendered = 0
      for (const path of stringPaths(json)) {
        for (const payload of payloads) {
          const parsed = schema.safeParse({ blocks: [{ id: 'b', kind, settings: set(full[kind], path, payload) }] })
          if (!parsed.success) continue
          rendered++
          const html = render(parsed.data)
          expect(executable(html), `${kind}.${path.join('.')} = ${payload}`).toEqual([])
          expect(html, `${kind}.${path.join('.')} = ${payload}`).not.toMatch(/<script|<img[^>]+src="x"/i)
        }
      }
      // Headings, names and texts take "><img ...> as text: the battery really renders them.
      if (stringPaths(json).length > 2) expect(rendered).toBeGreaterThan(0)
    })
  }

  test('hostile text in the data (product names, descriptions, the order, the seller) renders as text', () => {
    const evil = '"><img src=x onerror=alert(1)><script>alert(1)</script>'
    const hostileData: BuiltPageData = {
      ...data,
      seller: { username: 'demo', name: evil },
      products: { 7: { ...data.products[7]!, name: evil, description: evil, category: evil } },
      order: { ...data.order!, number: evil, product_name: evil, access: [{ label: evil, url: '/ok' }] },
      socialProof: { 7: { total_views: 1, total_purchases: 1, recent_purchase: { first_name: evil, at: '2030-01-01T00:00:00.000Z' } } },
    }
    const kinds: [PageType, string, Record<string, unknown>][] = [
      ['shop', 'products', { product_ids: [7], show_description: true, show_category: true }], ['shop', 'header', {}],
      ['thank_you_page', 'thank_you_page', {}], ['funnel', 'funnel_product', { product_id: 7 }],
      ['shop', 'conversion_tools', { tool: 'social_proof', social_proof_type: 'recent_purchase', product_id: 7 }],
    ]
    for (const [type, kind, settings] of kinds) {
      const html = render(documentOf(type, [{ id: 'b', kind, settings }]), undefined, hostileData)
      expect(executable(html), kind).toEqual([])
      expect(html, kind).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;script&gt;')
    }
  })

  test('a document that skipped the schema still renders no script URL or handler', () => {
    const hostile = {
      version: 1, settings: { background_color: 'red;background:url(javascript:alert(1))', text_color: 'x', font_family: 'x' },
      blocks: [
        { id: 'a', kind: 'picture', settings: { ...defaultBlockSettings('picture'), image_key: 'pic.webp', link: 'javascript:alert(1)', background_color: '#fff;x:url(javascript:1)' } },
        { id: 'b', kind: 'button', settings: { ...defaultBlockSettings('button'), button: { ...defaultBlockSettings('button').button, type: 'customLink', url: ' javascript:alert(1)' } } },
        { id: 'c', kind: 'text', settings: { ...defaultBlockSettings('text'), html: '<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a><script>alert(1)</script>' } },
        { id: 'd', kind: 'video', settings: { ...defaultBlockSettings('video'), type: 'external', url: 'javascript:alert(1)' } },
        { id: 'e', kind: 'header', settings: { ...defaultBlockSettings('header'), menu: [{ id: 'm', name: 'x', url: 'javascript:alert(1)', link_type: 'url', submenu: [] }], social: { facebook: 'data:text/html,x' } } },
      ],
    } as unknown as PageDocument
    const hostileData = { ...data, uploads: { 'pic.webp': { url: 'javascript:alert(1)', name: 'x' } }, products: { 7: { ...data.products[7]!, url: 'javascript:alert(1)', cover_url: 'data:image/svg+xml,<svg onload=alert(1)>' } } }
    const html = render(hostile, undefined, hostileData)
    expect(executable(html)).toEqual([])
    expect(html).not.toContain('javascript:')
  })
})

// ---------------------------------------------------------------- rendering

describe('built pages render', () => {
  for (const kind of blockKinds) {
    test(`${kind} renders with its defaults`, () => {
      const errors: unknown[] = []
      const html = render(documentOf(pageTypeFor(kind), [{ id: 'b', kind }]), (_b, e) => errors.push(e))
      expect(errors).toEqual([])
      expect(html).toContain(`sf-built-block--${kind}`)
      expect(executable(html)).toEqual([])
    })
  }

  test('a shop of ten blocks renders them in order', () => {
    const kinds: BlockKind[] = ['header', 'banner', 'products', 'text', 'button', 'picture', 'testimonials', 'contact_form', 'conversion_tools', 'footer']
    const document = documentOf('shop', kinds.map((kind, i) => ({ id: `b${i}`, kind, settings: { ...full[kind], ...(kind === 'products' ? { product_ids: [] } : {}) } })))
    const errors: unknown[] = []
    const html = render(document, (_b, e) => errors.push(e))
    expect(errors).toEqual([])
    const ids = ['built-header', 'built-banner', 'built-products', 'built-text', 'built-button', 'built-picture', 'built-testimonials', 'built-contact-form', 'built-conversion-tools', 'built-footer']
    const positions = ids.map((id) => html.indexOf(`data-testid="${id}"`))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    // the shop's products with their prices and links
    expect(html).toContain('href="/s/demo/watercolour"')
    expect(html).toContain('<s class="sf-old-price">299,00€</s>249,00€')
    expect(html.match(/data-testid="built-product"/g)).toHaveLength(2)
    // styles from settings only
    expect(html).toContain('max-width:500px')
  })

  test('a block that throws renders nothing, is reported, and the page stands', () => {
    const document = documentOf('affiliate', [{ id: 'h', kind: 'header' }, { id: 'a', kind: 'affiliate' }, { id: 'f', kind: 'footer' }])
    const broken = { ...data, affiliate: { commissions: null, cookies_expire: 1, join_url: '/' } } as unknown as BuiltPageData
    const reported: string[] = []
    const html = render(document, (block) => reported.push(`${block.id}:${block.kind}`), broken)
    expect(reported).toEqual(['a:affiliate'])
    expect(html).toContain('data-testid="built-header"')
    expect(html).toContain('data-testid="built-footer"')
    expect(html).not.toContain('data-testid="built-affiliate"')
  })

  test('without JavaScript: the countdown shows the time left when rendered, a one-click buy is a form post', () => {
    const html = render(documentOf('shop', [{ id: 'c', kind: 'conversion_tools', settings: { countdown_end: '2030-01-02T03:04:05.000Z' } }]))
    expect(html).toMatch(/<strong>1<\/strong><span>Days<\/span>.*<strong>3<\/strong><span>Hours<\/span>.*<strong>4<\/strong><span>Minutes<\/span>.*<strong>5<\/strong><span>Seconds<\/span>/)
    const funnel = render(documentOf('funnel', [{ id: 'f', kind: 'funnel', settings: { product_id: 7 } }]))
    expect(funnel).toMatch(/<form class="sf-built-button-form" action="\/s\/demo\/funnels\/1\/accept" method="post">/)
    expect(funnel).toContain('name="payment_option" value="autopay"')
    expect(funnel).toContain('href="/s/demo/funnels/1/decline"')
  })

  test('progress and social proof read their settings and data', () => {
    expect(render(documentOf('shop', [{ id: 'p', kind: 'conversion_tools', settings: { tool: 'progress_bar' } }]))).toContain('aria-valuenow="75"')
    const proof = (type: string) => render(documentOf('shop', [{ id: 's', kind: 'conversion_tools', settings: { tool: 'social_proof', social_proof_type: type, product_id: 7 } }]))
    expect(proof('total_views')).toContain('120 people viewed this')
    expect(proof('total_purchases')).toContain('12 people bought this')
    expect(proof('recent_purchase')).toContain('Pia bought this 3 hours ago')
  })

  test('the blocks\' words come from the page\'s texts, with the plural form for the count', () => {
    const one = { ...data, affiliate: { commissions: [30], cookies_expire: 1, join_url: '/join' }, socialProof: { 7: { total_views: 1, total_purchases: 1, recent_purchase: { first_name: 'Pia', at: '2029-12-31T23:59:30.000Z' } } } }
    const proof = (type: string, words = texts) => render(documentOf('shop', [{ id: 's', kind: 'conversion_tools', settings: { tool: 'social_proof', social_proof_type: type, product_id: 7 } }]), undefined, one, words)
    expect(proof('total_views')).toContain('1 person viewed this')
    expect(proof('total_purchases')).toContain('1 person bought this')
    expect(proof('recent_purchase')).toContain('Pia bought this 1 minute ago')
    const affiliate = render(documentOf('affiliate', [{ id: 'a', kind: 'affiliate' }]), undefined, one)
    expect(affiliate).toContain('<li>Level 1: 30 %</li>')
    expect(affiliate).toContain('Cookie lifetime: 1 day<')
    // Another language's words, and its order of the parts.
    const de = pageTexts('de', {
      ...en,
      built: {
        ...en.built,
        socialProof: { ...en.built.socialProof, recentPurchase: '{name} hat das {ago} gekauft', minutesAgo: { one: 'vor {count} Minute', other: 'vor {count} Minuten' } },
        thankYou: { order: 'Bestellung {number}', access: 'Dein Zugang' },
      },
    })
    expect(proof('recent_purchase', de)).toContain('Pia hat das vor 1 Minute gekauft')
    const thanks = render(documentOf('thank_you_page', [{ id: 't', kind: 'thank_you_page', settings: { show_order: true, show_access: true } }]), undefined, data, de)
    expect(thanks).toContain('Bestellung A-100 · Watercolour course')
    expect(thanks).toContain('<h2>Dein Zugang</h2>')
  })

  test('an external video is the privacy-enhanced player in a sandboxed frame', () => {
    const html = render(documentOf('shop', [{ id: 'v', kind: 'video', settings: { type: 'external', url: 'https://www.youtube.com/watch?v=abc' } }]))
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/abc"')
    expect(html).toContain('sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"')
  })
})

describe('custom CSS (docs/decisions/0068-custom-css.md)', () => {
  const styled = pageDocumentSchema('shop').parse({ settings: { custom_css: 'h2 > b { color: #c00 }' }, blocks: [{ id: 'g', kind: 'gap' }] })
  test('the scoped CSS is written as is into one style element inside the page', () => {
    expect(render(styled)).toContain('<style data-testid="built-custom-css">.sf-built h2 > b { color: #c00 }</style>')
  })
  test('not shown with the feature off, nor when a stored document has "<" in it', () => {
    expect(render(styled, undefined, { ...data, customCss: false })).not.toContain('<style')
    const tampered = { ...styled, settings: { ...styled.settings, custom_css: '</style><script>alert(1)</script>' } }
    expect(render(tampered)).not.toContain('<script')
  })
})
