import { describe, expect, test } from 'vitest'
import { productForms } from '../catalog/product-forms'
import { cancellationTemplate, legalLanguage, privacyTemplate, termsTemplate, withdrawalKindOf } from './legal-templates'

const nora = { username: 'nora-baker', firstName: 'Nora', lastName: 'Baker', street: 'Hauptstraße', streetNumber: '5', zip: '10115', city: 'Berlin', countryCode: 'DE', email: 'nora@example.test' }

describe('default legal texts (docs/decisions/0042-minimal-checkout-and-legal-texts.md)', () => {
  test('German for DE, AT, CH and LI, English elsewhere; filled with the seller’s name and address', () => {
    expect(legalLanguage('AT')).toBe('de')
    expect(legalLanguage('fr')).toBe('en')
    expect(termsTemplate(nora).body).toContain('Nora Baker\nHauptstraße 5\n10115 Berlin, DE')
    expect(privacyTemplate({ ...nora, countryCode: 'FR', company: 'Baker Studio' })).toMatchObject({ title: 'Privacy policy' })
    expect(privacyTemplate({ ...nora, countryCode: 'FR', company: 'Baker Studio' }).body).toContain('Baker Studio\nNora Baker')
    expect(termsTemplate({ username: 'solo' }).body).toContain('solo')
  })

  test('the right of withdrawal differs by product form: digital content, services, leisure events', () => {
    expect(withdrawalKindOf('download')).toBe('digital_content')
    expect(withdrawalKindOf('digital')).toBe('service')
    expect(withdrawalKindOf('eventTickets')).toBe('event')
    expect(cancellationTemplate('course', nora).body).toContain('§ 356 Abs. 5 BGB')
    expect(cancellationTemplate('digital', nora).body).toContain('§ 356 Abs. 4 BGB')
    expect(cancellationTemplate('eventTickets', nora).body).toContain('§ 312g Abs. 2 Nr. 9 BGB')
    expect(cancellationTemplate('eventTickets', { ...nora, countryCode: 'AT' }).body).toContain('§ 18 Abs. 1 Z 10 FAGG')
    expect(cancellationTemplate('download', { ...nora, countryCode: 'CH' }).body).toContain('kein gesetzliches Widerrufsrecht')
    expect(cancellationTemplate('download', { ...nora, countryCode: 'NL' }).body).toContain('Article 16(m)')
    for (const form of productForms) expect(cancellationTemplate(form, nora).body.length).toBeGreaterThan(100)
  })
})
