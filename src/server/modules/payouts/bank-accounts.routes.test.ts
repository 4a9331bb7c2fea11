import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { signUpUser, type SignedUp } from '../../../../tests/factories/users'
import { moneyFactsOf } from './availability.service'

// Payout bank accounts (docs/decisions/0049-money-out.md "Bank accounts"): the contract of POST
// /{area}/bank_accounts, a party's own accounts only, and the managers' check (accept, reject, filters).

let t: TestApp
let seller: TestSeller
let other: TestSeller
let publisher: SignedUp
let manager: string
beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  publisher = await signUpUser(t, { profile_type: 'publisher' })
  manager = await signInManager(t)
})
afterAll(async () => { await t.close() })

const iban = 'DE89 3704 0044 0532 0130 00'
const valid = { iban, bic: 'COBADEFFXXX', holder: 'Test Holder', country_code: 'DE', currency: 'eur' }
const add = (payload: object, token = seller.accessToken, area = 'cabinet') => t.request({ method: 'POST', url: `/api/v1/${area}/bank_accounts`, token, payload })
const listOwn = (token = seller.accessToken, area = 'cabinet', qs = '') => t.request({ method: 'GET', url: `/api/v1/${area}/bank_accounts${qs}`, token })
const admin = (method: 'GET' | 'POST', path: string, payload?: object, token = manager) => t.request({ method, url: `/api/v1/admin/${path}`, token, ...(payload ? { payload } : {}) })

/** A seller whose identity a manager checked (the identity part's routes do this in their own tests). */
async function legitimate(s: TestSeller) {
  const { rows } = await t.deps.database.executeSql(
    `insert into legitimations (party_kind, party_id, user_id, step) values ('seller', $1, $2, 'legitimated') returning id`, [s.sellerId, s.userId])
  for (const kind of ['id_from_front', 'id_from_back', 'proof_doc']) {
    await t.deps.database.executeSql(
      `insert into kyc_documents (legitimation_id, kind, state, storage_key, file_name, content_type, size) values ($1, $2, 'validated', $3, 'id.png', 'image/png', 10)`,
      [rows[0].id, kind, `private/kyc/test-${kind}-${rows[0].id}`])
  }
}

async function mailsTo(to: string, kind: string) {
  await t.deps.jobs.drain()
  const { rows } = await t.deps.database.executeSql('select subject, text from email_logs where "to" = $1 and kind = $2 order by id', [to, kind])
  return rows as { subject: string; text: string }[]
}

describe('the contract', () => {
  test('a valid account answers 201 with the account waiting for its first check, IBAN in electronic format', async () => {
    const res = await add(valid)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().bank_account).toMatchObject({
      id: expect.any(Number), state: 'waiting', legitimation_state: 'init', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', holder: 'Test Holder', country_code: 'DE', currency: 'eur',
      rejection_reason: null, activated_at: null,
    })
  })

  test.each([
    ['iban', { ...valid, iban: 'DE89370400440532013001' }],
    ['bic', { ...valid, bic: 'NOPE' }],
    ['country_code', { ...valid, country_code: 'GB', currency: 'gbp' }],
    ['country_code', { ...valid, country_code: 'RU', currency: 'eur' }],
    ['currency', { ...valid, currency: 'pln' }],
    ['holder', { ...valid, holder: ' a ' }],
  ])('an invalid %s answers 400 INVALID_INPUT naming it', async (field, payload) => {
    const res = await add(payload)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().error.type).toBe('INVALID_INPUT')
    expect(res.json().error.fields[0].path).toBe(field)
  })

  test('an unknown key answers 400', async () => {
    expect((await add({ ...valid, party_id: 1 })).statusCode).toBe(400)
  })

  test('a configured country beyond the defaults is paid in its own currency; RU never is', async () => {
    const t2 = await createTestApp({ PAYOUT_COUNTRIES: 'DE,PL,RU' })
    try {
      const s = await createSeller(t2)
      const list = (await t2.request({ method: 'GET', url: '/api/v1/cabinet/bank_accounts', token: s.accessToken })).json()
      expect(list.payout_countries).toEqual([{ country_code: 'DE', currency: 'eur' }, { country_code: 'PL', currency: 'pln' }])
      const res = await t2.request({ method: 'POST', url: '/api/v1/cabinet/bank_accounts', token: s.accessToken, payload: { iban: 'PL61109010140000071219812874', holder: 'Jan Kowalski', country_code: 'PL', currency: 'pln' } })
      expect(res.statusCode, res.body).toBe(201)
      expect(res.json().bank_account).toMatchObject({ currency: 'pln', bic: null })
    } finally {
      await t2.close()
    }
  })

  test('publishers have the same routes under /publish, with their own accounts', async () => {
    const res = await add(valid, publisher.accessToken, 'publish')
    expect(res.statusCode, res.body).toBe(201)
    const list = (await listOwn(publisher.accessToken, 'publish')).json()
    expect(list.list.map((a: { id: number }) => a.id)).toEqual([res.json().bank_account.id])
    expect(list.payout_countries).toContainEqual({ country_code: 'DE', currency: 'eur' })
    expect((await add(valid, seller.accessToken, 'publish')).statusCode).toBe(403)
  })
})

