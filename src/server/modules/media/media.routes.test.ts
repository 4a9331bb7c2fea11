import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
const uploadMax = 1536 * 1024 // above BODY_LIMIT_BYTES (1 MiB): multipart is limited by its own setting
const imageMax = 512 * 1024
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir, UPLOAD_MAX_BYTES: String(uploadMax), IMAGE_MAX_BYTES: String(imageMax) })
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const filesUrl = (id: number) => `/api/v1/cabinet/products/${id}/files`
const coversUrl = (id: number) => `/api/v1/cabinet/products/${id}/covers`
const file = (filename: string, content: Buffer | string, contentType = 'application/pdf') => ({ name: 'file', filename, content, contentType })

describe('download files', () => {
  test('a download without files reports no_digitals and cannot publish; with a file it loses the status and publishes', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    expect(product.statuses).toContain('no_digitals')
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })).statusCode).toBe(422)

    const res = await t.request({ method: 'POST', url: filesUrl(product.id), token: seller.accessToken, ...multipart([file('guide.pdf', '%PDF-1.4 guide')]) })
    expect(res.statusCode).toBe(201)
    expect(res.json().list[0]).toMatchObject({ name: 'guide.pdf', size: 14, content_type: 'application/pdf', position: 0 })
    const after = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}`, token: seller.accessToken })
    expect(after.json().statuses).not.toContain('no_digitals')
    expect((await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })).statusCode).toBe(200)

    const file0 = res.json().list[0].id
    expect((await t.request({ method: 'DELETE', url: `${filesUrl(product.id)}/${file0}`, token: seller.accessToken })).statusCode).toBe(204)
    const none = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}`, token: seller.accessToken })
    expect(none.json().statuses).toContain('no_digitals')
  })

  test('several files in one request are stored in order; list, replace and reorder keep names, sizes and positions', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    const big = Buffer.alloc(1200 * 1024, 7) // over the JSON body limit, under UPLOAD_MAX_BYTES
    const res = await t.request({
      method: 'POST', url: filesUrl(product.id), token: seller.accessToken,
      ...multipart([file('a.zip', 'AAAA', 'application/zip'), file('../../etc/b.bin', big, 'application/octet-stream'), file('c.txt', 'CC', 'text/plain')]),
    })
    expect(res.statusCode).toBe(201)
    expect(res.json().list.map((f: any) => [f.name, f.size, f.position])).toEqual([['a.zip', 4, 0], ['b.bin', big.length, 1], ['c.txt', 2, 2]])
    const ids = res.json().list.map((f: any) => f.id)

    const replaced = await t.request({ method: 'PUT', url: `${filesUrl(product.id)}/${ids[0]}`, token: seller.accessToken, ...multipart([file('a-v2.zip', 'AAAAAAAA', 'application/zip')]) })
    expect(replaced.statusCode).toBe(200)
    expect(replaced.json()).toMatchObject({ id: ids[0], name: 'a-v2.zip', size: 8, position: 0 })

    const reordered = await t.request({ method: 'POST', url: `${filesUrl(product.id)}/reorder`, token: seller.accessToken, payload: { ids: [ids[2], ids[0], ids[1]] } })
    expect(reordered.statusCode).toBe(200)
    expect(reordered.json().list.map((f: any) => f.id)).toEqual([ids[2], ids[0], ids[1]])
    const partial = await t.request({ method: 'POST', url: `${filesUrl(product.id)}/reorder`, token: seller.accessToken, payload: { ids: [ids[0], ids[1]] } })
    expect(partial.statusCode).toBe(422)
    expect(partial.json().error.fields[0].path).toBe('ids')

    const list = await t.request({ method: 'GET', url: filesUrl(product.id), token: seller.accessToken })
    expect(list.json().list.map((f: any) => f.name)).toEqual(['c.txt', 'a-v2.zip', 'b.bin'])
  })

  test('a file over UPLOAD_MAX_BYTES answers 413 payload_too_large and stores nothing', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    const res = await t.request({ method: 'POST', url: filesUrl(product.id), token: seller.accessToken, ...multipart([file('ok.txt', 'ok'), file('huge.bin', Buffer.alloc(uploadMax + 1))]) })
    expect(res.statusCode).toBe(413)
    expect(res.json().error.type).toBe('payload_too_large')
    expect((await t.request({ method: 'GET', url: filesUrl(product.id), token: seller.accessToken })).json().total_count).toBe(0)
  })

  test('files belong to download products only (422); a JSON body is refused (415)', async () => {
    const digital = await createProduct(t, seller.accessToken, { form: 'digital' })
    const res = await t.request({ method: 'POST', url: filesUrl(digital.id), token: seller.accessToken, ...multipart([file('a.pdf', 'x')]) })
    expect(res.statusCode).toBe(422)
    expect(res.json().error.type).toBe('wrong_product_form')
    const download = await createProduct(t, seller.accessToken, { form: 'download' })
    expect((await t.request({ method: 'POST', url: filesUrl(download.id), token: seller.accessToken, payload: { name: 'x' } })).statusCode).toBe(415)
  })
})

