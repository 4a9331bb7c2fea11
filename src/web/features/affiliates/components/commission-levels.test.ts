import { describe, expect, test } from 'vitest'
import { createAffiliateProgramInput } from '../../../../shared/schemas/affiliates'
import { addLevel, checkLevels, defaultLevels, levelsInput, parsePercent, removeLevel } from './commission-levels'

describe('commission levels editor (docs/decisions/0048-affiliates.md)', () => {
  test('a new program starts with level 1 at 15 %', () => expect(defaultLevels()).toEqual(['15']))

  test('the live sum adds the levels exactly in hundredths', () => {
    expect(checkLevels(['33.33', '33.33', '33.34'])).toEqual({ total: 100, exceeded: false, invalid: false })
    expect(checkLevels(['0.1', '0.2'])).toEqual({ total: 0.3, exceeded: false, invalid: false })
  })

  test('a sum above 100 is an error; exactly 100 is not', () => {
    expect(checkLevels(['60', '40']).exceeded).toBe(false)
    expect(checkLevels(['60', '40.01']).exceeded).toBe(true)
    expect(checkLevels(['50', '30', '21'])).toMatchObject({ total: 101, exceeded: true })
  })

  test('a level that is not a percent is reported and left out of the sum', () => {
    expect(checkLevels(['10', ''])).toEqual({ total: 10, exceeded: false, invalid: true })
    expect(parsePercent('12,5')).toBe(12.5)
    expect(parsePercent('1.234')).toBeNaN()
    expect(parsePercent('abc')).toBeNaN()
  })

  test('1 to 5 levels: a sixth is not added and level 1 is not removed', () => {
    const five = ['10', '5', '3', '2', '1']
    expect(addLevel(five)).toEqual(five)
    expect(addLevel(['10'])).toEqual(['10', ''])
    expect(removeLevel(['10'], 0)).toEqual(['10'])
    expect(removeLevel(['10', '5', '3'], 1)).toEqual(['10', '3'])
  })

  test('the shared schema agrees with the editor on the sum', () => {
    const base = { name: 'Partners', product_ids: [] }
    expect(createAffiliateProgramInput.safeParse({ ...base, commissions: levelsInput(['60', '40']) }).success).toBe(true)
    expect(createAffiliateProgramInput.safeParse({ ...base, commissions: levelsInput(['60', '40.01']) }).success).toBe(false)
  })
})
