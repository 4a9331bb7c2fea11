import { describe, expect, test } from 'vitest'
import { productForms } from '../catalog/product-forms'
import { supplyKindOfForm, vatTreatment, type PlaceOfSupplyInput, type Supply } from './place-of-supply'

const liable = { payer: 'liable' } as const
const germanSeller = { country: 'DE', vat: liable } as const
const electronic: Supply = { kind: 'electronic' }

const sale = (over: Partial<PlaceOfSupplyInput> & Pick<PlaceOfSupplyInput, 'payer'>): PlaceOfSupplyInput => ({
  seller: germanSeller, supply: electronic, ...over,
})

// Valid formats per jsvat (checksums are not required by the validation helpers).
const frenchVatId = 'FR40303265045'
const germanVatId = 'DE136695976'
const greekVatId = 'EL094259216'

describe('an exempt seller', () => {
  test.each(['small_business', 'educational', 'regulated_profession', 'other'] as const)(
    'an exempt seller charges no VAT and names the reason (%s)',
    (reason) => {
      const treatment = vatTreatment(sale({ seller: { country: 'DE', vat: { payer: 'exempt', reason } }, payer: { country: 'FR' } }))
      expect(treatment).toEqual({ kind: 'exempt_seller', rateBps: 0, reason })
    },
  )

  test('an exempt seller charges no VAT on tickets or goods either', () => {
    const seller = { country: 'DE', vat: { payer: 'exempt', reason: 'small_business' } } as const
    expect(vatTreatment({ seller, payer: { country: 'DE' }, supply: { kind: 'event_admission', eventCountry: 'DE' } }).kind).toBe('exempt_seller')
    expect(vatTreatment({ seller, payer: { country: 'DE' }, supply: { kind: 'physical', deliveryCountry: 'AT' } }).kind).toBe('exempt_seller')
  })
})

describe('electronically supplied services are taxed where the payer lives', () => {
  test('a German consumer of a German seller pays 19 %', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE' } }))).toEqual({ kind: 'charged', rateBps: 1900, country: 'DE', basis: 'electronic' })
  })

  test('a French consumer of a German seller pays French VAT, 20 %', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR' } }))).toMatchObject({ kind: 'charged', rateBps: 2000, country: 'FR' })
  })

  test('a Greek consumer pays Greek VAT, the country stays GR', () => {
    expect(vatTreatment(sale({ payer: { country: 'GR' } }))).toMatchObject({ kind: 'charged', rateBps: 2400, country: 'GR' })
  })

  test('an e-book bought from Germany by a German consumer pays the reduced 7 %', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE' }, category: 'ebook' })).rateBps).toBe(700)
  })

  test('a Swiss seller selling to an EU consumer charges the consumer country rate', () => {
    expect(vatTreatment(sale({ seller: { country: 'CH', vat: liable }, payer: { country: 'AT' } }))).toMatchObject({ kind: 'charged', rateBps: 2000, country: 'AT' })
  })
})

describe('a payer outside the EU pays no EU VAT (export)', () => {
  test.each(['US', 'CH', 'GB', 'JP'] as const)('a consumer in %s of a German seller pays no VAT', (country) => {
    expect(vatTreatment(sale({ payer: { country } }))).toEqual({ kind: 'export', rateBps: 0, country, basis: 'electronic' })
  })

  test('a Swiss seller selling to a Swiss payer charges Swiss VAT, 8.1 %', () => {
    expect(vatTreatment(sale({ seller: { country: 'CH', vat: liable }, payer: { country: 'CH' } }))).toEqual({ kind: 'charged', rateBps: 810, country: 'CH', basis: 'electronic' })
  })

  test('a British seller selling to a British payer charges UK VAT, 20 %', () => {
    expect(vatTreatment(sale({ seller: { country: 'GB', vat: liable }, payer: { country: 'GB' } })).rateBps).toBe(2000)
  })
})

describe('a ticket is taxed where the event takes place', () => {
  test('a ticket is taxed where the event takes place: a French payer at a Vienna event pays Austrian 20 %', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR' }, supply: { kind: 'event_admission', eventCountry: 'AT' } }))).toEqual({
      kind: 'charged', rateBps: 2000, country: 'AT', basis: 'event_admission',
    })
  })

  test('a ticket for an event in Luxembourg is 17 % whoever pays', () => {
    expect(vatTreatment(sale({ payer: { country: 'US' }, supply: { kind: 'event_admission', eventCountry: 'LU' } })).rateBps).toBe(1700)
  })

  test('a ticket for an event outside the EU carries no EU VAT', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE' }, supply: { kind: 'event_admission', eventCountry: 'US' } }))).toMatchObject({ kind: 'export', rateBps: 0, country: 'US' })
  })

  test('a business buyer of a ticket is not reverse charged: admission is taxed at the event (Art. 53)', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: frenchVatId }, supply: { kind: 'event_admission', eventCountry: 'DE' } }))).toEqual({
      kind: 'charged', rateBps: 1900, country: 'DE', basis: 'event_admission', vatIdNotApplied: 'event_admission',
    })
  })
})

