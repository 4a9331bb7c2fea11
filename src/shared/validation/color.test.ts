import { expect, test } from 'vitest'
import { isHexColor } from './color'

test('# with 3 or 6 hex digits, in either case, passes', () => {
  for (const value of ['#fff', '#FFF', '#ffc107', '#A0b1C2']) expect(isHexColor(value)).toBe(true)
})
test('# with 2, 4, 5, 7 or 8 digits fails', () => {
  for (const value of ['#ff', '#ffff', '#ffc10', '#ffc1070', '#ffc10780']) expect(isHexColor(value)).toBe(false)
})
test('missing #, a non-hex digit or a colour name fails', () => {
  for (const value of ['ffc107', '#ffc10g', 'red', '#', ' #fff']) expect(isHexColor(value)).toBe(false)
})
