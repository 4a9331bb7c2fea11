import { describe, expect, test } from 'vitest'
import { sanitizeHtml } from './html-sanitizer'

describe('lesson HTML sanitiser (allow-list)', () => {
  test('script and style elements are removed with their content', () => {
    expect(sanitizeHtml('<p>Hi</p><script>alert(1)</script><style>p{}</style><SCRIPT src=x></SCRIPT>!')).toBe('<p>Hi</p>!')
  })

  test('event handlers, style attributes and javascript: links are removed; safe links keep href and get rel', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)"><p onclick="x()" style="color:red">a</p>')).toBe('<p>a</p>')
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a><a href="java&#x09;script:alert(1)">y</a>')).toBe('<a>x</a><a>y</a>')
    expect(sanitizeHtml('<a href="https://example.com/?a=1&amp;b=2" target="_blank" onmouseover="x">go</a>'))
      .toBe('<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">go</a>')
  })

  test('comments, unknown tags and broken markup become inert text; unclosed tags are closed', () => {
    expect(sanitizeHtml('<!-- x --><iframe src="//evil"></iframe><custom>text</custom> 1 < 2 &lt;script&gt;<b>bold'))
      .toBe('text 1 &lt; 2 &lt;script&gt;<b>bold</b>')
    expect(sanitizeHtml('<ul><li>one<li>two</ul>')).toBe('<ul><li>one<li>two</li></li></ul>')
  })
})
