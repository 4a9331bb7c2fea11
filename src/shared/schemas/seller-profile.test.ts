import { describe, expect, test } from 'vitest'
import {
  isSellerProfileComplete, regionRequired, sellerProfileDraft, sellerProfileInput, sellerProfileMissingFields, type SellerProfile,
} from './seller-profile'

const natural: SellerProfile = {
  business_type: 'natural', vat_payer: 'liable', salutation: 'mrs', first_name: 'Anna', last_name: 'Berg', phone: '+49 30 1234567',
  street: 'Hauptstraße', zip: '10115', city: 'Berlin', country_code: 'DE', birthday: '01.02.1990',
  tax_number_type: 'number', tax_number: '21/815/08150', tax_number_country: 'DE',
}
const entity: SellerProfile = { ...natural, business_type: 'entity', company: 'Acme GmbH' }

describe('required profile fields (docs/reference/accounts-and-orders.md §5)', () => {
  test('a natural person with every required field is complete', () => {
    expect(sellerProfileMissingFields(natural)).toEqual([])
    expect(isSellerProfileComplete(natural)).toBe(true)
  })

  test('each of businessType, phone, vatPayer, city, countryCode, firstName, lastName, street, zip is required', () => {
    for (const field of ['business_type', 'phone', 'vat_payer', 'city', 'country_code', 'first_name', 'last_name', 'street', 'zip'] as const) {
      const { [field]: _dropped, ...rest } = natural
      expect(sellerProfileMissingFields(rest), field).toContain(field)
      expect(isSellerProfileComplete(rest), field).toBe(false)
    }
  })

  test('streetNumber is not required', () => {
    expect(isSellerProfileComplete({ ...natural, street_number: undefined })).toBe(true)
  })

  test('birthday, tax number or identification number and its issuance country are required', () => {
    for (const field of ['birthday', 'tax_number_type', 'tax_number', 'tax_number_country'] as const) {
      const { [field]: _dropped, ...rest } = natural
      expect(sellerProfileMissingFields(rest), field).toEqual([field])
    }
    expect(isSellerProfileComplete({ ...natural, tax_number_type: 'identification_number', tax_number: '12345678901' })).toBe(true)
  })

  test('an empty string counts as missing', () => {
    expect(sellerProfileMissingFields({ ...natural, city: '  ' })).toEqual(['city'])
  })

  test('vatExemptReason is required when the seller is VAT exempt', () => {
    expect(sellerProfileMissingFields({ ...natural, vat_payer: 'exempt' })).toEqual(['vat_exempt_reason'])
    expect(isSellerProfileComplete({ ...natural, vat_payer: 'exempt', vat_exempt_reason: 'small_business' })).toBe(true)
  })

  test('entities also need company', () => {
    expect(sellerProfileMissingFields({ ...entity, company: undefined })).toEqual(['company'])
    expect(isSellerProfileComplete(entity)).toBe(true)
  })

  test('entities outside the home country need a region; in the home country they do not', () => {
    expect(sellerProfileMissingFields({ ...entity, country_code: 'AT' })).toEqual(['region'])
    expect(isSellerProfileComplete({ ...entity, country_code: 'AT', region: 'Wien' })).toBe(true)
    expect(regionRequired({ ...entity, country_code: 'DE' })).toBe(false)
    expect(regionRequired({ ...entity, country_code: 'DE' }, 'AT')).toBe(true)
    expect(regionRequired({ ...natural, country_code: 'AT' })).toBe(false)
  })

  test('US, CA, MX and IN need a region (state or province) for everyone (docs/reference/readings.md 22)', () => {
    for (const country of ['US', 'CA', 'MX', 'IN'] as const) {
      expect(sellerProfileMissingFields({ ...natural, country_code: country }), country).toEqual(['region'])
    }
  })

  test('an invalid stored field makes the profile incomplete', () => {
    expect(isSellerProfileComplete({ ...natural, birthday: '01.02.2020' })).toBe(false)
    expect(isSellerProfileComplete(null)).toBe(false)
  })
})

describe('sellerProfileDraft and sellerProfileInput', () => {
  test('the draft accepts a partial profile and refuses unknown keys', () => {
    expect(sellerProfileDraft.safeParse({ first_name: 'Anna' }).success).toBe(true)
    expect(sellerProfileDraft.safeParse({ first_name: 'Anna', admin: true }).success).toBe(false)
  })

  test('present fields are checked: phone, birthday at least 18, VAT id, country code', () => {
    const issues = (value: Record<string, unknown>) => sellerProfileDraft.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues({ phone: 'call me' })).toEqual([['phone', 'invalid_phone']])
    expect(issues({ birthday: '1990-02-01' })).toEqual([['birthday', 'invalid_date']])
    expect(issues({ birthday: '01.01.2020' })).toEqual([['birthday', 'invalid_birthday']])
    expect(issues({ vat_id: 'DE1234' })).toEqual([['vat_id', 'wrong_vat']])
    expect(issues({ country_code: 'de' })).toEqual([['country_code', 'invalid_country']])
    expect(issues({ salutation: 'sir' })).toEqual([['salutation', 'invalid_value']])
    expect(issues({ city: '<script>x</script>' })).toEqual([['city', 'script_tag']])
  })

  test('the full input names each missing required field as required', () => {
    const result = sellerProfileInput.safeParse({ business_type: 'entity', vat_payer: 'exempt' })
    const paths = result.error?.issues.map((i) => i.path.join('.'))
    expect(paths).toEqual(expect.arrayContaining(['company', 'vat_exempt_reason', 'first_name', 'phone', 'tax_number']))
    expect(result.error?.issues.every((i) => i.message === 'required')).toBe(true)
    expect(sellerProfileInput.safeParse(natural).success).toBe(true)
  })
})
