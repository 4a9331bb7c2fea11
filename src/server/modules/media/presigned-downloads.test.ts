import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { multipart, tempDataDir } from '../../../../tests/factories/media'
import { extractText } from '../../../../tests/helpers/read-pdf'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { startS3StandIn, type S3StandIn } from '../../../../tests/stand-ins/s3-stand-in'
import { loadConfig } from '../../config'
import { downloadLinksOf } from './media.service'
import { localStorageOf, s3StorageOf } from './storage-config'
import { presignedOrigin, type Storage } from './storage'

// Presigned downloads (docs/decisions/0101-presigned-downloads.md): with S3_PRESIGNED_DOWNLOADS on, a download
// link and a lesson's media link answer, after the same checks and the same count, a 302 (no-store) to a
// short-lived presigned URL of the bucket, whose answer names the file; refused links never get one, and a
// stamped PDF and the local store still stream. Always on the S3 stand-in, whatever TEST_STORAGE says.

const lifetime = 3
const temp = tempDataDir()
let s3: S3StandIn
let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  s3 = await startS3StandIn()
  t = await createTestApp({ ...s3.env, DATA_DIR: temp.dir, S3_PRESIGNED_DOWNLOADS: 'true', S3_PRESIGNED_SECONDS: String(lifetime) })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t?.close()
  await s3?.close()
  temp.remove()
})

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const local = (url: string) => url.replace('http://localhost:3000', '')
const zipBytes = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64 * 1024, 7)])

async function samplePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([400, 500]).drawText('Chapter 1 of the guide', { x: 40, y: 440, size: 14, font })
  return Buffer.from(await doc.save())
}

type File = { filename: string; content: Buffer; contentType: string }
type Settings = { stamp_pdf: boolean; download_limit: number | null }

