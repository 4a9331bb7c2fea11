import { describe, expect, test } from 'vitest'
import { pageSettingsSchema } from '../schemas/page-blocks'
import { customCssIssue, scopeCustomCss } from './custom-css'

// Custom CSS (docs/decisions/0068-custom-css.md): scoped under the built page, nothing that loads or runs.

const flat = (css: string) => scopeCustomCss(css).replace(/\s+/g, ' ')

describe('custom CSS', () => {
  test('every selector goes under the page; html, body and :root become the page itself', () => {
    expect(flat('h1, .price > b { color: red }')).toBe('.sf-built h1, .sf-built .price > b { color: red }')
    expect(flat('body { background: #fff } :root{--x:1} html.dark p{color:#000}')).toBe('.sf-built { background: #fff } .sf-built{--x:1} .sf-built.dark p{color:#000}')
    expect(flat('@media (min-width: 768px) { .a { margin: 0 } }')).toBe('@media (min-width: 768px) { .sf-built .a { margin: 0 } }')
  })

  test('scoping twice changes nothing (a saved page is saved again from the editor)', () => {
    const once = scopeCustomCss('a:hover { color: red } @media print { body { display: none } }')
    expect(scopeCustomCss(once)).toBe(once)
  })

  test('keyframes keep their steps; @import, @font-face, comments, url(), expression(), escapes with calls and bindings are dropped', () => {
    const out = flat(`@import "https://evil.example/x.css";
      @font-face { font-family: x; src: url(https://evil.example/f.woff) }
      /* note */
      @keyframes pulse { from { opacity: 0 } to { opacity: 1 } }
      .a { background: url(https://evil.example/p.png); color: red; width: expression(alert(1)); behavior: url(x.htc); -moz-binding: none }
      .b { background-image: \\75 rl(https://evil.example/p.png); content: "\\201C" }
      .c { background: image-set("x.png" 1x) }`)
    expect(out).toBe('@keyframes pulse { from { opacity: 0 } to { opacity: 1 } } .sf-built .a { color: red } .sf-built .b { content: "\\201C" }')
  })

  test('"<" is refused (it could end the style element); broken CSS is read as a browser would, unclosed blocks closed', () => {
    expect(customCssIssue('a { content: "</style><script>alert(1)</script>" }')).toBe('unsafe_css')
    expect(customCssIssue('a { color: red')).toBeNull()
    expect(flat('a { color: red')).toBe('.sf-built a { color: red}')
    expect(flat('}}} a { color: red } {{')).toContain('.sf-built a { color: red }')
  })

  test('the page settings take it scoped, refuse the unsafe and the too long, and keep older documents without it valid', () => {
    expect(pageSettingsSchema.parse({ custom_css: 'p { color: red }' }).custom_css).toBe('.sf-built p { color: red }')
    expect(pageSettingsSchema.safeParse({ custom_css: '</style>' }).error?.issues[0]?.message).toBe('unsafe_css')
    expect(pageSettingsSchema.safeParse({ custom_css: `a{color:red}${' '.repeat(20_000)}` }).error?.issues[0]?.message).toBe('too_long')
    expect(pageSettingsSchema.parse({}).custom_css).toBeUndefined()
  })
})
