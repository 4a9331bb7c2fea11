import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart } from '../../../../tests/factories/media'
import { signUpUser, type SignedUp } from '../../../../tests/factories/users'

// The identity check (docs/decisions/0049-money-out.md "Identity" and "Availability"): a seller and a
// publisher fill it in, upload private documents, submit; a manager validates, refuses, accepts or rejects;
// the availability follows; the files are reachable only through these routes and go with the account.

let t: TestApp
let manager: string
beforeAll(async () => {
  t = await createTestApp()
  manager = await signInManager(t)
})
afterAll(async () => { await t.close() })

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)])
const pdf = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n')

type Area = 'cabinet' | 'publish'
const url = (area: Area, rest = '') => `/api/v1/${area}/legitimation${rest}`

function upload(area: Area, token: string, kind: string, content: Buffer, filename = `${kind}.bin`) {
  const body = multipart([{ name: 'kind', content: kind }, { name: 'file', filename, contentType: 'application/octet-stream', content }])
  return t.request({ method: 'POST', url: url(area, '/documents'), token, payload: body.payload, headers: body.headers })
}
const get = (area: Area, token: string) => t.request({ method: 'GET', url: url(area), token })
const submit = (area: Area, token: string) => t.request({ method: 'POST', url: url(area, '/submit'), token })
const admin = (method: 'GET' | 'POST', path: string, payload?: object, token = manager) =>
  t.request({ method, url: `/api/v1/admin/${path}`, token, ...(payload ? { payload } : {}) })

async function publisher(): Promise<SignedUp> {
  return signUpUser(t, { profile_type: 'publisher' })
}

async function mailsTo(userId: number, kind: string): Promise<{ subject: string; text: string }[]> {
  const { rows } = await t.deps.database.executeSql('select subject, text from email_logs where user_id = $1 and kind = $2 order by id', [userId, kind])
  return rows as { subject: string; text: string }[]
}

