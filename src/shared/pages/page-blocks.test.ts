import { describe, expect, test } from 'vitest'
import { courseVideoFrameSources } from '../schemas/courses'
import { blockKinds, blocksAllowedOn, colorPalette, defaultTextColor, isBlockAllowedOn, pageTypes, productSourcesAllowedOn, type BlockKind, type PageType } from './page-blocks'
import { isAllowedVideoLink, isPageLink, videoEmbedUrl } from './page-links'

// The page type x block matrix as docs/decisions/0059-page-blocks.md reads the reference, every pair named.

const content: BlockKind[] = ['banner', 'text', 'button', 'picture', 'audio_player', 'video', 'file', 'pdf_reader', 'testimonials', 'gap']
const expected: Record<PageType, BlockKind[]> = {
  membership: ['header', 'footer', ...content, 'products'],
  shop: ['header', 'footer', ...content, 'products', 'contact_form', 'conversion_tools'],
  product: ['header', 'footer', ...content, 'products'],
  thank_you_page: ['header', 'footer', ...content, 'thank_you_page', 'products', 'popular_products'],
  course: content,
  funnel: ['header', 'footer', ...content, 'funnel', 'funnel_product'],
  affiliate: ['header', 'footer', ...content, 'affiliate'],
}

describe('the page type x block matrix', () => {
  test('20 block kinds and 7 page types, in the reference\'s words', () => {
    expect(blockKinds).toHaveLength(20)
    expect(new Set(blockKinds).size).toBe(20)
    expect(pageTypes).toEqual(['membership', 'shop', 'product', 'thank_you_page', 'course', 'funnel', 'affiliate'])
  })

  for (const type of pageTypes) {
    for (const kind of blockKinds) {
      const allowed = expected[type].includes(kind)
      test(`${type} ${allowed ? 'permits' : 'refuses'} ${kind}`, () => {
        expect(isBlockAllowedOn(type, kind)).toBe(allowed)
        expect(blocksAllowedOn(type).includes(kind)).toBe(allowed)
      })
    }
  }

  test('a course page has no header or footer; only the shop has the contact form and conversion tools', () => {
    expect(blocksAllowedOn('course')).not.toContain('header')
    expect(blocksAllowedOn('course')).not.toContain('footer')
    expect(pageTypes.filter((t) => isBlockAllowedOn(t, 'contact_form'))).toEqual(['shop'])
    expect(pageTypes.filter((t) => isBlockAllowedOn(t, 'conversion_tools'))).toEqual(['shop'])
  })

  test('products sources: membership products only on a membership page, the page\'s product on a product page', () => {
    expect(productSourcesAllowedOn('membership')).toEqual(['membership_products'])
    expect(productSourcesAllowedOn('shop')).toEqual(['seller_products'])
    expect(productSourcesAllowedOn('product')).toEqual(['product'])
    expect(productSourcesAllowedOn('thank_you_page')).toEqual(['seller_products'])
    for (const type of pageTypes) expect(productSourcesAllowedOn(type).length > 0).toBe(isBlockAllowedOn(type, 'products'))
  })

  test('a palette of 15 distinct hex colours whose default is black', () => {
    expect(colorPalette).toHaveLength(15)
    expect(new Set(colorPalette).size).toBe(15)
    expect(colorPalette[0]).toBe(defaultTextColor)
    expect(defaultTextColor).toBe('#000000')
  })
})

describe('page links', () => {
  test('http(s) addresses and paths of this site pass', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b=1#c', '/s/demo/course', '/']) expect(isPageLink(ok), ok).toBe(true)
  })
  test('other schemes, protocol-relative and hidden schemes are refused', () => {
    for (const bad of [
      'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', ' javascript:alert(1)', 'data:text/html,<script>alert(1)</script>',
      'vbscript:x', 'mailto:a@b.example', '//evil.example', '/\\evil.example', 'https://user:pw@example.com', 'example.com', '', 'https://',
    ]) expect(isPageLink(bad), bad).toBe(false)
  })
  test('videos: only https links of the allowed hosts, embedded from a frame source the app allows', () => {
    const links = ['https://www.youtube.com/watch?v=abc_123', 'https://youtu.be/abc', 'https://vimeo.com/12345', 'https://www.loom.com/share/abc123', 'https://fast.wistia.net/embed/iframe/x1']
    for (const link of links) {
      const embed = videoEmbedUrl(link)
      expect(embed, link).not.toBeNull()
      expect(courseVideoFrameSources).toContain(new URL(embed!).origin)
    }
    for (const bad of ['http://youtube.com/watch?v=a', 'https://evil.example/watch?v=a', 'javascript:alert(1)', 'https://youtube.com:8443/watch?v=a']) {
      expect(isAllowedVideoLink(bad), bad).toBe(false)
      expect(videoEmbedUrl(bad)).toBeNull()
    }
    expect(videoEmbedUrl('https://www.youtube.com/watch?v="><script>')).toBeNull()
  })
})
