import { describe, expect, test } from 'vitest'
import { answerBytes, prepareHtml } from './storefront'

// A rendered page is split once around its markers and answered many times (src/server/plugins/storefront.ts).
const key = 'sf00000000-idempotency-key-marker'
const affiliate = 'sf00000000-affiliate-token-marker'

describe('a prepared page', () => {
  test('every answer has one fresh key for all its key markers and the visitor\'s token for the attribution marker', () => {
    const page = prepareHtml(`<p>é ${key}</p><input value="${key}"><input value="${affiliate}">`)
    expect(page.attributable).toBe(true)
    const first = answerBytes(page, 'tok_1').toString()
    const second = answerBytes(page, '').toString()
    const keys = (html: string) => [...html.matchAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g)].map((m) => m[0])
    expect(keys(first)).toHaveLength(2)
    expect(new Set(keys(first)).size).toBe(1)
    expect(keys(second)[0]).not.toBe(keys(first)[0])
    expect(first).toMatch(/^<p>é [0-9a-f-]{36}<\/p><input value="[0-9a-f-]{36}"><input value="tok_1">$/)
    expect(second.endsWith('<input value="">')).toBe(true)
    expect(first).not.toContain('sf00000000')
  })

  test('a page without markers is answered as it is', () => {
    const page = prepareHtml('<p>plain</p>')
    expect(page.attributable).toBe(false)
    expect(answerBytes(page, 'tok_1').toString()).toBe('<p>plain</p>')
  })
})