describe('physical items are taxed where they are delivered', () => {
  test('a book delivered to Hungary pays Hungarian 27 %', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE' }, supply: { kind: 'physical', deliveryCountry: 'HU' } }))).toMatchObject({ kind: 'charged', rateBps: 2700, country: 'HU' })
  })

  test('an item delivered outside the EU is an export', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE' }, supply: { kind: 'physical', deliveryCountry: 'NO' } }))).toMatchObject({ kind: 'export', country: 'NO' })
  })
})

describe('reverse charge for a business VAT id of valid format', () => {
  test('a French business buyer of a German seller is reverse charged, checked for format only', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: frenchVatId } }))).toEqual({
      kind: 'reverse_charge', rateBps: 0, country: 'FR', vatId: frenchVatId, verification: 'format_only',
    })
  })

  test('a VAT id printed with spaces is stored normalised', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: 'fr 40 303 265 045' } }))).toMatchObject({ kind: 'reverse_charge', vatId: frenchVatId })
  })

  test('a VIES confirmation is recorded on the reverse charge', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: frenchVatId, verification: 'vies_valid' } }))).toMatchObject({ kind: 'reverse_charge', verification: 'vies_valid' })
  })

  test('a Greek business id (EL) is reverse charged as Greece (GR)', () => {
    expect(vatTreatment(sale({ payer: { country: 'GR', vatId: greekVatId } }))).toMatchObject({ kind: 'reverse_charge', country: 'GR' })
  })

  test('a goods delivery to a French business is reverse charged (intra-Community supply)', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: frenchVatId }, supply: { kind: 'physical', deliveryCountry: 'FR' } })).kind).toBe('reverse_charge')
  })

  test('a German business buyer of a German seller pays German 19 %: no reverse charge at home', () => {
    expect(vatTreatment(sale({ payer: { country: 'DE', vatId: germanVatId } }))).toEqual({
      kind: 'charged', rateBps: 1900, country: 'DE', basis: 'electronic', vatIdNotApplied: 'same_country',
    })
  })

  test('an id VIES reports as invalid is charged as a consumer and says why', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: frenchVatId, verification: 'vies_invalid' } }))).toMatchObject({
      kind: 'charged', rateBps: 2000, country: 'FR', vatIdNotApplied: 'vies_invalid',
    })
  })

  test('an id that does not match its country pattern is charged and flagged wrong_vat', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: 'FR123' } }))).toMatchObject({ kind: 'charged', vatIdNotApplied: 'wrong_vat' })
  })

  test('an id with forbidden characters is charged and flagged invalid_vat', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: 'FR40/303' } }))).toMatchObject({ kind: 'charged', vatIdNotApplied: 'invalid_vat' })
  })

  test('a Greek id written with GR is wrong_vat, not a reverse charge', () => {
    expect(vatTreatment(sale({ payer: { country: 'GR', vatId: 'GR094259216' } }))).toMatchObject({ kind: 'charged', vatIdNotApplied: 'wrong_vat' })
  })

  test('a Swiss business id on an EU address is not an EU reverse charge', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: 'CHE123456788' } }))).toMatchObject({ kind: 'charged', vatIdNotApplied: 'not_eu' })
  })

  test('an empty VAT id is no VAT id', () => {
    expect(vatTreatment(sale({ payer: { country: 'FR', vatId: '  ' } }))).toEqual({ kind: 'charged', rateBps: 2000, country: 'FR', basis: 'electronic' })
  })
})

describe('supply kind of each product form', () => {
  test.each(['course', 'digital', 'download', 'membership', 'licenseKey', 'certificate'] as const)('%s is electronically supplied', (form) => {
    expect(supplyKindOfForm(form)).toBe('electronic')
  })

  test('event tickets are event admission', () => expect(supplyKindOfForm('eventTickets')).toBe('event_admission'))

  test('a bundle has no kind of its own: its items are taxed one by one', () => expect(supplyKindOfForm('bundle')).toBeUndefined())

  test('every form is decided', () => {
    for (const form of productForms) expect(['electronic', 'event_admission', undefined]).toContain(supplyKindOfForm(form))
  })
})
