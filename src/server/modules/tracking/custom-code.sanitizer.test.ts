import { describe, expect, test } from 'vitest'
import { isTrackingIdOf } from '../../../shared/tracking-codes'
import { sanitizeCustomCode } from './custom-code.sanitizer'
import { answerTracking, safeReturnPath, widenCsp } from './storefront-tracking'
import type { PageTrackingCode } from './tracking.service'

// The tracking ids' rules by type, the custom code's allow-list, and what one storefront answer carries
// by the payer's consent (docs/decisions/0074-tracking-with-consent.md).

describe('tracking ids by type', () => {
  test.each([
    ['google_analytics', 'UA-12345678-1', true], ['google_analytics', 'G-ABC123', false], ['google_analytics', 'UA-1234', false],
    ['google_analytics_4', 'G-ABC123XYZ9', true], ['google_analytics_4', 'UA-12345678-1', false], ['google_analytics_4', 'g-abc', false],
    ['google_tag_manager', 'GTM-ABC1234', true], ['google_tag_manager', 'G-ABC1234', false], ['google_tag_manager', 'GTM-', false],
    ['facebook_pixel', '1234567890123456', true], ['facebook_pixel', '123456789012345', false], ['facebook_pixel', '12345678901234567', false], ['facebook_pixel', '123456789012345a', false],
    ['tracify', 'a1b2c3d4-e5f6', true], ['tracify', 'a b', false],
    ['custom_tracking_codes', 'anything', false],
  ] as const)('%s %s -> %s', (type, id, ok) => {
    expect(isTrackingIdOf(type, id)).toBe(ok)
  })
})

describe('a custom code', () => {
  test('keeps external https scripts and https pixels (also in noscript) and lists their hosts', () => {
    const out = sanitizeCustomCode(`<!-- tracker -->
      <script async src="https://cdn.tracker.example/t.js?id=1&amp;x=2"></script>
      <noscript><img height="1" width="1" style="display:none" src="https://px.tracker.example/p?id=1" onerror="alert(1)"/></noscript>`)
    expect(out.html).toBe('<script src="https://cdn.tracker.example/t.js?id=1&amp;x=2" async></script>\n<noscript><img src="https://px.tracker.example/p?id=1" width="1" height="1" alt=""></noscript>')
    expect(out.hosts).toEqual(['https://cdn.tracker.example', 'https://px.tracker.example'])
  })

  test('drops inline scripts, other schemes, iframes, styles, handlers, text and unknown tags', () => {
    const out = sanitizeCustomCode(`<script>alert(document.cookie)</script>
      <script src="http://insecure.example/t.js"></script><script src="javascript:alert(1)"></script><script src="//proto.example/x.js"></script>
      <script src="https://user:pw@creds.example/x.js"></script><script src="https://127.0.0.1/x.js"></script>
      <iframe src="https://frame.example"></iframe><style>body{}</style><div onclick="x()">hi</div><img src="data:image/png;base64,AA">
      <svg><script src="https://svg.example/x.js"></script></svg><a href="https://x.example">x</a>`)
    expect(out.html).toBe('<script src="https://svg.example/x.js"></script>')
    expect(out.hosts).toEqual(['https://svg.example'])
    expect(out.dropped).toEqual(expect.arrayContaining(['inline script', 'script with a src that is not https', '<iframe>', '<style>', 'text']))
  })

  test('a script inside noscript is dropped; attribute values are escaped again', () => {
    const out = sanitizeCustomCode('<noscript><script src="https://a.example/x.js"></script></noscript><img src="https://b.example/p?a=&quot;x&quot;">')
    expect(out.html).toBe('<img src="https://b.example/p?a=%22x%22" alt="">')
    expect(out.html).not.toContain('a.example')
  })
})

const code = (over: Partial<PageTrackingCode>): PageTrackingCode => ({
  id: 1, type: 'google_analytics_4', trackingId: 'G-TEST1', consentCategory: 'statistics', code: null, hosts: [], events: ['product_page', 'shop_page'], ...over,
})
const page = { username: 'anna', productId: 7, event: 'product_page' as const, data: { product_id: 7, price: 19.9, currency: 'EUR' } }

describe('one answer by the consent cookie', () => {
  const codes = [
    code({}),
    code({ id: 2, type: 'facebook_pixel', trackingId: '1234567890123456', consentCategory: 'marketing' }),
    code({ id: 3, type: 'custom_tracking_codes', trackingId: null, consentCategory: 'marketing', code: '<script src="https://c.example/x.js"></script>', hosts: ['https://c.example'] }),
    code({ id: 4, events: ['success_page'] }),
  ]

  test('before a choice: the banner asks for the categories the codes need, nothing is consented, the CSP stays', () => {
    const answer = answerTracking(codes, page, undefined)!
    expect(answer).toMatchObject({ chosen: false, needed: [3, 4], consented: [], config: null, customHtml: [] })
    expect(answer.csp).toEqual({ script: [], connect: [], img: [], frame: [] })
  })

  test('statistics only: exactly the analytics code with its hosts and the event', () => {
    const answer = answerTracking(codes, page, '1,3')!
    expect(answer.consented.map((c) => c.id)).toEqual([1])
    expect(answer.config).toEqual({ event: { event: 'product_page', product_id: 7, price: 19.9, currency: 'EUR' }, codes: [{ id: 1, type: 'google_analytics_4', tracking_id: 'G-TEST1' }] })
    expect(answer.csp.script).toEqual(['https://www.googletagmanager.com'])
    expect(answer.csp.script.join()).not.toContain('facebook')
  })

  test('all: the pixel and the custom code too (its hosts in the CSP); a code for another event never', () => {
    const answer = answerTracking(codes, page, 'all')!
    expect(answer.consented.map((c) => c.id)).toEqual([1, 2, 3])
    expect(answer.customHtml).toEqual(['<script src="https://c.example/x.js"></script>'])
    expect(answer.csp.script).toEqual(['https://c.example', 'https://connect.facebook.net', 'https://www.googletagmanager.com'])
  })

  test('necessary only: chosen, nothing consented; a page without codes for its event has nothing at all', () => {
    expect(answerTracking(codes, page, '1')).toMatchObject({ chosen: true, consented: [], config: null })
    expect(answerTracking(codes, { ...page, event: 'funnel_page' }, 'all')).toBeNull()
  })
})

describe('the CSP and the way back', () => {
  test('hosts are added to their directives; a missing directive starts from self', () => {
    const csp = "default-src 'self';script-src 'self';img-src 'self' data: blob:;connect-src 'self'"
    expect(widenCsp(csp, { script: ['https://a.example'], connect: ['https://b.example'], img: [], frame: ['https://f.example'] }))
      .toBe("default-src 'self';script-src 'self' https://a.example;img-src 'self' data: blob:;connect-src 'self' https://b.example;frame-src 'self' https://f.example")
  })

  test('only paths of this site', () => {
    expect(safeReturnPath('/s/anna/book?x=1')).toBe('/s/anna/book?x=1')
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', '', null, 'javascript:alert(1)']) expect(safeReturnPath(bad)).toBe('/')
  })
})
