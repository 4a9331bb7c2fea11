import { describe, expect, test } from 'vitest'
import { documentGroups, emoneyUserInputOf } from './emoney.service'
import type { KycDocumentRow, LegitimationRow } from './money-out.repository'

// The pure parts of the e-money sync: which provider documents our documents become, and who the provider's user is.

const doc = (id: number, kind: string) => ({ id, kind }) as KycDocumentRow
const contact = { email: 'ada@example.com', firstName: 'Ada', lastName: 'Account' }

describe('the provider documents of our documents', () => {
  test('both sides of an identity card are the pages of one identity proof, front first; extras are not sent', () => {
    const groups = documentGroups([doc(2, 'id_from_back'), doc(1, 'id_from_front'), doc(3, 'proof_doc'), doc(4, 'other_doc_1')])
    expect(groups.map((g) => [g.type, g.documents.map((d) => d.kind)])).toEqual([
      ['IDENTITY_PROOF', ['id_from_front', 'id_from_back']],
      ['ADDRESS_PROOF', ['proof_doc']],
    ])
  })

  test('a second upload of a kind is a provider document of its own', () => {
    const groups = documentGroups([doc(1, 'proof_doc'), doc(2, 'proof_doc')])
    expect(groups.map((g) => g.documents.map((d) => d.id))).toEqual([[1], [2]])
  })
})

describe('the provider user of a legitimation', () => {
  const base = { id: 1, partyKind: 'seller', partyId: 7, ubos: [] } as unknown as LegitimationRow

  test('a natural person, with the account\'s names when the form has none', () => {
    expect(emoneyUserInputOf({ ...base, businessType: 'natural', details: {} }, contact, 'DE')).toEqual({
      kind: 'natural', email: 'ada@example.com', tag: 'seller-7',
      person: { firstName: 'Ada', lastName: 'Account', birthday: undefined, nationality: undefined, countryOfResidence: 'DE', address: undefined },
    })
  })

  test('an entity with its headquarters and legal representative', () => {
    const details = {
      head_quarter: { company: 'Lovelace GmbH', registration_number: 'HRB 1', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' },
      legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'GB' },
    }
    expect(emoneyUserInputOf({ ...base, businessType: 'entity', details }, contact, 'FR')).toMatchObject({
      kind: 'legal', name: 'Lovelace GmbH', companyNumber: 'HRB 1',
      headquarters: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
      representative: { firstName: 'Ada', lastName: 'Lovelace', birthday: '10.12.1985', nationality: 'GB', countryOfResidence: 'DE' },
    })
  })
})
