import { describe, expect, test } from 'vitest'
import { productForms } from './product-forms'
import { clampStep, lastStep, stepFromQuery, stepKeyAt, stepNumber, stepQuery, wizardStepKeys, wizardSteps } from './wizard'

describe('wizard steps per form (docs/reference/catalogue-and-selling.md §2 table)', () => {
  test.each([
    ['digital', ['product_details', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['download', ['product_details', 'file_upload', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['course', ['product_details', 'content', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['membership', ['product_details', 'products', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['bundle', ['product_details', 'products', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['eventTickets', ['product_details', 'tickets_details', 'design', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['licenseKey', ['product_details', 'add_license_keys', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
    ['certificate', ['product_details', 'keys_details', 'design', 'checkout', 'market_upsell', 'delivery', 'pages', 'advanced']],
  ] as const)('%s', (form, expected) => {
    expect(wizardSteps(form)).toEqual(expected)
    expect(lastStep(form)).toBe(expected.length)
  })
  test('digital has 6 steps; event tickets and certificates 8; the rest 7', () => {
    expect(productForms.map((form) => [form, lastStep(form)])).toEqual([
      ['digital', 6], ['download', 7], ['course', 7], ['membership', 7], ['bundle', 7], ['eventTickets', 8], ['licenseKey', 7], ['certificate', 8],
    ])
  })
  test('every step key is used by some form', () => {
    const used = new Set(productForms.flatMap((form) => [...wizardSteps(form)]))
    expect([...wizardStepKeys].filter((key) => !used.has(key))).toEqual([])
  })
})

describe('step numbers', () => {
  test('stepNumber is 1-based; a step the form does not have is undefined', () => {
    expect(stepNumber('digital', 'product_details')).toBe(1)
    expect(stepNumber('digital', 'checkout')).toBe(2)
    expect(stepNumber('eventTickets', 'design')).toBe(3)
    expect(stepNumber('certificate', 'advanced')).toBe(8)
    expect(stepNumber('digital', 'file_upload')).toBeUndefined()
  })
  test('stepKeyAt is the inverse; outside 1..last is undefined', () => {
    for (const form of productForms) {
      wizardSteps(form).forEach((key, index) => {
        expect(stepKeyAt(form, index + 1)).toBe(key)
        expect(stepNumber(form, key)).toBe(index + 1)
      })
    }
    expect(stepKeyAt('digital', 0)).toBeUndefined()
    expect(stepKeyAt('digital', 7)).toBeUndefined()
    expect(stepKeyAt('digital', 1.5)).toBeUndefined()
  })
})

describe('?step= (docs/reference/readings.md 15)', () => {
  test('a step beyond the last clamps to the last', () => {
    expect(clampStep('digital', 8)).toBe(6)
    expect(clampStep('eventTickets', 8)).toBe(8)
    expect(clampStep('eventTickets', 9)).toBe(8)
    expect(clampStep('course', 100)).toBe(7)
  })
  test('below 1 or not whole is step 1', () => {
    expect(clampStep('course', 0)).toBe(1)
    expect(clampStep('course', -3)).toBe(1)
    expect(clampStep('course', 2.5)).toBe(1)
    expect(clampStep('course', Number.NaN)).toBe(1)
  })
  test('step 1 has no query; 2..last are the number', () => {
    expect(stepQuery('digital', 1)).toBeUndefined()
    expect(stepQuery('digital', 2)).toBe(2)
    expect(stepQuery('digital', 6)).toBe(6)
    expect(stepQuery('digital', 8)).toBe(6)
  })
  test('reading the query: none is step 1, a number is clamped, anything else is step 1', () => {
    expect(stepFromQuery('course', undefined)).toBe(1)
    expect(stepFromQuery('course', null)).toBe(1)
    expect(stepFromQuery('course', '3')).toBe(3)
    expect(stepFromQuery('course', 3)).toBe(3)
    expect(stepFromQuery('course', '8')).toBe(7)
    expect(stepFromQuery('course', '99999999999999999999')).toBe(7)
    for (const junk of ['', 'abc', '2.5', '-2', '0x3', '1e1']) expect(stepFromQuery('course', junk)).toBe(1)
  })
})
