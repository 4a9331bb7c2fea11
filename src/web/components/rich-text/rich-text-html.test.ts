import { describe, expect, test } from 'vitest'
import { isAllowedHref, plainTextOf } from './rich-text-html'

describe('rich text links', () => {
  test('the editor accepts the links the sanitiser keeps', () => {
    for (const url of ['https://example.com/a?b=1', 'http://x.org', 'mailto:nora@example.com', '/s/nora/course', 'page#part', '#top']) {
      expect(isAllowedHref(url)).toBe(true)
    }
  })
  test('the editor refuses other schemes and protocol-relative links, also with hidden control characters', () => {
    for (const url of ['javascript:alert(1)', 'java\tscript:alert(1)', ' data:text/html,x', '//evil.example/x', 'ftp://x.org/file', 'vbscript:x', '']) {
      expect(isAllowedHref(url)).toBe(false)
    }
  })
})

describe('plainTextOf', () => {
  test('drops tags, keeps words apart at block ends and decodes the editor entities', () => {
    expect(plainTextOf('<h2>Intro</h2><p>Salt &amp; <strong>pepper</strong></p><ul><li><p>one</p></li><li><p>two</p></li></ul>')).toBe('Intro Salt & pepper one two')
  })
  test('an empty document has no text', () => expect(plainTextOf('<p></p>')).toBe(''))
})