describe('a seller (natural person)', () => {
  let seller: TestSeller
  beforeAll(async () => { seller = await createSeller(t) })

  test('starts with defaults and no_documents naming every required document', async () => {
    const res = await get('cabinet', seller.accessToken)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      id: null, party_kind: 'seller', business_type: 'natural', step: 'documents', documents: [],
      required_documents: ['id_from_front', 'id_from_back', 'proof_doc'],
      availability: { value: 'no_documents', missing: [{ kind: 'document', document: 'id_from_front' }, { kind: 'document', document: 'id_from_back' }, { kind: 'document', document: 'proof_doc' }] },
    })
    expect(res.json().allowed_documents).toContain('other_doc_2')
  })

  test('uploads, submits, and is accepted: no_documents -> verification -> payments', async () => {
    expect((await upload('cabinet', seller.accessToken, 'id_from_front', png, 'front.png')).statusCode).toBe(201)
    const afterTwo = await upload('cabinet', seller.accessToken, 'id_from_back', jpeg, 'back.jpg')
    expect(afterTwo.json().availability).toEqual({ value: 'no_documents', missing: [{ kind: 'document', document: 'proof_doc' }] })
    const early = await submit('cabinet', seller.accessToken)
    expect(early.statusCode).toBe(400)
    expect(early.json().error.message).toContain('proof_doc')

    const last = await upload('cabinet', seller.accessToken, 'proof_doc', pdf, 'bill.pdf')
    expect(last.statusCode).toBe(201)
    expect(last.json().availability).toEqual({ value: 'no_documents', missing: [{ kind: 'submit' }] })
    const proof = last.json().documents.find((d: { kind: string }) => d.kind === 'proof_doc')
    expect(proof).toMatchObject({ state: 'created', file_name: 'bill.pdf', content_type: 'application/pdf', size: pdf.length })

    const submitted = await submit('cabinet', seller.accessToken)
    expect(submitted.statusCode).toBe(200)
    expect(submitted.json()).toMatchObject({ step: 'requested', availability: { value: 'verification', missing: [{ kind: 'review' }] } })
    expect(submitted.json().documents.every((d: { state: string }) => d.state === 'validation_asked')).toBe(true)
    // Submitted: no more edits until a manager answers.
    expect((await t.request({ method: 'PUT', url: url('cabinet'), token: seller.accessToken, payload: { business_type: 'entity' } })).statusCode).toBe(409)
    expect((await upload('cabinet', seller.accessToken, 'other_doc_1', png)).statusCode).toBe(409)

    const id = submitted.json().id as number
    const list = await admin('GET', 'legitimations?step=requested&counts=true&party_kind=seller')
    expect(list.statusCode).toBe(200)
    expect(list.json().list.map((l: { id: number }) => l.id)).toContain(id)
    expect(list.json().counts.requested).toBeGreaterThanOrEqual(1)
    const byEmail = await admin('GET', `legitimations?query=${encodeURIComponent(seller.email)}`)
    expect(byEmail.json().list.map((l: { id: number }) => l.id)).toEqual([id])
    // The list reads its page's documents and bank accounts in one query each: every row answers as the single read does.
    for (const row of list.json().list as { id: number }[]) expect(row).toEqual((await admin('GET', `legitimations/${row.id}`)).json())

    const accepted = await admin('POST', `legitimations/${id}/accept`)
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ step: 'legitimated', party_id: seller.sellerId, user: { email: seller.email } })
    expect(accepted.json().documents.every((d: { state: string }) => d.state === 'validated')).toBe(true)
    expect((await get('cabinet', seller.accessToken)).json().availability).toEqual({ value: 'payments', missing: [{ kind: 'bank_account' }] })
    expect(await mailsTo(seller.userId, 'legitimation_accepted')).toHaveLength(1)
  })

  test('the owner reads its file privately; the stored key is random and no static path serves it', async () => {
    const own = (await get('cabinet', seller.accessToken)).json()
    const front = own.documents.find((d: { kind: string }) => d.kind === 'id_from_front')
    const file = await t.request({ method: 'GET', url: url('cabinet', `/documents/${front.id}/file`), token: seller.accessToken })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.headers['cache-control']).toBe('private, no-store')
    expect(String(file.headers['content-disposition'])).toMatch(/^inline; filename="front.png"/)
    expect(file.rawPayload.equals(png)).toBe(true)

    const { rows } = await t.deps.database.executeSql('select storage_key from kyc_documents where id = $1', [front.id])
    const key = (rows[0] as { storage_key: string }).storage_key
    expect(key).toMatch(/^kyc-[0-9a-f]{32}$/)
    expect(key).not.toContain('front')
    for (const path of [`/api/v1/media/${key}`, `/${key}`, `/media/${key}`, `/uploads/${key}`, `/files/${key}`]) {
      const res = await t.request({ method: 'GET', url: path })
      expect(res.rawPayload.equals(png), path).toBe(false)
    }
    expect((await t.request({ method: 'GET', url: url('cabinet', `/documents/${front.id}/file`) })).statusCode).toBe(401)
    const managerFile = await admin('GET', `kyc_documents/${front.id}/file`)
    expect(managerFile.statusCode).toBe(200)
    expect(managerFile.rawPayload.equals(png)).toBe(true)
  })
})

