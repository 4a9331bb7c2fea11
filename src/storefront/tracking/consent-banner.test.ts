import { describe, expect, test } from 'vitest'
import { consentHtml, type ConsentHtmlInput } from './consent-banner'

// The storefront's consent banner and the consented tracking (docs/decisions/0074-tracking-with-consent.md).

const base: ConsentHtmlInput = { returnTo: '/s/anna/book?x="1"&y=<2>', chosen: false, accepted: [1], needed: [3], config: null, loaderSrc: '/storefront/assets/tracking-loader-x.js', customHtml: [] }

describe('the consent banner', () => {
  test('before a choice: a form to /storefront/consent with the page to return to (escaped) and only the categories the codes need', () => {
    const html = consentHtml(base)
    expect(html).toContain('data-testid="consent-banner"')
    expect(html).toContain('<form method="post" action="/storefront/consent"')
    expect(html).toContain('value="/s/anna/book?x=&quot;1&quot;&amp;y=&lt;2&gt;"')
    expect(html).toContain('name="categories" value="3"')
    expect(html).not.toContain('value="4"')
    expect(html).toMatch(/value="1" checked disabled/)
    expect(html).not.toContain('<script')
  })

  test('after a choice: the footer\'s cookie settings; the loader and its config only with consented codes', () => {
    const chosen = consentHtml({ ...base, chosen: true, accepted: [1, 3] })
    expect(chosen).toContain('data-testid="consent-settings"')
    expect(chosen).not.toContain('consent-banner')
    expect(chosen).not.toContain('<script')
    const consented = consentHtml({
      ...base, chosen: true, accepted: [1, 3], config: { event: { event: 'product_page', product_name: '</script><script>x()' }, codes: [{ id: 1, type: 'google_analytics_4', tracking_id: 'G-X1' }] },
      customHtml: ['<script src="https://c.example/x.js"></script>'],
    })
    expect(consented).toContain('<script type="application/json" id="sf-tracking">{"event":{"event":"product_page","product_name":"\\u003c/script\\u003e\\u003cscript\\u003ex()"}')
    expect(consented).toContain('<script type="module" src="/storefront/assets/tracking-loader-x.js"></script>')
    expect(consented.endsWith('<script src="https://c.example/x.js"></script>')).toBe(true)
  })

  test('German texts for a German payer', () => {
    const german = consentHtml({ ...base, lang: 'de' })
    expect(german).toContain('Alle akzeptieren')
    expect(german).toContain('<strong>Statistik</strong>')
  })
})
