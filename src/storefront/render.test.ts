import { describe, expect, test } from 'vitest'
import { renderPage } from './entry-server'
import { propsJson } from './document'
import { checkoutTheme, trustSeals } from '../shared/schemas/checkout-settings'
import { checkoutPage, eventProduct, product } from './test-fixtures'
import { en } from './i18n/en'
import type { PageName, PageProps, ProductPageProps } from './props'

// The server entry renders whole documents: the head, the page, the props for hydration.

const assets = { css: ['/storefront/assets/entry.css'], js: ['/storefront/assets/entry.js'], preload: ['/storefront/assets/product-page.js'] }
const render = <P extends PageName>(page: P, props: PageProps[P], path = '/s/demo/watercolour-course') => renderPage({ page, props, appUrl: 'https://shop.example', path, assets })

function productProps(overrides: Partial<ProductPageProps> = {}): ProductPageProps {
  const checkout = checkoutPage()
  checkout.settings.theme = checkoutTheme({})
  checkout.settings.trust_seals = trustSeals({})
  return {
    username: 'demo', product: product(), checkout, countries: [['AT', 'Austria'], ['DE', 'Germany']], idempotencyKey: 'key-1',
    password: null, values: {}, step: 1, error: null, quote: null, ...overrides,
  }
}

/** The page's language and its texts travel beside the props (docs/decisions/0094-storefront-languages.md). */
const english = { locale: 'en', texts: JSON.parse(JSON.stringify(en)), languages: [] }
const propsOf = (html: string) => JSON.parse(/<script type="application\/json" id="sf-props">(.*?)<\/script>/.exec(html)![1]!)

