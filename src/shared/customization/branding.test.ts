import { describe, expect, test } from 'vitest'
import { brandingVariables, contrastRatio, mailFooterLines, normalizeHex, normalizeMailFooter, readableOnWhite, textColorOn } from './branding'

describe('customization colours', () => {
  test('contrast ratios follow WCAG 2: black on white is 21, a colour on itself is 1', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5)
    expect(contrastRatio('#1c7ed6', '#1c7ed6')).toBe(1)
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2)
  })
  test('the text on the primary colour is whichever of white and black reads better, so it always reaches 4.5:1', () => {
    expect(textColorOn('#000080')).toBe('#ffffff')
    expect(textColorOn('#ffc107')).toBe('#000000')
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`
      expect(contrastRatio(hex, textColorOn(hex))).toBeGreaterThanOrEqual(4.5)
    }
  })
  test('an accent colour must read on white at 4.5:1', () => {
    expect(readableOnWhite('#0b5394')).toBe(true)
    expect(readableOnWhite('#ffc107')).toBe(false)
    expect(readableOnWhite('#777777')).toBe(false)
    expect(readableOnWhite('blue')).toBe(false)
  })
  test('short hex is written long and lower case; variables carry only checked colours', () => {
    expect(normalizeHex('#ABC')).toBe('#aabbcc')
    const vars = brandingVariables({ sellerName: 'x', logoUrl: null, primaryColor: '#ffc107', onPrimaryColor: null, accentColor: '#ffff00', mailFooter: null, hideBranding: false })
    expect(vars).toEqual({ '--sf-brand-primary': '#ffc107', '--sf-brand-on-primary': '#000000' })
  })
})

describe('the mail footer', () => {
  test('is plain text: control characters go, line ends are \\n, blank runs and trailing space shrink', () => {
    expect(normalizeMailFooter('  Acme GmbH \r\n\r\n\r\nMain St 1\u0007\u202e\n\n')).toBe('  Acme GmbH\n\nMain St 1')
    expect(normalizeMailFooter(' \n \n')).toBeNull()
    expect(mailFooterLines('a\nb\n\n\nc')).toBe(4)
  })
})