describe('a party\'s own accounts', () => {
  test('another party\'s account is unknown (404); deactivated accounts show only when asked, last', async () => {
    const mine = (await add({ ...valid, holder: 'Other Holder' }, other.accessToken)).json().bank_account
    expect((await t.request({ method: 'DELETE', url: `/api/v1/cabinet/bank_accounts/${mine.id}`, token: seller.accessToken })).statusCode).toBe(404)
    expect((await listOwn()).json().list.map((a: { id: number }) => a.id)).not.toContain(mine.id)
    const second = (await add({ ...valid, holder: 'Second' }, other.accessToken)).json().bank_account
    const off = await t.request({ method: 'DELETE', url: `/api/v1/cabinet/bank_accounts/${mine.id}`, token: other.accessToken })
    expect(off.statusCode, off.body).toBe(200)
    expect(off.json().bank_account.state).toBe('deactivated')
    expect((await listOwn(other.accessToken)).json().list.map((a: { id: number }) => a.id)).toEqual([second.id])
    expect((await listOwn(other.accessToken, 'cabinet', '?with_deactivated=true')).json().list.map((a: { id: number }) => a.id)).toEqual([second.id, mine.id])
    const { rows } = await t.deps.database.executeSql('select deactivated_at from bank_accounts where id = $1', [mine.id])
    expect(rows[0].deactivated_at).not.toBeNull()
  })
})

