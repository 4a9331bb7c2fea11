import { describe, expect, test } from 'vitest'
import { markSvg, renderPage } from './entry-server'
import { checkoutTheme, trustSeals } from '../shared/schemas/checkout-settings'
import { initials, shopHue } from './pages/shop-page'
import { checkoutPage, eventProduct, product } from './test-fixtures'
import type { PageName, PageProps, ProductPageProps, PublicOrderOutput, ShopList, ShopProduct } from './props'

// The storefront's presence (docs/decisions/0044-storefront-presence.md): the shop header and cards, the
// product page's gallery, event facts and payment marks, the success page's access buttons, and the head
// search engines and link previews read.

const assets = { css: ['/storefront/assets/entry.css'], js: ['/storefront/assets/entry.js'], preload: [] }
const render = <P extends PageName>(page: P, props: PageProps[P], path: string) => renderPage({ page, props, appUrl: 'https://shop.example', path, assets })

const cover = (id: number) => ({
  id, url: `/api/v1/media/c${id}-s100.webp`, width: 1600, height: 900, position: id,
  variants: { s100: `/api/v1/media/c${id}-s100.webp`, s300: `/api/v1/media/c${id}-s300.webp`, s640: `/api/v1/media/c${id}-s640.webp`, s1200: `/api/v1/media/c${id}-s1200.webp`, cover: `/api/v1/media/c${id}.webp` },
})

function productProps(p: ShopProduct, overrides: Partial<ProductPageProps> = {}): ProductPageProps {
  const checkout = checkoutPage()
  checkout.settings.theme = checkoutTheme({})
  checkout.settings.trust_seals = trustSeals({})
  return { username: 'demo', product: p, checkout, countries: [['DE', 'Germany']], idempotencyKey: 'k', password: null, values: {}, step: 1, error: null, quote: null, ...overrides }
}

const jsonLdOf = (html: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!)

describe('the shop page', () => {
  const list: ShopList = {
    list: [
      { id: 3, slug: 'watercolour-course', name: 'Watercolour from scratch', form: 'course', display_price: 24900, display_old_price: null, currency_id: 'eur', covers: [cover(1)], event: null },
      { id: 4, slug: 'summer-workshop', name: 'Summer workshop', form: 'eventTickets', display_price: 8900, display_old_price: null, currency_id: 'eur', covers: [], event: { start_date: '2030-07-06T09:00:00.000Z', location: 'Berlin' } },
    ],
    total_count: 2, total_count_max: 2, seller: { username: 'nora-baker', name: 'Nora Baker' },
  }

  test('a header with the display name, initials avatar and handle; cards with kind, event and price', () => {
    const html = render('shop', { username: 'NORA-BAKER', list, page: 1, per: 30 }, '/s/NORA-BAKER')
    expect(html).toMatch(/data-testid="shop-name">Nora Baker</)
    expect(html).toMatch(/data-testid="shop-avatar">NB</)
    expect(html).toContain('@nora-baker · 2 products')
    expect(html).toMatch(/data-testid="shop-product-kind">Online course</)
    expect(html).toMatch(/data-testid="shop-product-kind">Event</)
    expect(html).toContain('6 Jul 2030, 09:00 UTC · Berlin')
    expect(html).toMatch(/data-testid="shop-product-price">[\s\S]{0,40}249,00€/)
    expect(html).toContain('<title>Nora Baker · Shop</title>')
    // one canonical address whatever case the path used; the first cover is the link preview
    expect(html).toContain('<link rel="canonical" href="https://shop.example/s/nora-baker">')
    expect(html).toContain('<meta property="og:image" content="https://shop.example/api/v1/media/c1-s1200.webp">')
    // no JavaScript: only the ItemList data, which names each product page
    expect(html.match(/<script/g)).toEqual(['<script'])
    expect(jsonLdOf(html)).toEqual({
      '@context': 'https://schema.org', '@type': 'ItemList', name: 'Nora Baker',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Watercolour from scratch', url: 'https://shop.example/s/nora-baker/watercolour-course' },
        { '@type': 'ListItem', position: 2, name: 'Summer workshop', url: 'https://shop.example/s/nora-baker/summer-workshop' },
      ],
    })
    const second = render('shop', { username: 'nora-baker', list, page: 2, per: 1 }, '/s/nora-baker')
    expect(second).toContain('<link rel="canonical" href="https://shop.example/s/nora-baker?page=2">')
  })

  test('the seller\'s avatar, banner and bio: sized variants, alt text, the bio under the name (docs/decisions/0046-seller-presence.md)', () => {
    const seller = {
      username: 'nora-baker', name: 'Nora Baker', bio: 'Painter in Leipzig. <b>Courses</b> for beginners.',
      avatar: { url: '/api/v1/media/avatar-a-s300.webp', variants: { s100: '/api/v1/media/avatar-a-s100.webp', s300: '/api/v1/media/avatar-a-s300.webp' } },
      banner: { url: '/api/v1/media/banner-b-s1200.webp', variants: { s640: '/api/v1/media/banner-b-s640.webp', s1200: '/api/v1/media/banner-b-s1200.webp', s1920: '/api/v1/media/banner-b-s1920.webp' } },
    }
    const html = render('shop', { username: 'nora-baker', list: { ...list, seller }, page: 1, per: 30 }, '/s/nora-baker')
    const start = html.indexOf('data-testid="shop-header"')
    const header = html.slice(start, html.indexOf('</header>', start))
    expect(header).toMatch(/<img[^>]*data-testid="shop-avatar"[^>]*alt="Nora Baker"/)
    expect(header).toContain('src="/api/v1/media/avatar-a-s100.webp"')
    expect(header).toContain('/api/v1/media/avatar-a-s300.webp 300w')
    expect(header).not.toMatch(/data-testid="shop-avatar">NB</)
    expect(header).toMatch(/<img[^>]*src="\/api\/v1\/media\/banner-b-s1200.webp"[^>]*data-testid="shop-banner"/)
    expect(header).toContain('/api/v1/media/banner-b-s1920.webp 1920w')
    expect(header).toContain('sf-shop-hero__banner--image')
    // The bio is text, escaped, after the name.
    expect(header).toMatch(/data-testid="shop-name">Nora Baker<[\s\S]*data-testid="shop-bio">Painter in Leipzig. &lt;b&gt;Courses&lt;\/b&gt; for beginners.</)

    // Without them: the initials and the gradient, no bio.
    const plain = render('shop', { username: 'nora-baker', list: { ...list, seller: { ...seller, avatar: null, banner: null, bio: null } }, page: 1, per: 30 }, '/s/nora-baker')
    expect(plain).toMatch(/data-testid="shop-avatar">NB</)
    expect(plain).not.toContain('data-testid="shop-banner"')
    expect(plain).not.toContain('data-testid="shop-bio"')
  })

  test('initials and the banner hue are stable', () => {
    expect(initials('Nora Baker')).toBe('NB')
    expect(initials('nora-baker')).toBe('NB')
    expect(initials('demo')).toBe('DE')
    expect(initials('')).toBe('?')
    expect(shopHue('Demo')).toBe(shopHue('demo'))
    expect(shopHue('demo')).toBeGreaterThanOrEqual(0)
    expect(shopHue('demo')).toBeLessThan(360)
  })
})

