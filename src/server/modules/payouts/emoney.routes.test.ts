import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { startMangopayStandIn, type MangopayStandIn } from '../../../../tests/stand-ins/mangopay-stand-in'
import { startStripeStandIn, type StripeStandIn } from '../../../../tests/stand-ins/stripe-stand-in'
import { bankAccounts, emailLogs, kycDocuments, legitimations, payouts } from '../../db/schema'
import { enqueueSyncOfParty, syncLegitimation } from './emoney.service'
import type { BankAccountRow, LegitimationRow, PayoutRow } from './money-out.repository'
import { railAdapters } from './rails'

// The e-money provider end to end against its stand-in (the real SDK), and the connect rail against the
// Stripe stand-in. Legitimations, documents, bank accounts and payouts are inserted directly: their own
// routes belong to the other parts of money out.

// Until the payouts part lists the e-money jobs in payoutsJobs, this test adds them (without doubling them).
// A 1x1 PNG: what an upload of a scanned document stores.
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e221bc330000000049454e44ae426082', 'hex')

let t: TestApp
let stand: MangopayStandIn
let stripe: StripeStandIn

beforeAll(async () => {
  stand = await startMangopayStandIn()
  stripe = await startStripeStandIn({ secretKey: 'sk_test_platform_connect' })
  t = await createTestApp({
    MANGOPAY_CLIENT_ID: stand.clientId, MANGOPAY_API_KEY: stand.apiKey, MANGOPAY_API_BASE: stand.url,
    CONNECT_STRIPE_SECRET_KEY: stripe.secretKey, STRIPE_API_BASE: stripe.url,
  })
})
afterAll(async () => {
  await t.close()
  await stand.close()
  await stripe.close()
})

type Party = { seller: TestSeller; legitimation: LegitimationRow; documents: { id: number; kind: string }[]; bankAccount: BankAccountRow }

/** A seller who submitted a natural person's identity (three documents) and added a bank account. */
async function submittedParty(): Promise<Party> {
  const seller = await createSeller(t)
  const [legitimation] = await t.deps.db.insert(legitimations).values({
    partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, businessType: 'natural', step: 'requested', submittedAt: new Date(),
    details: { legal_representative: { first_name: 'Ada', last_name: 'Lovelace', birthday: '10.12.1985', nationality: 'DE', street: 'Hauptstr. 1', zip: '10115', city: 'Berlin', country_code: 'DE' } },
  }).returning()
  const documents = []
  for (const kind of ['id_from_front', 'id_from_back', 'proof_doc']) {
    // A generated storage key's shape (media/storage.ts): prefix, 128 random bits, extension.
    const key = `kyc-${randomBytes(16).toString('hex')}.png`
    await t.deps.storage.put(key, png)
    const [row] = await t.deps.db.insert(kycDocuments).values({
      legitimationId: legitimation!.id, kind, state: 'validation_asked', storageKey: key, fileName: `${kind}.png`, contentType: 'image/png', size: png.length,
    }).returning()
    documents.push({ id: row!.id, kind })
  }
  const [bankAccount] = await t.deps.db.insert(bankAccounts).values({
    partyKind: 'seller', partyId: seller.sellerId, userId: seller.userId, iban: 'DE89370400440532013000', holder: 'Ada Lovelace', countryCode: 'DE', currency: 'eur',
  }).returning()
  return { seller, legitimation: legitimation!, documents, bankAccount: bankAccount! }
}

async function legitimationOf(party: Party) {
  return (await t.deps.db.select().from(legitimations).where(eq(legitimations.id, party.legitimation.id)))[0]!
}
async function documentsOf(party: Party) {
  return t.deps.db.select().from(kycDocuments).where(eq(kycDocuments.legitimationId, party.legitimation.id)).orderBy(kycDocuments.id)
}
async function bankAccountOf(party: Party) {
  return (await t.deps.db.select().from(bankAccounts).where(eq(bankAccounts.id, party.bankAccount.id)))[0]!
}

/** The provider's notification, as it calls the public route; then the job it enqueued runs. */
async function hook(eventType: string, resourceId: string) {
  const res = await t.request({ method: 'GET', url: `/api/v1/hooks/emoney?${stand.hookQuery(eventType, resourceId)}` })
  await t.deps.jobs.drain()
  return res
}

