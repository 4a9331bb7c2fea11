import { describe, expect, test } from 'vitest'
import { findWireReferences, formatWireReference, isValidWireReference, wireReferencePattern } from './wire-reference'

describe('wire references', () => {
  test('SF-, two groups of four Crockford characters and two check digits', () => {
    const reference = formatWireReference(new Uint8Array([1, 2, 3, 4, 5, 6, 7]))
    expect(reference).toMatch(wireReferencePattern)
    expect(isValidWireReference(reference)).toBe(true)
    expect(formatWireReference(new Uint8Array(7).fill(255))).toMatch(/^SF-ZZZZZ-ZZZZZ-\d{2}$/)
  })

  test('one changed character or two swapped ones fail the check', () => {
    const reference = formatWireReference(new Uint8Array([9, 200, 31, 77, 140, 3, 99]))
    const chars = [...reference]
    for (const i of [3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 15, 16]) {
      for (const c of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
        if (c === chars[i]) continue
        const typo = [...chars]
        typo[i] = c
        expect(isValidWireReference(typo.join(''))).toBe(false)
      }
    }
    for (const [a, b] of [[3, 4], [5, 6], [6, 7], [9, 10], [11, 12], [12, 13]] as const) {
      if (chars[a] === chars[b]) continue
      const swapped = [...chars]
      swapped[a] = chars[b] as string
      swapped[b] = chars[a] as string
      expect(isValidWireReference(swapped.join(''))).toBe(false)
    }
  })

  test('found in remittance text whatever the bank did to it', () => {
    const reference = formatWireReference(new Uint8Array([1, 2, 3, 4, 5, 6, 7]))
    const spaced = `Order ${reference.toLowerCase().replace(/-/g, ' ')} thanks`
    expect(findWireReferences(spaced)).toEqual([reference])
    expect(findWireReferences(`INV/${reference.slice(0, 9)}\n${reference.slice(9)}`)).toEqual([reference])
    expect(findWireReferences(reference.replace(/-/g, '').replace(/0/g, 'O'))).toEqual([reference])
  })

  test('a reference with wrong check digits, or none at all, is not found', () => {
    const reference = formatWireReference(new Uint8Array([1, 2, 3, 4, 5, 6, 7]))
    const wrong = reference.slice(0, 15) + String((Number(reference.slice(15)) + 1) % 100).padStart(2, '0')
    expect(findWireReferences(`pay ${wrong}`)).toEqual([])
    expect(findWireReferences('Rent November')).toEqual([])
  })
})
