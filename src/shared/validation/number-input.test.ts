import { describe, expect, test } from 'vitest'
import { clampFloatInput, clampNumberInput } from './number-input'

describe('float field', () => {
  test('2 fraction digits by default: a third is cut off while typing', () => {
    expect(clampFloatInput('12.34', {}, 'change')).toBe('12.34')
    expect(clampFloatInput('12.345', {}, 'change')).toBe('12.34')
  })
  test('maxFractionDigits 0 and 3 are honoured', () => {
    expect(clampFloatInput('12.3', { maxFractionDigits: 0 }, 'change')).toBe('12')
    expect(clampFloatInput('1.2345', { maxFractionDigits: 3 }, 'change')).toBe('1.234')
  })
  test('a comma is read as the decimal separator', () => {
    expect(clampFloatInput('12,5', {}, 'change')).toBe('12.5')
  })
  test('half-typed values stand while typing: "1.", "-", "."', () => {
    expect(clampFloatInput('1.', {}, 'change')).toBe('1.')
    expect(clampFloatInput('-', {}, 'change')).toBe('-')
    expect(clampFloatInput('.', {}, 'change')).toBe('.')
  })
  test('text that is no number becomes empty', () => {
    expect(clampFloatInput('12a', {}, 'change')).toBe('')
    expect(clampFloatInput('1e3', {}, 'change')).toBe('')
    expect(clampFloatInput('1.2.3', {}, 'change')).toBe('')
  })
  test('a value equal to max stands; above max it clamps to max, while typing and on blur', () => {
    expect(clampFloatInput('100', { max: 100 }, 'change')).toBe('100')
    expect(clampFloatInput('100.01', { max: 100 }, 'change')).toBe('100')
    expect(clampFloatInput('250', { max: 100 }, 'blur')).toBe('100')
  })
  test('below min stands while typing (the user may be typing "15" towards min 10)', () => {
    expect(clampFloatInput('1', { min: 10 }, 'change')).toBe('1')
  })
  test('on blur, a value at or below min becomes min; just above min stands', () => {
    expect(clampFloatInput('9.99', { min: 10 }, 'blur')).toBe('10')
    expect(clampFloatInput('10.00', { min: 10 }, 'blur')).toBe('10')
    expect(clampFloatInput('10.01', { min: 10 }, 'blur')).toBe('10.01')
  })
  test('on blur, empty becomes min unless allowEmptyValue', () => {
    expect(clampFloatInput('', { min: 1 }, 'blur')).toBe('1')
    expect(clampFloatInput('', { min: 1, allowEmptyValue: true }, 'blur')).toBe('')
  })
  test('on blur, empty without min becomes 0 unless allowEmptyValue', () => {
    expect(clampFloatInput('', {}, 'blur')).toBe('0')
    expect(clampFloatInput('  ', { allowEmptyValue: true }, 'blur')).toBe('')
  })
  test('while typing, empty stays empty even without allowEmptyValue', () => {
    expect(clampFloatInput('', { min: 1 }, 'change')).toBe('')
  })
  test('on blur, a trailing separator is dropped and a lone "-" settles like empty', () => {
    expect(clampFloatInput('5.', {}, 'blur')).toBe('5')
    expect(clampFloatInput('-', { min: 0 }, 'blur')).toBe('0')
  })
  test('negative values pass where min allows them', () => {
    expect(clampFloatInput('-5.5', { min: -10 }, 'blur')).toBe('-5.5')
    expect(clampFloatInput('-15', { min: -10 }, 'blur')).toBe('-10')
  })
})

describe('number field', () => {
  test('non-integer input becomes empty', () => {
    for (const value of ['1.5', '1,5', 'abc', '1e3', '12a']) expect(clampNumberInput(value, {}, 'change')).toBe('')
  })
  test('default range is the number field 1 to 1000000: 1000000 stands, 1000001 clamps', () => {
    expect(clampNumberInput('1000000', {}, 'change')).toBe('1000000')
    expect(clampNumberInput('1000001', {}, 'change')).toBe('1000000')
  })
  test('above max clamps to max, while typing and on blur', () => {
    expect(clampNumberInput('11', { max: 10 }, 'change')).toBe('10')
    expect(clampNumberInput('99', { max: 10 }, 'blur')).toBe('10')
  })
  test('on blur, at or below min becomes min; min + 1 stands', () => {
    expect(clampNumberInput('0', { min: 1 }, 'blur')).toBe('1')
    expect(clampNumberInput('1', { min: 1 }, 'blur')).toBe('1')
    expect(clampNumberInput('2', { min: 1 }, 'blur')).toBe('2')
  })
  test('below min stands while typing', () => {
    expect(clampNumberInput('0', { min: 1 }, 'change')).toBe('0')
  })
  test('on blur, non-integer input settles to min unless allowEmptyValue', () => {
    expect(clampNumberInput('1.5', { min: 5 }, 'blur')).toBe('5')
    expect(clampNumberInput('1.5', { min: 5, allowEmptyValue: true }, 'blur')).toBe('')
  })
  test('on blur, leading zeros are dropped', () => {
    expect(clampNumberInput('007', {}, 'blur')).toBe('7')
  })
  test('a lone "-" stands while typing only where negatives are allowed', () => {
    expect(clampNumberInput('-', { min: -5 }, 'change')).toBe('-')
    expect(clampNumberInput('-', {}, 'change')).toBe('')
    expect(clampNumberInput('-3', { min: -5 }, 'blur')).toBe('-3')
  })
  test('a huge number clamps to max', () => {
    expect(clampNumberInput('99999999999999999999999', {}, 'change')).toBe('1000000')
  })
})