describe('a publisher (entity)', () => {
  test('names its company and owners, gets a document refused with a reason, replaces it and is accepted', async () => {
    const user = await publisher()
    expect((await get('publish', user.accessToken)).json()).toMatchObject({ id: null, party_kind: 'publisher', business_type: 'natural' })
    const saved = await t.request({
      method: 'PUT', url: url('publish'), token: user.accessToken,
      payload: { business_type: 'entity', step: 'head_quarter', head_quarter: { company: 'Berg Media GmbH', city: 'Berlin', country_code: 'DE' } },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ business_type: 'entity', step: 'head_quarter', required_documents: ['id_verification', 'company_lr', 'shareholder_declaration'] })
    const more = await t.request({
      method: 'PUT', url: url('publish'), token: user.accessToken,
      payload: { step: 'ubo', legal_representative: { first_name: 'Lena', last_name: 'Berg' }, ubos: [{ first_name: 'Lena', last_name: 'Berg', share_bps: 6000 }] },
    })
    expect(more.json()).toMatchObject({ step: 'ubo', legal_representative: { first_name: 'Lena' }, ubos: [{ last_name: 'Berg', share_bps: 6000 }], head_quarter: { company: 'Berg Media GmbH' } })
    // A natural person's kind is not an entity's.
    expect((await upload('publish', user.accessToken, 'id_from_front', png)).statusCode).toBe(422)

    for (const kind of ['id_verification', 'company_lr', 'shareholder_declaration']) expect((await upload('publish', user.accessToken, kind, pdf)).statusCode).toBe(201)
    const submitted = await submit('publish', user.accessToken)
    expect(submitted.json()).toMatchObject({ step: 'requested', availability: { value: 'verification' } })

    const detail = await admin('GET', `legitimations/${submitted.json().id}`)
    expect(detail.json()).toMatchObject({ party_kind: 'publisher', head_quarter: { company: 'Berg Media GmbH' } })
    const register = detail.json().documents.find((d: { kind: string }) => d.kind === 'company_lr')
    expect((await admin('POST', `kyc_documents/${register.id}/refuse`, { reason: 'expired', comment: 'Older than three months' })).statusCode).toBe(200)

    const own = (await get('publish', user.accessToken)).json()
    expect(own.step).toBe('change')
    expect(own.documents.find((d: { kind: string }) => d.kind === 'company_lr')).toMatchObject({ state: 'refused', refused_reason: 'expired', refused_comment: 'Older than three months' })
    expect(own.availability).toEqual({ value: 'no_documents', missing: [{ kind: 'document', document: 'company_lr', refused: true }] })
    const refusedMail = await mailsTo(user.userId, 'kyc_document_refused')
    expect(refusedMail).toHaveLength(1)
    expect(refusedMail[0]!.text).toContain('Older than three months')
    // Accepting with a refused document is refused.
    expect((await admin('POST', `legitimations/${own.id}/accept`)).statusCode).toBe(409)

    const again = await upload('publish', user.accessToken, 'company_lr', png)
    expect(again.json().availability).toEqual({ value: 'no_documents', missing: [{ kind: 'submit' }] })
    expect((await submit('publish', user.accessToken)).json().step).toBe('requested')
    const validated = await admin('POST', `kyc_documents/${again.json().documents.find((d: { kind: string }) => d.kind === 'company_lr').id}/validate`)
    expect(validated.statusCode).toBe(200)
    expect((await admin('POST', `legitimations/${own.id}/accept`)).json().step).toBe('legitimated')
    expect((await get('publish', user.accessToken)).json().availability.value).toBe('payments')
  })

  test('a rejected check shows the reason, mails it, and may be corrected and asked again', async () => {
    const user = await publisher()
    for (const kind of ['id_from_front', 'id_from_back', 'proof_doc']) await upload('publish', user.accessToken, kind, jpeg)
    const id = (await submit('publish', user.accessToken)).json().id
    expect((await admin('POST', `legitimations/${id}/reject`, { reason: 'The names do not match' })).json()).toMatchObject({ step: 'rejected', rejection_reason: 'The names do not match' })
    expect((await get('publish', user.accessToken)).json()).toMatchObject({ step: 'rejected', availability: { value: 'rejected' } })
    expect(await mailsTo(user.userId, 'legitimation_rejected')).toHaveLength(1)
    await upload('publish', user.accessToken, 'proof_doc', pdf)
    expect((await submit('publish', user.accessToken)).json().step).toBe('requested')
  })
})

