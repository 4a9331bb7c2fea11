import { describe, expect, test } from 'vitest'
import { renderPage } from './entry-server'
import { orderInputFromValues } from './lib/checkout-form'
import { joinPath, safeUrl } from './lib/landing'
import type { AffiliateLandingPageProps, EmbedPageProps, PageName, PageProps } from './props'
import { checkoutPage, product } from './test-fixtures'

// The affiliate pages (docs/decisions/0048-affiliates.md): the program's landing page for publishers, an
// embeddable item, and the order body's attribution.

const assets = { css: ['/storefront/assets/entry.css'], js: ['/storefront/assets/entry.js'], preload: [] }
const render = <P extends PageName>(page: P, props: PageProps[P], path: string) => renderPage({ page, props, appUrl: 'https://shop.example', path, assets })

function landingProps(overrides: Partial<AffiliateLandingPageProps['program']> = {}): AffiliateLandingPageProps {
  return {
    username: 'demo', joinUrl: joinPath(5, 'rec-token'),
    program: {
      id: 5, name: 'Studio partners', description: null, seller: { username: 'demo', name: 'Demo Studio' }, commissions: [15, 7.5, 2],
      cookies_expire: 90, lifetime: 'days', lifetime_days: 365, bonus: 5000, bonus_currency: 'eur', landing_body: [], landing_theme: 'classic',
      products: [{ id: 3, name: 'Watercolour from scratch', url: '/s/demo/watercolour-course', cover_url: null, display_price: 24900, currency: 'eur' }],
      ...overrides,
    },
  }
}

describe('the affiliate landing page', () => {
  test('without blocks: a default header with the seller, each level\'s percent, cookie days, duration, bonus, products, the join link', () => {
    const html = render('affiliate-landing', landingProps(), '/s/demo/affiliate_programs/5')
    expect(html).toContain('<h1>Become a partner of Demo Studio</h1>')
    const levels = [...html.matchAll(/<span class="sf-aff-level__name">([^<]+)<\/span><span class="sf-aff-level__value">([^<]+)<\/span>/g)].map((m) => `${m[1]}: ${m[2]}`)
    expect(levels).toEqual(['Level 1: 15 %', 'Level 2: 7.5 %', 'Level 3: 2 %'])
    expect(html).toContain('Your link counts for 90 days after the click')
    expect(html).toContain('for 365 days')
    expect(html).toContain('A one-time bonus of 50,00€ after your first sale')
    expect(html).toContain('249,00€')
    expect(html).toContain('href="/publish/affiliate_marketplace/5?recruited_by=rec-token" data-testid="affiliate-join">Join as publisher</a>')
    expect(html).toContain('<title>Studio partners · Affiliate program of Demo Studio</title>')
    expect(html).toContain('<meta name="description" content="Recommend the products of Demo Studio and earn 15 % commission on every sale.">')
    expect(html).not.toContain('<script')
  })

  test('the seller\'s blocks in the theme; a page without the affiliate block still shows the figures; unsafe values dropped', () => {
    const html = render('affiliate-landing', landingProps({
      landing_theme: 'minimal',
      landing_body: [
        { kind: 'text', props: { title: 'Why us', text: 'Good products.\n\nFair pay.' } },
        { kind: 'picture', props: { image_url: 'javascript:alert(1)' } },
        { kind: 'banner', props: { title: 'Hi', background_color: 'red;background:url(x)' } },
        { kind: 'gap', props: { height: 10_000 } },
        { kind: 'unknown', props: {} },
      ],
    }), '/s/demo/affiliate_programs/5')
    expect(html).toContain('class="sf-aff sf-aff--minimal"')
    expect(html).toContain('<h2>Why us</h2><p>Good products.</p><p>Fair pay.</p>')
    expect(html).not.toContain('javascript:')
    expect(html).not.toContain('url(x)')
    expect(html).toContain('height:400px')
    expect(html).toContain('data-testid="affiliate-block"')
    expect(render('affiliate-landing', landingProps({ landing_theme: 'neon' }), '/x')).toContain('sf-aff--classic')
  })

  test('links: http(s) and site paths only; the join path encodes the recruiter', () => {
    expect(safeUrl('https://a.example/x')).toBe('https://a.example/x')
    expect(safeUrl('/s/demo')).toBe('/s/demo')
    for (const bad of ['//evil.example', 'javascript:alert(1)', 'data:text/html,x', 42, null]) expect(safeUrl(bad)).toBeNull()
    expect(joinPath(5, null)).toBe('/publish/affiliate_marketplace/5')
    expect(joinPath(5, 'a b')).toBe('/publish/affiliate_marketplace/5?recruited_by=a%20b')
  })
})

describe('an embeddable item', () => {
  const item = (overrides: Partial<EmbedPageProps> = {}): EmbedPageProps => ({
    kind: 'product_card', settings: {},
    product: { name: 'Watercolour from scratch', cover_url: '/media/c.jpg', display_price: 24900, currency: 'eur', url: '/s/demo/watercolour-course?aff=tok1' },
    ...overrides,
  })

  test('a product card: cover, name, price and a Buy button opening the publisher\'s link in a new tab; no script', () => {
    const html = render('embed', item(), '/embed/items/1')
    expect(html).toContain('data-testid="embed-card"')
    expect(html).toContain('<img class="sf-embed__cover" src="/media/c.jpg"')
    expect(html).toContain('249,00€')
    expect(html).toMatch(/<a class="sf-embed__button" href="\/s\/demo\/watercolour-course\?aff=tok1" target="_blank" rel="noopener" data-testid="embed-button">Buy<\/a>/)
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).not.toContain('<script')
  })

  test('settings: button text and colour, no price, no cover; a buy button alone; not available', () => {
    const card = render('embed', item({ settings: { button_text: 'Get it', button_color: '#123abc', show_price: false, show_cover: false } }), '/embed/items/1')
    expect(card).toContain('>Get it</a>')
    expect(card).toContain('--sf-embed-button:#123abc')
    expect(card).not.toContain('249,00€')
    expect(card).not.toContain('sf-embed__cover')
    const button = render('embed', item({ kind: 'buy_button' }), '/embed/items/1')
    expect(button).not.toContain('embed-card')
    expect(button).toContain('Buy · 249,00€')
    expect(render('embed', item({ product: null }), '/embed/items/1')).toContain('This offer is not available at the moment.')
  })
})

describe('the order body\'s attribution', () => {
  test('the hidden affiliate field becomes `affiliate`; empty leaves it out', () => {
    const context = { product: product(), checkout: checkoutPage() }
    expect(orderInputFromValues({ affiliate: ['tok1'] }, context)).toMatchObject({ affiliate: 'tok1' })
    expect(orderInputFromValues({ affiliate: [''] }, context)).not.toHaveProperty('affiliate')
  })
})
