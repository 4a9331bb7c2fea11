import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { emailLogs, kycDocuments, legitimations } from '../../db/schema'
import { syncLegitimation } from './emoney.service'

// An entity's beneficial owners declared to the e-money provider (docs/decisions/0052-emoney-pay-ins.md
// "Beneficial owners") against its stand-in through the real SDK: the submission asks for what the provider
// needs, the sync declares the owners once, a refusal sends the party back to change them, a new submission
// declares them again, and a validated declaration completes the check with the provider's KYC level.

const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex')

let t: TestApp
let stand: MangopayStandIn

beforeAll(async () => {
  stand = await startMangopayStandIn()
  t = await createTestApp({ MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url })
})
afterAll(async () => {
  await t.close()
  await stand.close()
})

const owner = (first: string) => ({
  first_name: first, last_name: 'Owner', birthday: '01.02.1970', nationality: 'DE', street: 'Ringstr. 2', zip: '80331', city: 'München', country_code: 'DE',
  share_bps: 5_000, birthplace_city: 'Hamburg', birthplace_country: 'DE',
})

/** A company that submitted its check: headquarters, representative, two owners and its three documents. */
async function submittedEntity(seller: TestSeller, ubos = [owner('Grace'), owner('Alan')]) {
  const [legitimation] = await t.deps.db.insert(legitimations).values({
    partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, businessType: 'entity', step: 'requested', submittedAt: new Date(), ubos,
    details: {
      head_quarter: { company: 'Analytical Engines GmbH', registration_number: 'HRB 1', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' },
      legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' },
    },
  }).returning()
  for (const kind of ['id_verification', 'company_lr', 'shareholder_declaration']) {
    const key = `kyc-${randomBytes(16).toString('hex')}.png`
    await t.deps.storage.put(key, png)
    await t.deps.db.insert(kycDocuments).values({ legitimationId: legitimation!.id, kind, state: 'validation_asked', storageKey: key, fileName: `${kind}.png`, contentType: 'image/png', size: png.length })
  }
  return legitimation!
}

async function legitimationOf(id: number) {
  return (await t.deps.db.select().from(legitimations).where(eq(legitimations.id, id)))[0]!
}

async function hook(eventType: string, resourceId: string) {
  const res = await t.request({ method: 'GET', url: `/api/v1/hooks/emoney?${stand.hookQuery(eventType, resourceId)}` })
  expect(res.statusCode, res.body).toBe(200)
  await t.deps.jobs.drain()
}

describe('beneficial owners at the e-money provider', () => {
  test('submitting a company\'s check asks for each owner\'s birthplace and address while the provider is on', async () => {
    const seller = await createSeller(t)
    const saved = await t.request({
      method: 'PUT', url: '/api/v1/cabinet/legitimation', token: seller.accessToken,
      payload: { business_type: 'entity', ubos: [{ first_name: 'Grace', last_name: 'Owner', share_bps: 5_000 }], step: 'ubo' },
    })
    expect(saved.statusCode, saved.body).toBe(200)
    const res = await t.request({ method: 'POST', url: '/api/v1/cabinet/legitimation/submit', token: seller.accessToken })
    expect(res.statusCode).toBe(400)
    expect(res.json().error.type).toBe('legitimation_incomplete')
    const paths = res.json().error.fields.map((f: { path: string }) => f.path)
    expect(paths).toEqual(expect.arrayContaining(['ubos.0.birthplace_city', 'ubos.0.birthplace_country', 'ubos.0.birthday', 'ubos.0.street']))

    // The fields are optional in the request: a client that does not send them is still valid.
    const withBirthplace = await t.request({ method: 'PUT', url: '/api/v1/cabinet/legitimation', token: seller.accessToken, payload: { ubos: [owner('Grace')] } })
    expect(withBirthplace.statusCode, withBirthplace.body).toBe(200)
    expect(withBirthplace.json().ubos[0]).toMatchObject({ birthplace_city: 'Hamburg', birthplace_country: 'DE' })
    const again = await t.request({ method: 'POST', url: '/api/v1/cabinet/legitimation/submit', token: seller.accessToken })
    expect(again.json().error.fields.map((f: { path: string }) => f.path).filter((p: string) => p.startsWith('ubos.'))).toEqual([])
  })

  test('the sync declares the owners once; a refusal sends the party back; a new submission declares them again; validation completes the check', async () => {
    const seller = await createSeller(t)
    const legitimation = await submittedEntity(seller)
    await syncLegitimation(t.deps, legitimation.id)
    await syncLegitimation(t.deps, legitimation.id)

    let row = await legitimationOf(legitimation.id)
    expect(stand.users.get(row.providerUserRef!)).toMatchObject({ PersonType: 'LEGAL', Name: 'Analytical Engines GmbH' })
    expect(row).toMatchObject({ providerUboDeclarationRef: expect.any(String), uboDeclarationState: 'validation_asked' })
    const declarations = [...stand.uboDeclarations.values()].filter((d) => d.UserId === row.providerUserRef)
    expect(declarations).toHaveLength(1)
    expect(declarations[0]).toMatchObject({ Status: 'VALIDATION_ASKED' })
    expect(declarations[0]!.Ubos).toEqual([
      expect.objectContaining({ FirstName: 'Grace', LastName: 'Owner', Nationality: 'DE', Birthplace: { City: 'Hamburg', Country: 'DE' }, Address: expect.objectContaining({ City: 'München', Country: 'DE' }) }),
      expect.objectContaining({ FirstName: 'Alan' }),
    ])

    // The provider refuses: the party is asked to change its owners, with the reason and a mail.
    stand.refuseUboDeclaration(row.providerUboDeclarationRef!, 'MISSING_UBO', 'An owner is missing')
    await hook('UBO_DECLARATION_REFUSED', row.providerUboDeclarationRef!)
    await hook('UBO_DECLARATION_REFUSED', row.providerUboDeclarationRef!)
    row = await legitimationOf(legitimation.id)
    expect(row).toMatchObject({ step: 'change', uboDeclarationState: 'refused', rejectionReason: 'MISSING_UBO: An owner is missing' })
    const mails = await t.deps.db.select().from(emailLogs).where(eq(emailLogs.to, seller.email))
    expect(mails.filter((m) => m.kind === 'legitimation_rejected')).toHaveLength(1)

    // The party adds the missing owner and submits again: a new declaration.
    await t.deps.db.update(legitimations).set({ step: 'requested', ubos: [owner('Grace'), owner('Alan'), owner('Joan')] }).where(eq(legitimations.id, legitimation.id))
    const refusedRef = row.providerUboDeclarationRef
    await syncLegitimation(t.deps, legitimation.id)
    row = await legitimationOf(legitimation.id)
    expect(row.providerUboDeclarationRef).not.toBe(refusedRef)
    expect(stand.uboDeclarations.get(row.providerUboDeclarationRef!)!.Ubos).toHaveLength(3)

    // Documents validated and the user regular, the check still waits for the owners; their validation completes it.
    const documents = await t.deps.db.select().from(kycDocuments).where(eq(kycDocuments.legitimationId, legitimation.id))
    for (const d of documents) {
      stand.validateDocument(d.providerRef!)
      await hook('KYC_SUCCEEDED', d.providerRef!)
    }
    stand.setKycLevel(row.providerUserRef!, 'REGULAR')
    await hook('USER_KYC_REGULAR', row.providerUserRef!)
    expect(await legitimationOf(legitimation.id)).toMatchObject({ step: 'requested', providerAccountState: 'kyc_2' })
    stand.validateUboDeclaration(row.providerUboDeclarationRef!)
    await hook('UBO_DECLARATION_VALIDATED', row.providerUboDeclarationRef!)
    expect(await legitimationOf(legitimation.id)).toMatchObject({ step: 'legitimated', uboDeclarationState: 'validated' })
  })

  test('a hook naming a declaration nobody knows changes nothing', async () => {
    const seller = await createSeller(t)
    const legitimation = await submittedEntity(seller)
    await syncLegitimation(t.deps, legitimation.id)
    const before = await legitimationOf(legitimation.id)
    await hook('UBO_DECLARATION_VALIDATED', '987654321')
    expect(await legitimationOf(legitimation.id)).toEqual(before)
  })
})