describe('the managers\' check', () => {
  test('accepting activates the account; a later accepted account replaces it (change) and deactivates it', async () => {
    const s = await createSeller(t)
    await legitimate(s)
    const facts = async () => moneyFactsOf(t.deps.database.db, { kind: 'seller', id: s.sellerId })
    expect((await facts()).availability.missing.map((m) => m.kind)).toContain('bank_account')
    const first = (await add(valid, s.accessToken)).json().bank_account
    expect((await facts()).availability.missing.map((m) => m.kind)).toContain('bank_account_review')
    const queue = (await admin('GET', 'bank_account_legitimations?per=500')).json()
    const queued = queue.list.find((a: { id: number }) => a.id === first.id)
    expect(queued).toMatchObject({ party_kind: 'seller', party_id: s.sellerId, user: { id: s.userId, email: s.email }, legitimation: { id: expect.any(Number), step: 'legitimated', business_type: 'natural' } })
    expect(queued.legitimation.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['id_from_back', 'id_from_front', 'proof_doc'])

    const accepted = await admin('POST', `bank_accounts/${first.id}/accept`)
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().bank_account).toMatchObject({ state: 'activated', legitimation_state: 'accepted', activated_at: expect.any(String) })
    expect((await facts()).availability).toEqual({ value: 'payments_payouts', missing: [] })
    expect(await mailsTo(s.email, 'bank_account_accepted')).toHaveLength(1)
    expect((await admin('POST', `bank_accounts/${first.id}/accept`)).statusCode).toBe(409)
    expect((await admin('GET', 'bank_account_legitimations?per=500')).json().list.map((a: { id: number }) => a.id)).not.toContain(first.id)

    const second = (await add({ ...valid, holder: 'New Holder' }, s.accessToken)).json().bank_account
    expect(second.legitimation_state).toBe('change')
    expect((await admin('POST', `bank_accounts/${second.id}/accept`)).statusCode).toBe(200)
    const mine = (await listOwn(s.accessToken, 'cabinet', '?with_deactivated=true')).json().list
    expect(mine.map((a: { id: number; state: string }) => [a.id, a.state])).toEqual([[second.id, 'activated'], [first.id, 'deactivated']])
  })

  test('rejecting says why: the reason is in the party\'s list and in the mail', async () => {
    const s = await createSeller(t)
    const account = (await add(valid, s.accessToken)).json().bank_account
    expect((await admin('POST', `bank_accounts/${account.id}/reject`, { reason: 'nope' })).statusCode).toBe(400)
    const res = await admin('POST', `bank_accounts/${account.id}/reject`, { reason: 'holder_mismatch', comment: 'Please use your own account' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().bank_account).toMatchObject({ state: 'rejected', legitimation_state: 'rejected', rejection_reason: 'holder_mismatch' })
    expect((await listOwn(s.accessToken)).json().list[0]).toMatchObject({ id: account.id, state: 'rejected', rejection_reason: 'holder_mismatch', rejection_comment: 'Please use your own account' })
    const [mail] = await mailsTo(s.email, 'bank_account_rejected')
    expect(mail!.text).toContain('the account holder does not match')
    expect(mail!.text).toContain('Please use your own account')
    expect((await admin('POST', `bank_accounts/${account.id}/accept`)).statusCode).toBe(409)
  })

  test('a manager deactivates an account; unknown ids answer 404', async () => {
    const s = await createSeller(t)
    const account = (await add(valid, s.accessToken)).json().bank_account
    const res = await admin('POST', `bank_accounts/${account.id}/deactivate`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().bank_account.state).toBe('deactivated')
    expect((await admin('GET', 'bank_accounts/2147483647')).statusCode).toBe(404)
    expect((await admin('GET', `bank_accounts/${account.id}`)).json().bank_account).toMatchObject({ id: account.id, state: 'deactivated' })
  })

  test('non-managers get 403 on every /admin route', async () => {
    const account = (await add(valid)).json().bank_account
    for (const [method, path, payload] of [
      ['GET', 'bank_accounts'], ['GET', 'bank_account_legitimations'], ['GET', `bank_accounts/${account.id}`],
      ['POST', `bank_accounts/${account.id}/accept`], ['POST', `bank_accounts/${account.id}/reject`, { reason: 'other' }], ['POST', `bank_accounts/${account.id}/deactivate`],
    ] as const) {
      expect((await admin(method, path, payload, seller.accessToken)).statusCode, `${method} ${path}`).toBe(403)
    }
  })

  test('filters narrow the list; counts answer per state', async () => {
    const s = await createSeller(t)
    const holder = `Filter Holder ${Date.now()}`
    const a = (await add({ ...valid, holder }, s.accessToken)).json().bank_account
    const b = (await add({ ...valid, holder }, s.accessToken)).json().bank_account
    await admin('POST', `bank_accounts/${a.id}/accept`)
    const ids = async (qs: string) => {
      const res = await admin('GET', `bank_accounts?${qs}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().list.map((x: { id: number }) => x.id)
    }
    const q = `query=${encodeURIComponent(holder)}`
    expect(await ids(q)).toEqual([b.id, a.id])
    expect(await ids(`${q}&state=activated`)).toEqual([a.id])
    expect(await ids(`${q}&legitimation_state=init`)).toEqual([b.id])
    expect(await ids(`${q}&party_kind=publisher`)).toEqual([])
    expect(await ids(`${q}&country_code=FR`)).toEqual([])
    expect(await ids(`${q}&currency=eur&country_code=DE&party_kind=seller`)).toEqual([b.id, a.id])
    expect(await ids(`${q}&state=activated_by_lw`)).toEqual([])
    expect(await ids(`query=${encodeURIComponent(s.email)}`)).toEqual([b.id, a.id])
    expect(await ids(`${q}&created_from_time=${encodeURIComponent(new Date(Date.now() + 86_400_000).toISOString())}`)).toEqual([])
    const counted = (await admin('GET', `bank_accounts?${q}&counts=true`)).json()
    expect(counted.counts.activated).toBeGreaterThanOrEqual(1)
    expect(counted.total_count).toBe(2)
    expect(counted.total_count_max).toBeGreaterThanOrEqual(2)
  })
})