async function downloadProduct(file: File, settings: Settings, app = t, owner = seller) {
  const product = await createProduct(app, owner.accessToken, { form: 'download', name: 'The pack' })
  const upload = await app.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/files`, token: owner.accessToken, ...multipart([{ name: 'file', ...file }]) })
  expect(upload.statusCode, upload.body).toBe(201)
  expect((await app.request({ method: 'PUT', url: `/api/v1/cabinet/products/${product.id}/download_settings`, token: owner.accessToken, payload: settings })).statusCode).toBe(200)
  expect((await app.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: owner.accessToken })).statusCode).toBe(200)
  return product
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }, app = t) {
  const payer = fullPayer()
  const res = await submitOrder(app, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(app, res.json().next_action.payment_id)).statusCode).toBe(200)
  await app.deps.jobs.drain()
  const { rows } = await app.deps.database.executeSql('select id, payer_user_id from orders where token = $1', [res.json().order.token])
  const order = rows[0] as { id: number; payer_user_id: number }
  return { orderId: order.id, payerUserId: order.payer_user_id, email: payer.email }
}

async function linkOf(product: { id: number; pricing_plans: { id: number }[] }, app = t) {
  const order = await buy(product, app)
  const [link] = await downloadLinksOf(app.deps, app.deps.db, { productId: product.id, orderId: order.orderId, payerUserId: order.payerUserId })
  return { order, url: local(link!.url) }
}

describe('presigned downloads on the S3 store', () => {
  test('a download link answers 302 no-store to a presigned URL of the bucket; it gives the bytes with the file name and type, counted once, and expires', async () => {
    const product = await downloadProduct({ filename: 'Übungen 1.zip', content: zipBytes, contentType: 'application/zip' }, { stamp_pdf: false, download_limit: null })
    const { order, url } = await linkOf(product)
    const res = await t.request({ method: 'GET', url })
    expect(res.statusCode, res.body.slice(0, 200)).toBe(302)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.rawPayload.length).toBe(0)
    const location = new URL(String(res.headers.location))
    expect(`${location.origin}${location.pathname}`).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/file-[0-9a-f]{32}\\.zip$`))
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(lifetime))
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/)
    expect(await sql('select count from download_counts where order_id = $1', [order.orderId])).toEqual([{ count: 1 }])

    const fetched = await fetch(location)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toBe('application/zip')
    expect(fetched.headers.get('content-disposition')).toBe(`attachment; filename="_bungen 1.zip"; filename*=UTF-8''${encodeURIComponent('Übungen 1.zip')}`)
    expect(fetched.headers.get('cache-control')).toBe('private, no-store')
    expect(Buffer.from(await fetched.arrayBuffer()).equals(zipBytes)).toBe(true)

    // The store checks the signing time plus X-Amz-Expires against its own clock.
    await new Promise((done) => setTimeout(done, (lifetime + 1.5) * 1000))
    const late = await fetch(location)
    expect(late.status).toBe(403)
    expect(await late.text()).toContain('Request has expired')
  })

  test('past the download limit, with a forged signature or a refunded order, no URL is handed out', async () => {
    const product = await downloadProduct({ filename: 'pack.zip', content: zipBytes, contentType: 'application/zip' }, { stamp_pdf: false, download_limit: 1 })
    const { order, url } = await linkOf(product)
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(302)
    const again = await t.request({ method: 'GET', url })
    expect(again.statusCode).toBe(403)
    expect(again.json().error.type).toBe('download_limit_reached')
    expect(again.headers.location).toBeUndefined()
    expect(again.body).not.toContain('X-Amz')

    const forged = await t.request({ method: 'GET', url: url.replace(/sig=[^&]+/, `sig=${'x'.repeat(43)}`) })
    expect(forged.statusCode).toBe(403)
    expect(forged.headers.location).toBeUndefined()

    const second = await linkOf(product)
    await sql(`update orders set payment_state = 'payment_refunded' where id = $1`, [second.order.orderId])
    const refunded = await t.request({ method: 'GET', url: second.url })
    expect(refunded.statusCode).toBe(404)
    expect(refunded.headers.location).toBeUndefined()
    expect(await sql('select count from download_counts where order_id = $1', [order.orderId])).toEqual([{ count: 1 }])
  })

  test('a stamped PDF still streams through the API (its bytes are the payer\'s); an unstamped PDF is redirected', async () => {
    const pdf = await samplePdf()
    const stamped = await downloadProduct({ filename: 'guide.pdf', content: pdf, contentType: 'application/pdf' }, { stamp_pdf: true, download_limit: null })
    const { order, url } = await linkOf(stamped)
    const res = await t.request({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    expect(res.headers.location).toBeUndefined()
    expect(res.headers['content-type']).toBe('application/pdf')
    expect((await extractText(new Uint8Array(res.rawPayload), { mergePages: true })).text).toContain(`Licensed to Pia Payer <${order.email}>`)

    const plain = await downloadProduct({ filename: 'guide.pdf', content: pdf, contentType: 'application/pdf' }, { stamp_pdf: false, download_limit: null })
    const redirected = await t.request({ method: 'GET', url: (await linkOf(plain)).url })
    expect(redirected.statusCode).toBe(302)
    const fetched = await fetch(String(redirected.headers.location))
    expect(fetched.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(await fetched.arrayBuffer()).equals(pdf)).toBe(true)
  })

  test('a lesson video link checks access, then redirects to an inline presigned URL the player seeks in with ranges', async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(100_000, 3)])
    const product = await publishedProduct(t, seller.accessToken, { form: 'course', pricing_plans: [oneTimePlan(4_900)] })
    const upload = await t.request({
      method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken,
      ...multipart([{ name: 'kind', content: 'video' }, { name: 'file', filename: 'one.mp4', content: video, contentType: 'video/mp4' }]),
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const base = `/api/v1/cabinet/products/${product.id}/course`
    const module = (await t.request({ method: 'POST', url: `${base}/modules`, token: seller.accessToken, payload: { title: 'Basics' } })).json()
    const lesson = await t.request({ method: 'POST', url: `${base}/modules/${module.id}/lessons`, token: seller.accessToken, payload: { title: 'One', blocks: [{ kind: 'video', source: 'upload', key: upload.json().key, title: 'Lesson one' }] } })
    expect(lesson.statusCode, lesson.body).toBe(201)
    const buyer = await buy(product)
    const token = await signInPayer(buyer.email)
    const opened = await t.request({ method: 'GET', url: `/api/v1/payer/courses/${seller.username}/${product.slug}/lessons/${lesson.json().id}`, token })
    expect(opened.statusCode, opened.body).toBe(200)
    const link = opened.json().blocks[0].url as string

    const res = await t.request({ method: 'GET', url: link, headers: { range: 'bytes=0-' } })
    expect(res.statusCode).toBe(302)
    expect(res.headers['cache-control']).toBe('no-store')
    const location = new URL(String(res.headers.location))
    expect(location.origin).toBe(s3.endpoint)
    expect(location.searchParams.get('X-Amz-Expires')).toBe('3600')
    const part = await fetch(location, { headers: { range: 'bytes=4-11' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 4-11/${video.length}`)
    expect(await part.text()).toBe('ftypisom')
    expect(part.headers.get('content-type')).toBe('video/mp4')
    expect(part.headers.get('content-disposition')).toBe(`inline; filename="Lesson one.mp4"; filename*=UTF-8''Lesson%20one.mp4`)

    // Another payer's claim on the same link, and access revoked, answer 404 without a URL.
    const other = await t.request({ method: 'GET', url: link.replace(/u=\d+/, `u=${buyer.payerUserId + 1}`) })
    expect(other.statusCode).toBe(404)
    expect(other.headers.location).toBeUndefined()
  })

  test('the API document gives the download and lesson media links both the file and the 302', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json()
    for (const path of ['/api/v1/downloads/{file_id}', '/api/v1/payer/course_media/{lesson_id}/{key}']) {
      expect(Object.keys(doc.paths[path].get.responses), path).toEqual(expect.arrayContaining(['200', '302']))
      expect(doc.paths[path].get.responses['302'].description).toContain('presigned')
    }
  })

  test('the app\'s Content-Security-Policy lets media and frames load from the bucket', async () => {
    const res = await t.request({ method: 'GET', url: '/healthz' })
    const csp = String(res.headers['content-security-policy'])
    expect(csp).toContain(`media-src 'self' ${s3.endpoint}`)
    expect(csp).toMatch(new RegExp(`frame-src [^;]*${s3.endpoint.replace(/[.:/]/g, '\\$&')}`))
  })
})

describe('which stores presign', () => {
  test('only the S3 store with the switch on, signed for S3_PUBLIC_ENDPOINT when set; the local store streams', async () => {
    const env = { ...s3.env, DATA_DIR: temp.dir }
    expect(s3StorageOf(loadConfig(env)).presignedUrl).toBeUndefined()
    expect((localStorageOf(loadConfig({ ...env, STORAGE: 'local', S3_PRESIGNED_DOWNLOADS: 'true' })) as Storage).presignedUrl).toBeUndefined()
    const store = s3StorageOf(loadConfig({ ...env, S3_PRESIGNED_DOWNLOADS: 'true', S3_PUBLIC_ENDPOINT: 'https://files.example.com' }))
    expect(await presignedOrigin(store)).toBe('https://files.example.com')
    const url = new URL(await store.presignedUrl!('file-0123456789abcdef0123456789abcdef.zip', { expiresInSeconds: 60, fileName: 'a.zip', contentType: 'application/zip' }))
    expect(url.pathname).toBe(`/${s3.bucket}/file-0123456789abcdef0123456789abcdef.zip`)
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment; filename="a.zip"; filename*=UTF-8\'\'a.zip')
    expect(url.searchParams.get('X-Amz-Expires')).toBe('60')
  })

  test('the local store still streams downloads with the switch on', async () => {
    const localTemp = tempDataDir()
    const app = await createTestApp({ STORAGE: 'local', DATA_DIR: localTemp.dir, S3_PRESIGNED_DOWNLOADS: 'true' })
    try {
      const product = await downloadProduct({ filename: 'pack.zip', content: zipBytes, contentType: 'application/zip' }, { stamp_pdf: false, download_limit: null }, app, await createSeller(app))
      const res = await app.request({ method: 'GET', url: (await linkOf(product, app)).url })
      expect(res.statusCode).toBe(200)
      expect(res.headers.location).toBeUndefined()
      expect(res.headers['content-disposition']).toContain('pack.zip')
      expect(res.rawPayload.equals(zipBytes)).toBe(true)
    } finally {
      await app.close()
      localTemp.remove()
    }
  })
})

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const magic = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token: magic, fingerprint: 'fp-presigned-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}
