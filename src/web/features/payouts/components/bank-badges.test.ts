import { describe, expect, test } from 'vitest'
import { maskIban } from './bank-badges'

// The party's list shows an IBAN by its country and last four characters only.
describe('maskIban', () => {
  test('keeps the country and the last four characters, with or without spaces', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE •••• 3000')
    expect(maskIban('DE89 3704 0044 0532 0130 00')).toBe('DE •••• 3000')
  })
  test('a value too short to mask is shown as it is', () => {
    expect(maskIban('XX00')).toBe('XX00')
  })
})