describe('the product page', () => {
  test('a gallery of every cover; the first is the largest paint', () => {
    const html = render('product', productProps(product({ covers: [cover(1), cover(2), cover(3)] })), '/s/demo/watercolour-course')
    expect(html.match(/data-testid="cover-thumb"/g)).toHaveLength(3)
    expect(html).toMatch(/<img[^>]*fetchPriority="high"[^>]*data-testid="cover-main"|<img[^>]*data-testid="cover-main"[^>]*fetchPriority="high"/i)
    expect(html).toContain('href="/api/v1/media/c2.webp"')
    expect(html).toMatch(/data-testid="product-kind">Online course</)
    const single = render('product', productProps(product({ covers: [cover(1)] })), '/s/demo/watercolour-course')
    expect(single).not.toContain('data-testid="cover-thumb"')
  })

  test('an event shows its date and place large', () => {
    const html = render('product', productProps(eventProduct()), '/s/demo/summer-workshop')
    expect(html).toMatch(/data-testid="event-date">6 Jul 2030, 09:00 UTC – 17:00 UTC</)
    expect(html).toMatch(/data-testid="event-place">Berlin</)
    expect(render('product', productProps(product()), '/s/demo/watercolour-course')).not.toContain('data-testid="event-facts"')
  })

  test('payment methods and trust seals show self-hosted marks', () => {
    const props = productProps(product())
    props.checkout.settings.trust_seals = trustSeals({ card_brands: true, ssl_secure: true })
    const html = render('product', props, '/s/demo/watercolour-course')
    expect(html).toMatch(/data-testid="method-card"[\s\S]*?src="\/storefront\/marks\/visa.svg"[\s\S]*?src="\/storefront\/marks\/mastercard.svg"/)
    expect(html).toMatch(/data-testid="method-paypal"[\s\S]*?src="\/storefront\/marks\/paypal.svg"/)
    expect(html).toMatch(/alt="Visa"[^>]*data-testid="card-brand"|data-testid="card-brand"[^>]*alt="Visa"/)
    expect(html).not.toContain('sf-trust__brand"')
  })

  test('head: canonical by the seller username, Open Graph product, JSON-LD escaped and complete', () => {
    const hostile = 'Paint </script><script>alert(1)</script> & <!-- more -->'
    const p = product({ name: hostile, description: hostile, covers: [cover(1), cover(2)] })
    const html = render('product', productProps(p), '/s/1/watercolour-course')
    expect(html).toContain('<link rel="canonical" href="https://shop.example/s/demo/watercolour-course">')
    expect(html).toContain('<meta property="og:url" content="https://shop.example/s/demo/watercolour-course">')
    expect(html).toContain('<meta property="og:type" content="product">')
    expect(html).toContain('<meta property="og:image" content="https://shop.example/api/v1/media/c1-s1200.webp">')
    expect(html).toContain('<meta property="og:description" content="Paint &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;!-- more --&gt;">')
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)![1]!
    expect(ld).not.toMatch(/[<>]/)
    const data = jsonLdOf(html)
    expect(data).toMatchObject({
      '@context': 'https://schema.org', '@type': 'Product', name: hostile, description: hostile, url: 'https://shop.example/s/demo/watercolour-course',
      image: ['https://shop.example/api/v1/media/c1-s1200.webp', 'https://shop.example/api/v1/media/c2-s1200.webp'],
    })
    expect(data.offers[0]).toEqual({ '@type': 'Offer', price: '249.00', priceCurrency: 'EUR', availability: 'https://schema.org/InStock', url: 'https://shop.example/s/demo/watercolour-course' })
    const soldOut = jsonLdOf(render('product', productProps(product({ availability: { sold_out: true, remaining: 0 } })), '/s/demo/watercolour-course'))
    expect(soldOut.offers[0].availability).toBe('https://schema.org/SoldOut')
  })
})