describe('uploads and access', () => {
  test('a file that is no JPEG, PNG or PDF, an oversized one, or none answer 400 with a clear message', async () => {
    const seller = await createSeller(t)
    const text = await upload('cabinet', seller.accessToken, 'id_from_front', Buffer.from('just some text, not an image'), 'id.png')
    expect(text.statusCode).toBe(400)
    expect(text.json().error).toMatchObject({ type: 'invalid_upload', message: 'Upload a JPEG or PNG image or a PDF document' })
    const big = await upload('cabinet', seller.accessToken, 'id_from_front', Buffer.concat([png, Buffer.alloc(10 * 1024 * 1024)]))
    expect(big.statusCode).toBe(400)
    expect(big.json().error.type).toBe('invalid_upload')
    expect(big.json().error.message).toContain('10 MB')
    const noFile = multipart([{ name: 'kind', content: 'id_from_front' }])
    expect((await t.request({ method: 'POST', url: url('cabinet', '/documents'), token: seller.accessToken, payload: noFile.payload, headers: noFile.headers })).statusCode).toBe(400)
    expect((await upload('cabinet', seller.accessToken, 'passport', png)).statusCode).toBe(422)
    const { rows } = await t.deps.database.executeSql('select count(*)::int as n from kyc_documents d join legitimations l on l.id = d.legitimation_id where l.party_kind = $1 and l.party_id = $2', ['seller', seller.sellerId])
    expect(rows[0]).toEqual({ n: 0 })
  })

  test('another party\'s document answers 404; a new upload of a kind replaces the older one', async () => {
    const owner = await createSeller(t)
    const stranger = await createSeller(t)
    const first = (await upload('cabinet', owner.accessToken, 'id_from_front', png)).json().documents[0]
    const second = (await upload('cabinet', owner.accessToken, 'id_from_front', jpeg)).json().documents
    expect(second).toHaveLength(1)
    expect(second[0]).toMatchObject({ kind: 'id_from_front', content_type: 'image/jpeg' })
    expect((await t.request({ method: 'GET', url: url('cabinet', `/documents/${first.id}/file`), token: owner.accessToken })).statusCode).toBe(404)
    const id = second[0].id
    expect((await t.request({ method: 'GET', url: url('cabinet', `/documents/${id}/file`), token: stranger.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: url('cabinet', `/documents/${id}`), token: stranger.accessToken })).statusCode).toBe(404)
    const publisherUser = await publisher()
    expect((await t.request({ method: 'GET', url: url('publish', `/documents/${id}/file`), token: publisherUser.accessToken })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: url('cabinet', `/documents/${id}`), token: owner.accessToken })).statusCode).toBe(204)
    expect((await get('cabinet', owner.accessToken)).json().documents).toEqual([])
  })

  test('a seller, a publisher or a payer gets 403 on the managers\' routes', async () => {
    const seller = await createSeller(t)
    const payer = await signUpUser(t, { profile_type: 'payer' })
    const publisherUser = await publisher()
    for (const token of [seller.accessToken, payer.accessToken, publisherUser.accessToken]) {
      expect((await admin('GET', 'legitimations', undefined, token)).statusCode).toBe(403)
      expect((await admin('GET', 'legitimations/1', undefined, token)).statusCode).toBe(403)
      expect((await admin('GET', 'kyc_documents/1/file', undefined, token)).statusCode).toBe(403)
      expect((await admin('POST', 'legitimations/1/reject', { reason: 'x' }, token)).statusCode).toBe(403)
    }
    // A payer has no identity check of its own.
    expect((await get('publish', payer.accessToken)).statusCode).toBe(403)
  })

  test('deleting the account deletes the documents and their files', async () => {
    const user = await signUpUser(t)
    await upload('cabinet', user.accessToken, 'id_from_front', png)
    await upload('cabinet', user.accessToken, 'proof_doc', pdf)
    const before = await t.deps.database.executeSql('select d.storage_key from kyc_documents d join legitimations l on l.id = d.legitimation_id where l.user_id = $1', [user.userId])
    const keys = (before.rows as { storage_key: string }[]).map((r) => r.storage_key)
    expect(keys).toHaveLength(2)
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(true)
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/delete', token: user.accessToken, payload: { password: user.password, reason: 'privacy' } })
    expect(res.statusCode).toBe(204)
    const after = await t.deps.database.executeSql('select d.id from kyc_documents d join legitimations l on l.id = d.legitimation_id where l.user_id = $1', [user.userId])
    expect(after.rows).toEqual([])
    for (const key of keys) expect(await t.deps.storage.exists(key)).toBe(false)
  })

  test('while a balance remains, the questionnaire refuses and the documents stay', async () => {
    const seller = await createSeller(t)
    await upload('cabinet', seller.accessToken, 'id_from_front', png)
    // A balanced ledger transaction that leaves the seller 10.00 EUR (as a charge would).
    const transactionId = `identity-test-${seller.sellerId}`
    for (const [account, amount] of [[`seller_balance:${seller.sellerId}`, 1000], ['payer_clearing', -1000]] as const) {
      await t.deps.database.executeSql('insert into ledger_entries (transaction_id, kind, account, amount, currency) values ($1, $2, $3, $4, $5)', [transactionId, 'charge', account, amount, 'eur'])
    }
    const status = await t.request({ method: 'GET', url: '/api/v1/app/user/deletion', token: seller.accessToken })
    expect(status.json()).toMatchObject({ start_step: -1, can_delete: false })
    expect(status.json().blockers).toContain('positive_balance')
    const res = await t.request({ method: 'POST', url: '/api/v1/app/user/delete', token: seller.accessToken, payload: { password: seller.password, reason: 'privacy' } })
    expect(res.statusCode).toBe(409)
    expect(res.json().error.type).toBe('deletion_not_possible')
    expect((await get('cabinet', seller.accessToken)).json().documents).toHaveLength(1)
  })
})
