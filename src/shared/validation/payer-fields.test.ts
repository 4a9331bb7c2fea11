import { describe, expect, test } from 'vitest'
import { payerFieldsShown, requiredPayerFields } from './payer-fields'

describe('the payer fields a checkout asks (docs/decisions/0042-minimal-checkout-and-legal-texts.md)', () => {
  test('minimal by default: email, names and country required; address and phone not', () => {
    expect(requiredPayerFields({ buyer_information: 'minimal' }, { country_code: 'DE' })).toEqual(['email', 'first_name', 'last_name', 'country_code'])
    expect(payerFieldsShown({ buyer_information: 'minimal' }).main).toEqual(['email', 'first_name', 'last_name', 'country_code'])
  })

  test('a VAT id makes the invoice address required, with the state where the country needs one', () => {
    expect(requiredPayerFields({ buyer_information: 'minimal' }, { country_code: 'AT', vat_id: 'ATU12345678' })).toEqual(['email', 'first_name', 'last_name', 'country_code', 'street', 'street_number', 'zip', 'city'])
    expect(requiredPayerFields({ buyer_information: 'minimal' }, { country_code: 'US', vat_id: 'X1' })).toContain('state')
    expect(requiredPayerFields({ buyer_information: 'minimal' }, { country_code: 'DE', vat_id: '  ' })).not.toContain('street')
  })

  test('full asks every payer the address; the phone follows its own setting', () => {
    expect(requiredPayerFields({ buyer_information: 'full' }, { country_code: 'DE' })).toEqual(['email', 'first_name', 'last_name', 'country_code', 'street', 'street_number', 'zip', 'city'])
    expect(requiredPayerFields({ buyer_information: 'minimal', phone_field: 'optional' }, {})).not.toContain('phone')
    expect(payerFieldsShown({ buyer_information: 'minimal', phone_field: 'optional' }).main).toContain('phone')
    expect(requiredPayerFields({ buyer_information: 'minimal', phone_field: 'required' }, {})).toContain('phone')
    expect(payerFieldsShown({ buyer_information: 'full', phone_field: 'hidden' }).main).not.toContain('phone')
  })
})
