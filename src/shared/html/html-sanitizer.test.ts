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

  test('what the rich text editor writes passes unchanged (docs/decisions/0043-editor-uploads-and-confirmations.md)', () => {
    const written = '<h2>Intro</h2><p>Read <strong>this</strong>, <em>that</em>, <u>these</u>, <s>not this</s> and <code>npm start</code>.<br>Next line</p>'
      + '<ul><li><p>one</p></li><li><p>two</p></li></ul><ol><li><p>first</p></li></ol><blockquote><p>Quoted</p></blockquote><hr>'
      + '<h3>More</h3><h4>Small</h4><p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">a link</a> and &lt;tags&gt; as text</p>'
    expect(sanitizeHtml(written)).toBe(written.replace('<a target="_blank" rel="noopener noreferrer nofollow" href="https://example.com/a?b=1&amp;c=2">', '<a target="_blank" href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">'))
  })
})