describe('covers', () => {
  test('an image becomes s100, s300, s640, s1200 and cover (1920) webp variants, never upscaled, served publicly with long caching', async () => {
    const product = await createProduct(t, seller.accessToken)
    const res = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([file('photo.png', await testImage(800, 450), 'image/png')]) })
    expect(res.statusCode).toBe(201)
    const cover = res.json()
    expect(Object.keys(cover.variants).sort()).toEqual(['cover', 's100', 's1200', 's300', 's640'])
    expect(cover.url).toBe(cover.variants.s100)
    const widths: Record<string, number> = {}
    for (const [name, url] of Object.entries(cover.variants as Record<string, string>)) {
      const media = await t.request({ method: 'GET', url })
      expect(media.statusCode).toBe(200)
      expect(media.headers['content-type']).toBe('image/webp')
      expect(media.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      const meta = await sharp(media.rawPayload).metadata()
      expect(meta.format).toBe('webp')
      widths[name] = meta.width!
    }
    expect(widths).toEqual({ s100: 100, s300: 300, s640: 640, s1200: 800, cover: 800 })

    // The product answers carry the covers: cabinet and public shop list and page.
    const view = await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${product.id}`, token: seller.accessToken })
    expect(view.json().covers).toEqual([cover])
    await t.request({ method: 'POST', url: `/api/v1/cabinet/products/${product.id}/publish`, token: seller.accessToken })
    const shopList = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })
    expect(shopList.json().list.find((p: any) => p.id === product.id).covers).toEqual([cover])
    const page = await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products/${product.slug}` })
    expect(page.json().covers[0].variants.s100).toBe(cover.variants.s100)
  })

  test('a crop with ratio 16:9 inside the image is applied; outside the image or with the wrong ratio is a field error', async () => {
    const product = await createProduct(t, seller.accessToken)
    const image = await testImage(1000, 1000, 'jpeg')
    const ok = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([{ name: 'crop', content: JSON.stringify({ ratio: '16:9', x: 0, y: 100, width: 640, height: 360 }) }, file('p.jpg', image, 'image/jpeg')]) })
    expect(ok.statusCode).toBe(201)
    expect(ok.json()).toMatchObject({ width: 640, height: 360 })
    const square = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([{ name: 'crop', content: JSON.stringify({ ratio: '1', x: 500, y: 500, width: 500, height: 500 }) }, file('p.jpg', image, 'image/jpeg')]) })
    expect(square.json()).toMatchObject({ width: 500, height: 500 })
    const outside = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([{ name: 'crop', content: JSON.stringify({ ratio: '1', x: 600, y: 0, width: 500, height: 500 }) }, file('p.jpg', image, 'image/jpeg')]) })
    expect(outside.statusCode).toBe(422)
    expect(outside.json().error.fields[0]).toMatchObject({ path: 'crop' })
    const ratio = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([{ name: 'crop', content: JSON.stringify({ ratio: '16:9', x: 0, y: 0, width: 500, height: 500 }) }, file('p.jpg', image, 'image/jpeg')]) })
    expect(ratio.statusCode).toBe(422)
    expect(ratio.json().error.fields[0].path).toBe('crop.ratio')
  })

  test('a file that is not an image is refused by its content, whatever its name (422 not_an_image); over IMAGE_MAX_BYTES is 413', async () => {
    const product = await createProduct(t, seller.accessToken)
    const fake = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([file('photo.png', 'this is text, not a picture', 'image/png')]) })
    expect(fake.statusCode).toBe(422)
    expect(fake.json().error.fields).toEqual([{ path: 'file', message: expect.stringContaining('not an image') }])
    const big = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([file('big.png', Buffer.alloc(imageMax + 10), 'image/png')]) })
    expect(big.statusCode).toBe(413)
    expect(big.json().error.type).toBe('payload_too_large')
    expect((await t.request({ method: 'GET', url: coversUrl(product.id), token: seller.accessToken })).json().total_count).toBe(0)
  })

  test('covers are listed in order, reordered and deleted; a deleted cover is no longer served', async () => {
    const product = await createProduct(t, seller.accessToken)
    const ids: number[] = []
    for (let i = 0; i < 3; i++) {
      const res = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([file(`c${i}.png`, await testImage(200 + i, 100), 'image/png')]) })
      ids.push(res.json().id)
    }
    const reordered = await t.request({ method: 'POST', url: `${coversUrl(product.id)}/reorder`, token: seller.accessToken, payload: { ids: [ids[2], ids[1], ids[0]] } })
    expect(reordered.json().list.map((c: any) => c.id)).toEqual([ids[2], ids[1], ids[0]])
    const url = reordered.json().list[0].variants.s300
    expect((await t.request({ method: 'DELETE', url: `${coversUrl(product.id)}/${ids[2]}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: coversUrl(product.id), token: seller.accessToken })).json().list.map((c: any) => c.id)).toEqual([ids[1], ids[0]])
  })

  test('the public media route serves only cover variants: download files and made-up or hostile keys answer 404', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    await t.request({ method: 'POST', url: filesUrl(product.id), token: seller.accessToken, ...multipart([file('secret.pdf', '%PDF-secret')]) })
    const { rows } = await t.deps.database.executeSql('select storage_key from download_files where product_id = $1', [product.id])
    const key = (rows[0] as { storage_key: string }).storage_key
    expect(await t.deps.storage.exists(key)).toBe(true)
    for (const url of [`/api/v1/media/${key}`, '/api/v1/media/cover-00000000000000000000000000000000-s100.webp', '/api/v1/media/..%2F..%2Fetc%2Fpasswd', '/api/v1/media/cover-..']) {
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})

describe('media uploads', () => {
  test('an upload is checked by content for its kind: a PDF must start with %PDF-, an image must be an image', async () => {
    const pdf = await t.request({ method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken, ...multipart([{ name: 'kind', content: 'pdf' }, file('w.pdf', '%PDF-1.7 workbook')]) })
    expect(pdf.statusCode).toBe(201)
    expect(pdf.json()).toMatchObject({ kind: 'pdf', name: 'w.pdf', size: 17 })
    const notPdf = await t.request({ method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken, ...multipart([{ name: 'kind', content: 'pdf' }, file('w.pdf', 'hello')]) })
    expect(notPdf.statusCode).toBe(422)
    const notImage = await t.request({ method: 'POST', url: '/api/v1/cabinet/uploads', token: seller.accessToken, ...multipart([{ name: 'kind', content: 'image' }, file('w.png', 'hello', 'image/png')]) })
    expect(notImage.statusCode).toBe(422)
    expect(notImage.json().error.fields[0].path).toBe('file')
    const list = await t.request({ method: 'GET', url: '/api/v1/cabinet/uploads?kind=pdf', token: seller.accessToken })
    expect(list.json().list.map((u: any) => u.key)).toEqual([pdf.json().key])
    expect((await t.request({ method: 'GET', url: '/api/v1/cabinet/uploads', token: other.accessToken })).json().total_count).toBe(0)
  })
})

describe('another seller', () => {
  test("another seller's product, file and cover answer 404 on every route and change nothing", async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    const files = await t.request({ method: 'POST', url: filesUrl(product.id), token: seller.accessToken, ...multipart([file('mine.pdf', '%PDF-mine')]) })
    const fileId = files.json().list[0].id
    const cover = await t.request({ method: 'POST', url: coversUrl(product.id), token: seller.accessToken, ...multipart([file('c.png', await testImage(120, 120), 'image/png')]) })
    const coverId = cover.json().id
    const foreign = other.accessToken
    const attempts = [
      { method: 'GET', url: filesUrl(product.id) },
      { method: 'POST', url: filesUrl(product.id), ...multipart([file('x.pdf', 'x')]) },
      { method: 'PUT', url: `${filesUrl(product.id)}/${fileId}`, ...multipart([file('x.pdf', 'x')]) },
      { method: 'POST', url: `${filesUrl(product.id)}/reorder`, payload: { ids: [fileId] } },
      { method: 'DELETE', url: `${filesUrl(product.id)}/${fileId}` },
      { method: 'GET', url: coversUrl(product.id) },
      { method: 'POST', url: coversUrl(product.id), ...multipart([file('c.png', await testImage(50, 50), 'image/png')]) },
      { method: 'POST', url: `${coversUrl(product.id)}/reorder`, payload: { ids: [coverId] } },
      { method: 'DELETE', url: `${coversUrl(product.id)}/${coverId}` },
    ] as const
    for (const attempt of attempts) {
      const res = await t.request({ ...attempt, token: foreign } as any)
      expect(res.statusCode, `${attempt.method} ${attempt.url}`).toBe(404)
      expect(res.body).not.toContain('mine.pdf')
    }
    const mine = await t.request({ method: 'GET', url: filesUrl(product.id), token: seller.accessToken })
    expect(mine.json().list.map((f: any) => f.name)).toEqual(['mine.pdf'])
    expect((await t.request({ method: 'GET', url: coversUrl(product.id), token: seller.accessToken })).json().total_count).toBe(1)
    // A file id of another product of the same seller is not found through this product either.
    const second = await createProduct(t, seller.accessToken, { form: 'download' })
    expect((await t.request({ method: 'DELETE', url: `${filesUrl(second.id)}/${fileId}`, token: seller.accessToken })).statusCode).toBe(404)
  })
})
