import { describe, expect, test } from 'vitest'
import { escapeHtml, safeHref, serializeJsonForScript } from './escape'

describe('props and JSON-LD in script elements', () => {
  test('no </script>, <!-- or line separator survives, and JSON.parse reads the value back unchanged', () => {
    const value = { name: '</script><script>alert(1)</script>', comment: '<!-- x -->', amp: 'a & b > c', lines: 'one\u2028two\u2029three' }
    const json = serializeJsonForScript(value)
    expect(json).not.toMatch(/[<>&\u2028\u2029]/)
    expect(JSON.parse(json)).toEqual(value)
  })

  test('attribute values escape both quotes and angle brackets', () => {
    expect(escapeHtml(`"><img src=x onerror='y'>&`)).toBe('&quot;&gt;&lt;img src=x onerror=&#39;y&#39;&gt;&amp;')
  })

  test('a link only goes to http(s) or a path of this site', () => {
    expect(safeHref('https://example.test/thanks')).toBe('https://example.test/thanks')
    expect(safeHref('/s/demo')).toBe('/s/demo')
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref(' JavaScript:alert(1)')).toBeNull()
    expect(safeHref('//evil.test')).toBeNull()
    expect(safeHref('data:text/html,x')).toBeNull()
    expect(safeHref(null)).toBeNull()
  })
})