describe('the e-money provider', () => {
  test('the sync makes the user and wallet, sends each document once and registers the bank account, even when it runs twice', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    await syncLegitimation(t.deps, party.legitimation.id)

    const legitimation = await legitimationOf(party)
    expect(legitimation.providerUserRef).toBeTruthy()
    expect(legitimation.providerWalletRef).toBeTruthy()
    expect(legitimation.providerAccountState).toBe('kyc_1')
    expect(stand.users.get(legitimation.providerUserRef!)).toMatchObject({ PersonType: 'NATURAL', FirstName: 'Ada', LastName: 'Lovelace', Email: party.seller.email })
    expect(stand.wallets.get(legitimation.providerWalletRef!)).toMatchObject({ Currency: 'EUR', Owners: [legitimation.providerUserRef] })

    const documents = await documentsOf(party)
    const front = documents.find((d) => d.kind === 'id_from_front')!
    const back = documents.find((d) => d.kind === 'id_from_back')!
    const proof = documents.find((d) => d.kind === 'proof_doc')!
    // Both sides of the identity card are the two pages of one identity proof.
    expect(front.providerRef).toBeTruthy()
    expect(back.providerRef).toBe(front.providerRef)
    expect(stand.documents.get(front.providerRef!)).toMatchObject({ Type: 'IDENTITY_PROOF', Status: 'VALIDATION_ASKED', UserId: legitimation.providerUserRef })
    expect(stand.pages.get(front.providerRef!)).toEqual([png.toString('base64'), png.toString('base64')])
    expect(stand.documents.get(proof.providerRef!)).toMatchObject({ Type: 'ADDRESS_PROOF', Status: 'VALIDATION_ASKED' })
    expect([...stand.documents.values()].filter((d) => d.UserId === legitimation.providerUserRef)).toHaveLength(2)
    expect(stand.calls('POST', `/users/${legitimation.providerUserRef}/KYC/documents`)).toHaveLength(2)
    expect(stand.calls('POST', '/users/natural').filter((r) => r.body.Email === party.seller.email)).toHaveLength(1)

    const bankAccount = await bankAccountOf(party)
    expect(bankAccount.state).toBe('waiting')
    expect(stand.bankAccounts.get(bankAccount.providerRef!)).toMatchObject({ IBAN: 'DE89370400440532013000', OwnerName: 'Ada Lovelace', UserId: legitimation.providerUserRef })
    expect(stand.calls('POST', `/users/${legitimation.providerUserRef}/bankaccounts/iban`)).toHaveLength(1)
  })

  test('the sync runs as a job, enqueued for the party when a bank account is added', async () => {
    const party = await submittedParty()
    await t.deps.db.transaction((tx) => enqueueSyncOfParty(t.deps, tx, 'seller', party.seller.sellerId))
    await t.deps.jobs.drain()
    expect(await legitimationOf(party)).toMatchObject({ providerUserRef: expect.any(String), providerWalletRef: expect.any(String) })
    expect((await bankAccountOf(party)).providerRef).toEqual(expect.any(String))
  })

  test('a KYC_SUCCEEDED hook validates a document only once the provider says so (fetched, not taken from the call)', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const proof = (await documentsOf(party)).find((d) => d.kind === 'proof_doc')!

    // A notification before the provider decided (or a forged one) changes nothing.
    expect((await hook('KYC_SUCCEEDED', proof.providerRef!)).json()).toEqual({ received: true })
    expect((await documentsOf(party)).find((d) => d.id === proof.id)!.state).toBe('validation_asked')

    stand.validateDocument(proof.providerRef!)
    const fetches = stand.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/KYC/documents/${proof.providerRef}`)).length
    await hook('KYC_SUCCEEDED', proof.providerRef!)
    expect(stand.requests.filter((r) => r.method === 'GET' && r.path.endsWith(`/KYC/documents/${proof.providerRef}`)).length).toBe(fetches + 1)
    const after = (await documentsOf(party)).find((d) => d.id === proof.id)!
    expect(after).toMatchObject({ state: 'validated', refusedReason: null })
    expect(after.reviewedAt).not.toBeNull()
  })

  test('a KYC_FAILED hook refuses both sides of the identity card with the reason, and mails the party', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const front = (await documentsOf(party)).find((d) => d.kind === 'id_from_front')!
    stand.refuseDocument(front.providerRef!, 'DOCUMENT_UNREADABLE', 'The photo is blurred')
    await hook('KYC_FAILED', front.providerRef!)
    const sides = (await documentsOf(party)).filter((d) => d.providerRef === front.providerRef)
    expect(sides.map((d) => [d.kind, d.state, d.refusedReason, d.refusedComment])).toEqual([
      ['id_from_front', 'refused', 'unreadable', 'The photo is blurred'],
      ['id_from_back', 'refused', 'unreadable', 'The photo is blurred'],
    ])
    const mails = await t.deps.db.select().from(emailLogs).where(eq(emailLogs.to, party.seller.email))
    expect(mails.filter((m) => m.kind === 'kyc_document_refused')).toHaveLength(2)
  })

  test('a forged hook for a resource nobody knows changes nothing', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const before = { legitimation: await legitimationOf(party), documents: await documentsOf(party) }
    for (const type of ['KYC_SUCCEEDED', 'USER_KYC_REGULAR', 'PAYOUT_NORMAL_SUCCEEDED', 'PAYIN_NORMAL_SUCCEEDED']) {
      expect((await hook(type, '987654321')).statusCode).toBe(200)
    }
    // An event type the platform ignores is answered and dropped.
    expect((await hook('TRANSFER_NORMAL_SUCCEEDED', '1')).json()).toEqual({ received: false })
    expect(await legitimationOf(party)).toEqual(before.legitimation)
    expect(await documentsOf(party)).toEqual(before.documents)
    // A query that is not the provider's shape is refused.
    expect((await t.request({ method: 'GET', url: '/api/v1/hooks/emoney?EventType=KYC_SUCCEEDED&RessourceId=../../x' })).statusCode).toBe(400)
  })

  test('USER_KYC_REGULAR sets kyc_2; with every required document validated the party is legitimated', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const userRef = (await legitimationOf(party)).providerUserRef!

    stand.setKycLevel(userRef, 'REGULAR')
    await hook('USER_KYC_REGULAR', userRef)
    expect(await legitimationOf(party)).toMatchObject({ providerAccountState: 'kyc_2', step: 'requested' })

    for (const ref of new Set((await documentsOf(party)).map((d) => d.providerRef!))) {
      stand.validateDocument(ref)
      await hook('KYC_SUCCEEDED', ref)
    }
    expect(await legitimationOf(party)).toMatchObject({ providerAccountState: 'kyc_2', step: 'legitimated' })
    const mails = await t.deps.db.select().from(emailLogs).where(eq(emailLogs.to, party.seller.email))
    expect(mails.filter((m) => m.kind === 'legitimation_accepted')).toHaveLength(1)

    // Blocked later: recorded; the legitimation stays.
    stand.block(userRef, { outflows: true })
    await hook('USER_OUTFLOWS_BLOCKED', userRef)
    expect(await legitimationOf(party)).toMatchObject({ providerAccountState: 'blocked', step: 'legitimated' })
  })

  test('the emoney rail pays out from the wallet (issued), and the PAYOUT_NORMAL_SUCCEEDED hook reaches payoutAnswered', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const legitimation = await legitimationOf(party)
    stand.setKycLevel(legitimation.providerUserRef!, 'REGULAR')
    stand.fund(legitimation.providerWalletRef!, 10_000)
    const payout = await insertPayout(party, 'emoney', 2500)

    const answer = await railAdapters.emoney!.send(t.deps, { payout, bankAccount: await bankAccountOf(party), legitimation })
    expect(answer).toMatchObject({ state: 'issued' })
    const providerRef = (answer as { providerRef: string }).providerRef
    expect(stand.payouts.get(providerRef)).toMatchObject({ Tag: `payout-${payout.id}`, DebitedFunds: { Amount: 2500, Currency: 'EUR' }, DebitedWalletId: legitimation.providerWalletRef })
    // Sent again (a retried job): the same provider payout.
    expect(await railAdapters.emoney!.send(t.deps, { payout, bankAccount: await bankAccountOf(party), legitimation })).toEqual(answer)
    expect([...stand.payouts.values()].filter((p) => p.Tag === `payout-${payout.id}`)).toHaveLength(1)

    // Still on its way: nothing to hand over.
    const stateOf = async () => (await t.deps.db.select({ state: payouts.state }).from(payouts).where(eq(payouts.id, payout.id)))[0]!.state
    await hook('PAYOUT_NORMAL_SUCCEEDED', providerRef)
    expect(await stateOf()).toBe('pending')
    stand.succeedPayout(providerRef)
    // Settled before the send job recorded it as issued: the answer waits (the event job is retried).
    await hook('PAYOUT_NORMAL_SUCCEEDED', providerRef)
    expect(await stateOf()).toBe('pending')
    await t.deps.db.update(payouts).set({ state: 'issued', providerRef }).where(eq(payouts.id, payout.id))
    await hook('PAYOUT_NORMAL_SUCCEEDED', providerRef)
    // The payouts part applied the answer: settled (its ledger and mail with it).
    expect(await stateOf()).toBe('successful')
  })

  test('the emoney rail answers canceled with the reason when the provider fails the payout', async () => {
    const party = await submittedParty()
    await syncLegitimation(t.deps, party.legitimation.id)
    const legitimation = await legitimationOf(party)
    stand.setKycLevel(legitimation.providerUserRef!, 'REGULAR')
    const payout = await insertPayout(party, 'emoney', 2500)
    // The wallet is empty.
    expect(await railAdapters.emoney!.send(t.deps, { payout, bankAccount: await bankAccountOf(party), legitimation }))
      .toEqual({ state: 'canceled', reason: '001001 Unsufficient wallet balance' })
    // No wallet at the provider: nothing is sent.
    expect(await railAdapters.emoney!.send(t.deps, { payout, bankAccount: await bankAccountOf(party), legitimation: { ...legitimation, providerWalletRef: null } }))
      .toMatchObject({ state: 'canceled' })
  })
})

describe('the connect rail', () => {
  test('one transfer to the connected account, even when sent twice', async () => {
    const party = await submittedParty()
    await t.deps.db.update(bankAccounts).set({ providerRef: 'acct_1SellerConnected', state: 'activated', legitimationState: 'accepted' }).where(eq(bankAccounts.id, party.bankAccount.id))
    const payout = await insertPayout(party, 'connect', 4200)
    const input = { payout, bankAccount: await bankAccountOf(party), legitimation: undefined }
    const first = await railAdapters.connect!.send(t.deps, input)
    const second = await railAdapters.connect!.send(t.deps, input)
    expect(first).toMatchObject({ state: 'successful' })
    expect(second).toEqual(first)
    const made = [...stripe.transfers.values()].filter((tr) => tr.transfer_group === `payout-${payout.id}`)
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ id: (first as { providerRef: string }).providerRef, amount: 4200, currency: 'eur', destination: 'acct_1SellerConnected', metadata: { payout_id: String(payout.id) } })
    expect(stripe.last('POST', '/v1/transfers')?.headers['idempotency-key']).toBe(`payout-${payout.id}`)
  })

  test('a refused transfer is canceled with the reason', async () => {
    const party = await submittedParty()
    stripe.missingAccounts.add('acct_1Gone')
    await t.deps.db.update(bankAccounts).set({ providerRef: 'acct_1Gone' }).where(eq(bankAccounts.id, party.bankAccount.id))
    const payout = await insertPayout(party, 'connect', 100)
    expect(await railAdapters.connect!.send(t.deps, { payout, bankAccount: await bankAccountOf(party), legitimation: undefined }))
      .toEqual({ state: 'canceled', reason: "No such destination: 'acct_1Gone'" })
  })
})

async function insertPayout(party: Party, rail: 'emoney' | 'connect', amount: number): Promise<PayoutRow> {
  const [row] = await t.deps.db.insert(payouts).values({
    partyKind: 'seller', partyId: party.seller.sellerId, bankAccountId: party.bankAccount.id, amount, currency: 'eur', rail, transferCountryCode: 'DE',
  }).returning()
  return row!
}
