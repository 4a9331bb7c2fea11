import { describe, expect, test } from 'vitest'
import {
  isProductForm, productCategories, productFormOfType, productForms, productTypeOfForm, productTypes, zProductCategory, zProductForm,
} from './product-forms'

describe('product forms, types and categories (docs/reference/catalogue-and-selling.md §1 and §3)', () => {
  test('the eight forms', () => {
    expect([...productForms]).toEqual(['digital', 'download', 'course', 'membership', 'bundle', 'eventTickets', 'licenseKey', 'certificate'])
  })
  test('the eight types, the digital form being a service and event tickets an event', () => {
    expect([...productTypes].sort()).toEqual(['bundle', 'certificate', 'course', 'download', 'event', 'license_key', 'membership', 'service'])
    expect(productTypeOfForm.digital).toBe('service')
    expect(productTypeOfForm.eventTickets).toBe('event')
    expect(productTypeOfForm.licenseKey).toBe('license_key')
  })
  test('each form has its own type and back', () => {
    expect(new Set(Object.values(productTypeOfForm)).size).toBe(productForms.length)
    for (const form of productForms) expect(productFormOfType(productTypeOfForm[form])).toBe(form)
    expect(productFormOfType('toString')).toBeUndefined()
  })
  test('the ten categories', () => {
    expect([...productCategories]).toEqual([
      'e_book', 'music_files', 'coaching', 'membership', 'book', 'online_course', 'online_course_live', 'event', 'certificate', 'license_code',
    ])
  })
  test('schemas answer with message keys', () => {
    expect(isProductForm('eventTickets')).toBe(true)
    expect(isProductForm('event_tickets')).toBe(false)
    expect(zProductForm.safeParse(undefined).error?.issues[0]?.message).toBe('required')
    expect(zProductCategory.safeParse('ebook').error?.issues[0]?.message).toBe('invalid_value')
  })
})
