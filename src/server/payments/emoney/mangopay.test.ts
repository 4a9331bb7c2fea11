import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { birthdayTimestamp, createEmoneyClient, EmoneyError, type EmoneyClient } from './mangopay'

// The client runs the provider's real SDK against the local stand-in.

let stand: MangopayStandIn
let client: EmoneyClient
const address = { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' }

beforeAll(async () => {
  stand = await startMangopayStandIn()
  client = createEmoneyClient({ MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url })!
})
afterAll(async () => { await stand.close() })

describe('the e-money client', () => {
  test('is off without a client id', () => {
    expect(createEmoneyClient({ MANGOPAY_CLIENT_ID: undefined, MANGOPAY_API_KEY: undefined, MANGOPAY_API_BASE: undefined })).toBeNull()
  })

  test('birthdays in either format', () => {
    expect(birthdayTimestamp('01.02.1990')).toBe(Date.UTC(1990, 1, 1) / 1000)
    expect(birthdayTimestamp('1990-02-01')).toBe(Date.UTC(1990, 1, 1) / 1000)
    expect(birthdayTimestamp('soon')).toBeUndefined()
  })

  test('a user, wallet, documents, bank account and a payout', async () => {
    const person = { firstName: 'Ada', lastName: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', countryOfResidence: 'DE', address }
    const userId = await client.createUser({ kind: 'natural', email: 'ada@example.com', person, tag: 'seller-1' }, 'sf-user-00000001')
    // The same key gives the same user (a job that ran twice).
    expect(await client.createUser({ kind: 'natural', email: 'ada@example.com', person, tag: 'seller-1' }, 'sf-user-00000001')).toBe(userId)
    expect(stand.users.size).toBe(1)
    expect(stand.users.get(userId)).toMatchObject({ FirstName: 'Ada', Birthday: Date.UTC(1985, 11, 10) / 1000, UserCategory: 'OWNER' })

    const walletId = await client.createWallet(userId, 'eur', 'sf-wallet-00000001')
    expect(stand.wallets.get(walletId)).toMatchObject({ Currency: 'EUR', Owners: [userId] })

    const documentId = await client.uploadKycDocument(userId, { type: 'IDENTITY_PROOF', pages: [Buffer.from('front'), Buffer.from('back')], tag: 'doc-1' }, 'sf-document-00000001')
    expect(stand.documents.get(documentId)).toMatchObject({ Status: 'VALIDATION_ASKED', Type: 'IDENTITY_PROOF' })
    expect(stand.pages.get(documentId)).toEqual([Buffer.from('front').toString('base64'), Buffer.from('back').toString('base64')])
    // Again: the replayed document is already submitted, so no page is added twice.
    await client.uploadKycDocument(userId, { type: 'IDENTITY_PROOF', pages: [Buffer.from('front')], tag: 'doc-1' }, 'sf-document-00000001')
    expect(stand.pages.get(documentId)).toHaveLength(2)
    stand.validateDocument(documentId)
    expect(await client.getKycDocument(documentId)).toMatchObject({ Id: documentId, Status: 'VALIDATED' })

    const bankAccountId = await client.createIbanBankAccount(userId, { holder: 'Ada Lovelace', iban: 'DE89370400440532013000', bic: null, address, tag: 'bank-1' }, 'sf-bank-00000001')
    expect(stand.bankAccounts.get(bankAccountId)).toMatchObject({ IBAN: 'DE89370400440532013000', UserId: userId })

    expect(await client.getUser(userId)).toMatchObject({ Id: userId, KYCLevel: 'LIGHT', blocked: { inflows: false, outflows: false } })
    stand.setKycLevel(userId, 'REGULAR')
    stand.fund(walletId, 5000)
    const payout = await client.createPayout({ payoutId: 42, userId, walletId, bankAccountId, amount: 3000, currency: 'eur' })
    expect(payout).toMatchObject({ Status: 'CREATED', Tag: 'payout-42' })
    expect((await client.createPayout({ payoutId: 42, userId, walletId, bankAccountId, amount: 3000, currency: 'eur' })).Id).toBe(payout.Id)
    expect(stand.payouts.size).toBe(1)
    stand.succeedPayout(payout.Id)
    expect(await client.getPayout(payout.Id)).toMatchObject({ Status: 'SUCCEEDED' })
  })

  test('a refusal is an EmoneyError with its status; an unreachable provider too', async () => {
    const refused = await client.getKycDocument('999999').catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(EmoneyError)
    expect((refused as EmoneyError).status).toBe(404)
    expect((refused as EmoneyError).refused).toBe(true)

    const down = createEmoneyClient({ MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: 'http://127.0.0.1:9' })!
    const error = await down.getPayout('1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(EmoneyError)
    expect((error as EmoneyError).refused).toBe(false)
  })
})