describe('the success page', () => {
  const order = (overrides: Partial<PublicOrderOutput> = {}): PublicOrderOutput => ({
    id: 1, token: 'tok', order_type: 'one_time', upsell_type: null, product: { id: 3, name: 'Watercolour from scratch', slug: 'watercolour-course', form: 'course' },
    seller_username: 'demo', pricing_plan: null, quantity: 1, currency: 'eur', total_amount: 24900, first_amount: 24900, vat_amount: 0, paid_amount: 24900,
    unpaid_amount: 0, discount_amount: 0, coupon_code: null, payment_state: 'paid', payment_method: 'card', provider: 'sandbox', lines: [], vat: {},
    card: null, payer: { email: 'pia@example.test', first_name: 'Pia', last_name: 'Payer' }, success_page_url: null, upsell_offers: [], bank_wire: null,
    created_at: '2030-01-01T00:00:00.000Z', paid_at: '2030-01-01T00:00:00.000Z', deliverables: null, ...overrides,
  })
  const none = { license_keys: [], payment_tickets: [], downloads: [], certificates: [], access_url: null, products: [] }
  const successProps = (o: PublicOrderOutput) => ({ username: 'demo', order: o, hidden: [], idempotencyKey: 'k', error: null })

  test('a course opens from a button', () => {
    const html = render('success', successProps(order({ deliverables: { ...none, access_url: 'https://shop.example/s/demo/courses/watercolour-course' } })), '/s/demo/payment/tok')
    expect(html).toMatch(/href="https:\/\/shop.example\/s\/demo\/courses\/watercolour-course"[^>]*data-testid="access-open">Open your course</)
  })

  test('downloads, tickets, certificates and keys; a link that is not http(s) is left out', () => {
    const html = render('success', successProps(order({
      product: { id: 5, name: 'Brushes', slug: 'brushes', form: 'download' },
      deliverables: {
        ...none,
        downloads: [{ name: 'brushes.zip', url: '/api/v1/downloads/abc' }, { name: 'evil', url: 'javascript:alert(1)' }],
        payment_tickets: [{ id: 9, code: 'T-123', state: 'unused', qr_url: '/q', pdf_url: '/api/v1/payment_tickets/9.pdf' }],
        certificates: [{ serial: 'C-1', pdf_url: '/api/v1/certificates/C-1.pdf', verify_url: '/certificates/C-1' }],
        license_keys: [{ key: 'AAAA-BBBB' }],
      },
    })), '/s/demo/payment/tok')
    expect(html).toMatch(/href="\/api\/v1\/downloads\/abc"[^>]*data-testid="access-download">Download brushes.zip</)
    expect(html).not.toContain('href="javascript:')
    expect(html).toMatch(/data-testid="access-ticket">Your ticket T-123 \(PDF\)</)
    expect(html).toMatch(/data-testid="access-certificate">Your certificate \(PDF\)</)
    expect(html).toMatch(/data-testid="access-license-key">AAAA-BBBB</)
  })

  test('while the payment is awaited: no access yet, and it says so', () => {
    const html = render('success', successProps(order({ payment_state: 'payment_pending', paid_amount: 0 })), '/s/demo/payment/tok')
    expect(html).not.toContain('data-testid="access"')
    expect(html).toContain('data-testid="access-waiting"')
  })
})

describe('the marks', () => {
  test('each known mark is an SVG document; an unknown name is none', () => {
    for (const name of ['visa', 'mastercard', 'amex', 'paypal', 'apple_pay', 'google_pay', 'sepa', 'bank_wire', 'wallet', 'ssl']) {
      const svg = markSvg(name)!
      expect(svg.startsWith('<svg'), name).toBe(true)
      expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"')
      expect(svg).not.toMatch(/<script|on[a-z]+=/i)
    }
    expect(markSvg('nope')).toBeNull()
    expect(markSvg('__proto__')).toBeNull()
  })
})
