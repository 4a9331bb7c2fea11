import { describe, expect, test } from 'vitest'
import { slugFromTitle } from '../shared/schemas/shares'
import { renderPage } from './entry-server'
import type { SharePageProps } from './props'

// A shared link of several products (docs/decisions/0067-multi-item-shares.md): plain HTML, the seller's texts as
// text, each product linked to its page, the theme's colours.

const assets = { css: ['/storefront/assets/entry.css'], js: ['/storefront/assets/entry.js'], preload: [] }
const card = (id: number, name: string, price: number | null) => ({
  id, slug: `p-${id}`, name, form: 'digital' as const, display_price: price, display_old_price: null, currency_id: price === null ? null : 'eur', covers: [], event: null,
})
const props = (overrides: Partial<SharePageProps['share']> = {}): SharePageProps => ({
  username: 'demo',
  share: {
    title: 'Spring <set>', description: 'Two for <b>you</b>', button_text: 'Take it', seller: { username: 'demo', name: 'Demo Studio' },
    items: [{ product: card(1, 'Guide', 1990), text: 'Start <script>here</script>' }, { product: card(2, 'Free map', 0), text: null }],
    theme: { background_color: '#fafafa', button_color: '#123456', button_text_color: null, font_color: null }, ...overrides,
  },
})
const render = (p: SharePageProps) => renderPage({ page: 'share', props: p, appUrl: 'https://shop.example', path: '/v/demo/spring', assets })

describe('the shared link page', () => {
  test('texts escaped, products in order with their text, price and a button to the product page; no JavaScript', () => {
    const html = render(props())
    expect(html).toContain('<title>Spring &lt;set&gt; · Demo Studio</title>')
    expect(html).toContain('Two for &lt;b&gt;you&lt;/b&gt;')
    expect(html).toContain('Start &lt;script&gt;here&lt;/script&gt;')
    expect(html).not.toContain('<script>here')
    expect(html.indexOf('Guide')).toBeLessThan(html.indexOf('Free map'))
    expect(html).toContain('href="/s/demo/p-1"')
    expect(html).toContain('Free')
    expect(html.match(/data-testid="share-item-buy"/g)).toHaveLength(2)
    expect(html).toContain('background:#123456')
    expect(html).not.toContain('/storefront/assets/entry.js')
  })

  test('says so when no product is on sale any more', () => {
    expect(render(props({ items: [] }))).toContain('not on sale any more')
  })

  test('a slug from a title: lower case, ascii, hyphens; a fallback when nothing is left', () => {
    expect(slugFromTitle('Frühling & Sommer 2027!')).toBe('fruhling-sommer-2027')
    expect(slugFromTitle('★')).toBe('products')
  })
})
