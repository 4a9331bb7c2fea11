import { describe, expect, test } from 'vitest'
import { ibanToElectronicFormat, isBic, isIban } from './bank'

describe('BIC', () => {
  test('BIC of 8 characters passes', () => {
    expect(isBic('DEUTDEFF')).toBe(true)
  })
  test('BIC of 11 characters passes', () => {
    expect(isBic('DEUTDEFF500')).toBe(true)
    expect(isBic('NEDSZAJJXXX')).toBe(true)
  })
  test('BIC of 7, 9, 10 or 12 characters fails', () => {
    for (const value of ['DEUTDEF', 'DEUTDEFF5', 'DEUTDEFF50', 'DEUTDEFF5000']) expect(isBic(value)).toBe(false)
  })
  test('BIC in lowercase passes', () => {
    expect(isBic('deutdeff')).toBe(true)
  })
  test('BIC with a space or a hyphen fails', () => {
    expect(isBic('DEUT DEFF')).toBe(false)
    expect(isBic('DEUT-DEFF')).toBe(false)
  })
  test('BIC with an unknown country part or a digit in the bank code fails', () => {
    expect(isBic('DEUTXXFF')).toBe(false)
    expect(isBic('ABN4NL2A')).toBe(false)
  })
})

describe('IBAN', () => {
  test('IBAN in electronic format passes', () => {
    expect(isIban('DE89370400440532013000')).toBe(true)
    expect(isIban('NL91ABNA0417164300')).toBe(true)
  })
  test('IBAN printed with spaces, in lowercase, passes', () => {
    expect(isIban('DE89 3704 0044 0532 0130 00')).toBe(true)
    expect(isIban('de89 3704 0044 0532 0130 00')).toBe(true)
  })
  test('IBAN with a wrong check digit fails', () => {
    expect(isIban('DE88370400440532013000')).toBe(false)
  })
  test('IBAN one character short or long for its country fails', () => {
    expect(isIban('DE8937040044053201300')).toBe(false)
    expect(isIban('DE893704004405320130000')).toBe(false)
  })
  test('empty and non-IBAN text fail', () => {
    expect(isIban('')).toBe(false)
    expect(isIban('not an iban')).toBe(false)
  })
  test('electronic format drops spaces and uppercases', () => {
    expect(ibanToElectronicFormat('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300')
  })
})
