import { expect, test } from 'vitest'
import { parseBoolean } from './boolean'

test("'true' and '1' are true", () => {
  expect(parseBoolean('true')).toBe(true)
  expect(parseBoolean('1')).toBe(true)
})
test("'false' and '0' are false", () => {
  expect(parseBoolean('false')).toBe(false)
  expect(parseBoolean('0')).toBe(false)
})
test('booleans pass through', () => {
  expect(parseBoolean(true)).toBe(true)
  expect(parseBoolean(false)).toBe(false)
})
test("anything else is undefined: 'TRUE', 'yes', '', ' 1', 2, null, undefined", () => {
  for (const value of ['TRUE', 'yes', '', ' 1', 2, 1, null, undefined]) expect(parseBoolean(value)).toBeUndefined()
})
