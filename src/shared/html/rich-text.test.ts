import { describe, expect, test } from 'vitest'
import { isAllowedHref, isRichText, plainTextOf, richTextOf } from './rich-text'

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
  test('drops tags, keeps paragraphs apart, lists items and links, decodes the editor entities', () => {
    expect(plainTextOf('<h2>Intro</h2><p>Salt &amp; <strong>pepper</strong><br>next</p><ul><li><p>one</p></li><li><p>two</p></li></ul><p><a href="https://x.org/?a=1&amp;b=2">the shop</a> or <a href="https://x.org">https://x.org</a></p>'))
      .toBe('Intro\n\nSalt & pepper\nnext\n\n- one\n- two\n\nthe shop (https://x.org/?a=1&b=2) or https://x.org')
  })
  test('an empty document has no text', () => expect(plainTextOf('<p></p>')).toBe(''))
})

describe('isRichText', () => {
  test('the editor output is rich text, older plain text is not', () => {
    expect(isRichText('<p>Hello {first_name}</p>')).toBe(true)
    expect(isRichText('<h2>Welcome</h2><p>x</p>')).toBe(true)
    expect(isRichText('Hello {first_name},\n\nthanks')).toBe(false)
    expect(isRichText('<3 thanks')).toBe(false)
  })
})

describe('richTextOf', () => {
  test('older plain text opens in the editor as paragraphs with its line breaks, escaped', () => {
    expect(richTextOf('Hi {first_name},\nthanks <3\n\nSee you')).toBe('<p>Hi {first_name},<br>thanks &lt;3</p><p>See you</p>')
    expect(richTextOf('<p>Already HTML</p>')).toBe('<p>Already HTML</p>')
    expect(richTextOf('  ')).toBe('')
  })
})
