import { describe, expect, test } from 'vitest'
import { certificateSerialPattern, formatCertificateSerial, normalizeCertificateSerial } from './certificates'

describe('certificate serials', () => {
  test('a serial is SF- and three groups of four Crockford base32 characters, from 12 random bytes', () => {
    const serial = formatCertificateSerial(Uint8Array.from({ length: 12 }, (_, i) => i * 37))
    expect(serial).toMatch(certificateSerialPattern)
    expect(formatCertificateSerial(new Uint8Array(12).fill(255))).toBe('SF-ZZZZ-ZZZZ-ZZZZ')
    expect(() => formatCertificateSerial(new Uint8Array(11))).toThrow()
  })

  test('every byte value maps into the alphabet: no I, L, O or U ever appears', () => {
    for (let b = 0; b < 256; b++) expect(formatCertificateSerial(new Uint8Array(12).fill(b))).toMatch(certificateSerialPattern)
  })

  test('a serial typed by a person is read back: case, spaces, O for 0, I or L for 1, a missing dash after SF', () => {
    expect(normalizeCertificateSerial(' sf-ab1o-x2l9-zzzz ')).toBe('SF-AB10-X219-ZZZZ')
    expect(normalizeCertificateSerial('SFAB10-X219-ZZZZ')).toBe('SF-AB10-X219-ZZZZ')
  })
})
