import { describe, expect, test } from 'vitest'
import { cancellationTermsTranslationsInput, localizedCancellationTerms } from './checkout-settings'
import { deliveryTranslationsInput, localizedDeliveryMail, productDeliveryInput } from './delivery'

// The custom delivery mail's and the cancellation terms' texts per language (docs/decisions/0095-product-translations.md):
// locale keys only, the base fields' rules, each text falling back to the base text on its own.

describe('the custom delivery mail', () => {
  const base = { subject: 'Your {product_name}', body: 'Thanks.' }
  const stored = { pl: { custom_subject: 'Twój {product_name}', custom_body: 'Dziękujemy.' }, de: { custom_subject: 'Ihr {product_name}' }, fr: { custom_subject: '  ' } }
  test('the order\'s language, text by text, else the base', () => {
    expect(localizedDeliveryMail(base, stored, 'pl')).toEqual({ subject: 'Twój {product_name}', body: 'Dziękujemy.' })
    expect(localizedDeliveryMail(base, stored, 'de')).toEqual({ subject: 'Ihr {product_name}', body: 'Thanks.' })
    expect(localizedDeliveryMail(base, stored, 'fr')).toEqual(base)
    expect(localizedDeliveryMail(base, stored, 'it')).toEqual(base)
    expect(localizedDeliveryMail(base, stored, null)).toEqual(base)
    expect(localizedDeliveryMail(base, stored, 'xx')).toEqual(base)
    expect(localizedDeliveryMail(base, 'nonsense', 'pl')).toEqual(base)
  })
  test('locale keys and the base rules only', () => {
    expect(deliveryTranslationsInput.safeParse({ pt_br: { custom_subject: 'Seu {product_name}' } }).success).toBe(true)
    expect(deliveryTranslationsInput.safeParse({ 'pt-br': { custom_subject: 'x' } }).success).toBe(false)
    expect(deliveryTranslationsInput.safeParse({ de: { custom_subject: 'x'.repeat(201) } }).success).toBe(false)
    expect(deliveryTranslationsInput.safeParse({ de: { custom_body: '<script>x</script>' } }).success).toBe(false)
    expect(productDeliveryInput.safeParse({ email_mode: 'standard_email', translations: null }).success).toBe(true)
  })
})

describe('the cancellation terms', () => {
  const base = { title: 'Cancellation terms', body: 'Within 14 days.' }
  const stored = { de: { title: 'Widerrufsbelehrung', body: 'Binnen 14 Tagen.' }, es: { body: 'En 14 días.' } }
  test('the page\'s language, text by text, else the base', () => {
    expect(localizedCancellationTerms(base, stored, 'de')).toEqual({ title: 'Widerrufsbelehrung', body: 'Binnen 14 Tagen.' })
    expect(localizedCancellationTerms(base, stored, 'es')).toEqual({ title: 'Cancellation terms', body: 'En 14 días.' })
    expect(localizedCancellationTerms(base, stored, 'pl')).toEqual(base)
    expect(localizedCancellationTerms(base, {}, 'de')).toEqual(base)
  })
  test('locale keys and the base rules only; empty reads as not translated', () => {
    expect(cancellationTermsTranslationsInput.parse({ de: { title: ' ', body: '' } })).toEqual({ de: { title: null, body: null } })
    expect(cancellationTermsTranslationsInput.safeParse({ DE: { title: 'x' } }).success).toBe(false)
    expect(cancellationTermsTranslationsInput.safeParse({ de: { body: 'x'.repeat(20_001) } }).success).toBe(false)
  })
})