describe('the product page document', () => {
  test('head: title, canonical, Open Graph, JSON-LD; the client entry; props that read back', () => {
    const props = productProps({ product: product({ name: 'Paint </script><script>alert(1)</script>' }) })
    const html = render('product', props)
    expect(html.startsWith('<!doctype html><html lang="en"><head>')).toBe(true)
    expect(html).toContain('<link rel="canonical" href="https://shop.example/s/demo/watercolour-course">')
    expect(html).toContain('<meta property="og:title" content="Paint &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; · Demo Studio">')
    expect(html).toContain('<link rel="stylesheet" href="/storefront/assets/entry.css">')
    // the entry loads the page's modules: preloading them from the head delayed the cover (decision 0099)
    expect(html).not.toContain('modulepreload')
    expect(html).toContain('<script type="module" src="/storefront/assets/entry.js"></script>')
    // exactly one closing script tag per script element: the name cannot end one early
    expect(html.match(/<\/script>/g)!.length).toBe(3)
    expect(propsOf(html)).toEqual({ page: 'product', props: JSON.parse(JSON.stringify(props)), ...english })
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)
    expect(jsonLd.offers).toEqual([
      { '@type': 'Offer', price: '249.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://shop.example/s/demo/watercolour-course' },
      { '@type': 'Offer', price: '99.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://shop.example/s/demo/watercolour-course', name: 'Three payments' },
    ])
  })

  test('the first cover is preloaded from the head, before the stylesheet, as its <img> asks for it; none without a cover', () => {
    const variants = (n: number) => ({ s300: `/m/${n}-s300.webp`, s640: `/m/${n}-s640.webp`, s1200: `/m/${n}-s1200.webp`, cover: `/m/${n}-cover.webp` })
    const covers = [1, 2].map((n) => ({ id: n, width: 1280, height: 720, variants: variants(n) })) as unknown as ProductPageProps['product']['covers']
    const html = render('product', productProps({ product: product({ covers }) }))
    const preload = '<link rel="preload" as="image" href="/m/1-s1200.webp" imagesrcset="/m/1-s640.webp 640w, /m/1-s1200.webp 1200w, /m/1-cover.webp 1920w" imagesizes="(max-width: 768px) 100vw, 50vw" fetchpriority="high">'
    const head = html.slice(0, html.indexOf('</head>'))
    expect(head).toContain(`${preload}<link rel="stylesheet" href="/storefront/assets/entry.css">`)
    expect(head.match(/rel="preload"/g)).toHaveLength(1)
    expect(html).toContain('srcSet="/m/1-s640.webp 640w, /m/1-s1200.webp 1200w, /m/1-cover.webp 1920w" sizes="(max-width: 768px) 100vw, 50vw"')
    const plain = render('product', productProps())
    expect(plain.slice(0, plain.indexOf('</head>'))).not.toContain('rel="preload"')
  })

  test('the rich description is shown sanitised; the plain one otherwise; the head keeps the plain text', () => {
    const hostile = '<h2>Eight modules</h2><p onclick="x()">From <strong>first wash</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>'
    const html = render('product', productProps({ product: product({ description: 'Eight modules. From first wash', description_html: hostile }) }))
    // the rendered page (the props after it carry the text as escaped JSON, never as markup)
    const body = html.slice(html.indexOf('<body'), html.indexOf('<script type="application/json"'))
    const shown = /<div class="sf-description sf-description--rich" data-testid="product-description">(.*?)<\/div>/.exec(body)![1]
    expect(shown).toBe('<h2>Eight modules</h2><p>From <strong>first wash</strong></p><a>link</a>')
    expect(body).not.toContain('alert(')
    expect(html).toContain('<meta name="description" content="Eight modules. From first wash">')
    expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!).description).toBe('Eight modules. From first wash')

    const plain = render('product', productProps({ product: product({ description_html: null }) }))
    expect(plain).toContain('<div class="sf-description" data-testid="product-description"><p>Eight modules.</p><p>From first wash to finished landscape.</p></div>')
  })

  test('the default theme: buy button #ffc107 with radius 22 as CSS variables; the dynamic button text', () => {
    const html = render('product', productProps())
    expect(html).toContain('--sf-buy-bg:#ffc107')
    expect(html).toContain('--sf-buy-radius:22px')
    expect(html).toMatch(/data-testid="buy-button"[^>]*>Pay 249,00€</)
    const free = render('product', productProps({ product: product({ free: true }) }))
    expect(free).toMatch(/data-testid="buy-button"[^>]*>Get for free</)
  })

  test('a sold-out product or one not on sale shows no form', () => {
    const soldOut = render('product', productProps({ product: product({ availability: { sold_out: true, remaining: 0 } }) }))
    expect(soldOut).toContain('data-testid="sold-out"')
    expect(soldOut).not.toContain('data-testid="checkout-form"')
    const notYet = render('product', productProps({ checkout: { ...checkoutPage(), unavailable_reason: 'not_on_sale' } }))
    expect(notYet).toContain('This product is not on sale yet.')
    expect(notYet).not.toContain('data-testid="checkout-form"')
  })

  test('two steps: stage 1 shown with Continue, stage 2 rendered but hidden, and the other way round', () => {
    const checkout = checkoutPage()
    checkout.settings = { ...checkout.settings, layout: 'two_steps', theme: checkoutTheme({}), trust_seals: trustSeals({}) }
    const first = render('product', productProps({ checkout, product: eventProduct() }))
    expect(first).toContain('data-testid="step-next"')
    expect(first).toMatch(/class="sf-step" data-testid="step-1"/)
    expect(first).toMatch(/class="sf-step sf-step--hidden" data-testid="step-2"/)
    const second = render('product', productProps({ checkout, product: eventProduct(), step: 2 }))
    expect(second).toMatch(/class="sf-step sf-step--hidden" data-testid="step-1"/)
    expect(second).toMatch(/class="sf-step" data-testid="step-2"/)
  })

  test('an error from the API is shown with the entered values kept and the field marked', () => {
    const html = render('product', productProps({
      values: { 'payer.email': ['pat@example.test'] },
      error: { type: 'INVALID_INPUT', message: 'Please check the highlighted fields.', fields: [{ path: 'payer.city', message: 'Required' }] },
    }))
    expect(html).toContain('Please check the highlighted fields.')
    expect(html).toMatch(/name="payer.email"[^>]*value="pat@example.test"/)
    expect(html).toMatch(/id="sf-payer-city"[^>]*aria-invalid="true"/)
  })
})

describe('pages without JavaScript', () => {
  test('the shop, a document and the not-found page load no script', () => {
    const shop = render('shop', { username: 'demo', list: { list: [], total_count: 0, total_count_max: 0 }, page: 1, per: 30 }, '/s/demo')
    expect(shop).toContain('No products yet.')
    expect(shop).not.toContain('<script')
    const doc = render('document', { username: 'demo', title: 'Cancellation terms', body: 'One.\n\nTwo <b>not bold</b>' }, '/s/demo/document/cancellation_terms')
    expect(doc).toContain('<p>Two &lt;b&gt;not bold&lt;/b&gt;</p>')
    expect(render('message', { title: 'Page not found', message: 'Gone.', username: null }, '/x')).toContain('<meta name="robots" content="noindex">')
  })
})

describe('propsJson', () => {
  test('reads back as the props, escaped for a script element', () => {
    const list = [['DE', 'Germany'], ['AT', 'Austria <&>']]
    const props = { username: 'demo', countries: list, missing: undefined, quote: null, step: 1 }
    const json = propsJson('product', props)
    expect(json).not.toContain('<')
    expect(JSON.parse(json)).toEqual({ page: 'product', props: { username: 'demo', countries: list, quote: null, step: 1 }, ...english })
  })
})
