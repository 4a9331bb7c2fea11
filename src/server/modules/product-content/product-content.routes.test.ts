import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createProduct, createSeller, oneTimePlan, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir, STORAGE: 'local' })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const products = '/api/v1/cabinet/products'
const pdf = (filename: string, content: string) => ({ name: 'file', filename, content, contentType: 'application/pdf' })

async function addFiles(id: number, files: ReturnType<typeof pdf>[]) {
  const res = await t.request({ method: 'POST', url: `${products}/${id}/files`, token: seller.accessToken, ...multipart(files) })
  if (res.statusCode !== 201) throw new Error(res.body)
}

async function addCover(id: number) {
  const res = await t.request({ method: 'POST', url: `${products}/${id}/covers`, token: seller.accessToken, ...multipart([{ name: 'file', filename: 'c.png', content: await testImage(400, 300), contentType: 'image/png' }]) })
  if (res.statusCode !== 201) throw new Error(res.body)
  return res.json()
}

/** The storage keys the database holds for a product: its download files, then its cover variants. */
async function storedKeys(productId: number): Promise<{ files: string[]; covers: string[] }> {
  const files = await t.deps.database.executeSql('select storage_key from download_files where product_id = $1 order by position, id', [productId])
  const covers = await t.deps.database.executeSql('select variants from product_covers where product_id = $1 order by position, id', [productId])
  const variants = (value: unknown) => Object.values((typeof value === 'string' ? JSON.parse(value) : value) as Record<string, string>)
  return {
    files: files.rows.map((r) => (r as { storage_key: string }).storage_key),
    covers: covers.rows.flatMap((r) => variants((r as { variants: unknown }).variants)),
  }
}

/** Every object in local storage (DATA_DIR/uploads/<2 hex>/<key>). */
function objectsOnDisk(): string[] {
  const root = join(temp.dir, 'uploads')
  try {
    return readdirSync(root).flatMap((dir) => readdirSync(join(root, dir)))
  } catch {
    return []
  }
}

describe('deleting a product removes its stored files', () => {
  test('download files and every cover variant leave storage once the deletion has committed: no orphan files', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    await addFiles(product.id, [pdf('a.pdf', '%PDF-1.4 a'), pdf('b.pdf', '%PDF-1.4 b')])
    await addCover(product.id)
    const keys = await storedKeys(product.id)
    expect(keys.files).toHaveLength(2)
    expect(keys.covers.length).toBeGreaterThanOrEqual(5)
    for (const key of [...keys.files, ...keys.covers]) expect(await t.deps.storage.exists(key)).toBe(true)
    const before = objectsOnDisk().length

    expect((await t.request({ method: 'DELETE', url: `${products}/${product.id}`, token: seller.accessToken })).statusCode).toBe(204)
    for (const key of [...keys.files, ...keys.covers]) expect(await t.deps.storage.exists(key)).toBe(false)
    expect(objectsOnDisk()).toHaveLength(before - keys.files.length - keys.covers.length)
    expect((await t.request({ method: 'GET', url: `/api/v1/media/${keys.covers[0]}` })).statusCode).toBe(404)
  })

  test('a deletion that is refused (the product has orders) keeps every file', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    await addFiles(product.id, [pdf('kept.pdf', '%PDF-1.4 kept')])
    await addCover(product.id)
    await t.deps.database.executeSql('update products set sold_count = 1 where id = $1', [product.id])
    expect((await t.request({ method: 'DELETE', url: `${products}/${product.id}`, token: seller.accessToken })).statusCode).toBe(409)
    const keys = await storedKeys(product.id)
    for (const key of [...keys.files, ...keys.covers]) expect(await t.deps.storage.exists(key)).toBe(true)
  })
})

describe('duplicating a product copies what it is made of', () => {
  test('files and covers are copied to new storage keys with the same bytes; the copy keeps them when the original is deleted', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download', name: 'Pack' })
    await addFiles(product.id, [pdf('one.pdf', '%PDF-1.4 one'), pdf('two.pdf', '%PDF-1.4 two')])
    await addCover(product.id)
    const res = await t.request({ method: 'POST', url: `${products}/${product.id}/duplicate`, token: seller.accessToken })
    expect(res.statusCode).toBe(201)
    const copy = res.json()
    expect(copy.statuses).not.toContain('no_digitals')
    expect(copy.covers).toHaveLength(1)

    const source = await storedKeys(product.id)
    const copied = await storedKeys(copy.id)
    expect(copied.files).toHaveLength(2)
    expect(copied.covers).toHaveLength(source.covers.length)
    for (const key of [...copied.files, ...copied.covers]) expect([...source.files, ...source.covers]).not.toContain(key)
    for (const [i, key] of copied.files.entries()) expect((await t.deps.storage.get(key)).equals(await t.deps.storage.get(source.files[i]!))).toBe(true)
    const files = (await t.request({ method: 'GET', url: `${products}/${copy.id}/files`, token: seller.accessToken })).json()
    expect(files.list.map((f: any) => [f.name, f.size, f.position])).toEqual([['one.pdf', 12, 0], ['two.pdf', 12, 1]])
    expect(copy.covers[0].variants.s100).not.toBe((await t.request({ method: 'GET', url: `${products}/${product.id}`, token: seller.accessToken })).json().covers[0].variants.s100)
    expect((await t.request({ method: 'GET', url: copy.covers[0].variants.s100 })).statusCode).toBe(200)

    expect((await t.request({ method: 'DELETE', url: `${products}/${product.id}`, token: seller.accessToken })).statusCode).toBe(204)
    for (const key of [...copied.files, ...copied.covers]) expect(await t.deps.storage.exists(key)).toBe(true)
  })

  test('a file whose bytes went missing stops the copy with 409 and leaves no copied bytes behind', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'download' })
    await addFiles(product.id, [pdf('x.pdf', '%PDF-1.4 x'), pdf('y.pdf', '%PDF-1.4 y')])
    const keys = await storedKeys(product.id)
    await t.deps.storage.delete(keys.files[1]!)
    const before = objectsOnDisk().sort()
    const res = await t.request({ method: 'POST', url: `${products}/${product.id}/duplicate`, token: seller.accessToken })
    expect(res.statusCode).toBe(409)
    expect(objectsOnDisk().sort()).toEqual(before)
    const list = await t.request({ method: 'GET', url: `${products}?per=500`, token: seller.accessToken })
    expect(list.json().list.filter((p: any) => p.name === `${product.name} (copy)`)).toHaveLength(0)
  })

  test('pricing plans become new plans with fresh versions: version 1 holds the current terms; the discount is copied without its orders', async () => {
    const product = await createProduct(t, seller.accessToken, { pricing_plans: [oneTimePlan(1000), { form: 'installment', currency_id: 'eur', first_amount: 500, next_amount: 300, payments_count: 4, interval: '1m' }] })
    const planId = product.pricing_plans[0].id
    await t.request({ method: 'PATCH', url: `${products}/${product.id}/pricing_plans/${planId}`, token: seller.accessToken, payload: oneTimePlan(1500) })
    await t.request({ method: 'PATCH', url: `${products}/${product.id}/pricing_plans/${planId}`, token: seller.accessToken, payload: oneTimePlan(2000) })
    await t.request({ method: 'PUT', url: `${products}/${product.id}/discount`, token: seller.accessToken, payload: { value_form: 'percents', value: 10, limit: 5 } })
    await t.deps.database.executeSql('update product_discounts set orders_count = 4 where product_id = $1', [product.id])
    const sourceVersions = (await t.request({ method: 'GET', url: `${products}/${product.id}/pricing_plans/${planId}/versions`, token: seller.accessToken })).json().list
    expect(sourceVersions.map((v: any) => v.version)).toEqual([1, 2, 3])

    const copy = (await t.request({ method: 'POST', url: `${products}/${product.id}/duplicate`, token: seller.accessToken })).json()
    expect(copy.pricing_plans.map((p: any) => [p.form, p.price, p.first_amount, p.total])).toEqual([['one_time', 2000, null, 2000], ['installment', null, 500, 1400]])
    for (const [i, plan] of copy.pricing_plans.entries()) {
      expect(plan.id).not.toBe(product.pricing_plans[i].id)
      const versions = (await t.request({ method: 'GET', url: `${products}/${copy.id}/pricing_plans/${plan.id}/versions`, token: seller.accessToken })).json().list
      expect(versions).toHaveLength(1)
      expect(versions[0]).toMatchObject({ version: 1, id: plan.version_id })
      if (i === 0) expect(versions[0].snapshot).toEqual(sourceVersions[2].snapshot)
    }
    expect(copy.discount).toMatchObject({ value_form: 'percents', value: 10, limit: 5, orders_count: 0, applies: true })
    expect(copy.pricing_plans[0]).toMatchObject({ display_price: 1800, display_old_price: 2000 })
  })

  test('a course\'s modules and lessons (blocks and quizzes) are copied; changing the copy leaves the original as it was', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'course', name: 'Painting' })
    const courseUrl = (id: number) => `${products}/${id}/course`
    const post = async (url: string, payload: Record<string, unknown>) => (await t.request({ method: 'POST', url, token: seller.accessToken, payload })).json()
    const m1 = await post(`${courseUrl(product.id)}/modules`, { title: 'Basics', description: 'Start here' })
    const m2 = await post(`${courseUrl(product.id)}/modules`, { title: 'Colour' })
    await post(`${courseUrl(product.id)}/modules/${m1.id}/lessons`, { title: 'Brushes', blocks: [{ kind: 'text', html: '<p>Hold it <strong>lightly</strong></p>' }] })
    await post(`${courseUrl(product.id)}/modules/${m2.id}/lessons`, {
      title: 'Quiz', quiz: { pass_percent: 50, questions: [{ kind: 'single_choice', text: 'Primary?', points: 2, options: [{ text: 'Red', correct: true }, { text: 'Green', correct: false }] }] },
    })
    const original = (await t.request({ method: 'GET', url: courseUrl(product.id), token: seller.accessToken })).json()

    const copy = (await t.request({ method: 'POST', url: `${products}/${product.id}/duplicate`, token: seller.accessToken })).json()
    const copied = (await t.request({ method: 'GET', url: courseUrl(copy.id), token: seller.accessToken })).json()
    const shape = (tree: any) => tree.modules.map((m: any) => [m.title, m.description, m.position, m.lessons.map((l: any) => [l.title, l.position, l.blocks, l.quiz])])
    expect(copied.lessons_count).toBe(2)
    expect(shape(copied)).toEqual(shape(original))
    expect(copied.modules.map((m: any) => m.id)).not.toEqual(original.modules.map((m: any) => m.id))

    await t.request({ method: 'PATCH', url: `${courseUrl(copy.id)}/modules/${copied.modules[0].id}`, token: seller.accessToken, payload: { title: 'Renamed' } })
    await t.request({ method: 'DELETE', url: `${courseUrl(copy.id)}/lessons/${copied.modules[1].lessons[0].id}`, token: seller.accessToken })
    expect(shape((await t.request({ method: 'GET', url: courseUrl(product.id), token: seller.accessToken })).json())).toEqual(shape(original))
  })

  test('a certificate\'s design is copied', async () => {
    const product = await createProduct(t, seller.accessToken, { form: 'certificate' })
    const design = {
      layout: 'portrait', title: 'Well done {{payer_name}}', body: 'For {{product_name}}', colors: { text: '#222222', accent: '#0055aa', background: '#ffffff' },
      date_source: 'relative_date', relative_days: 7, validity_start: 'from_payment', validity_days: 30,
    }
    const saved = await t.request({ method: 'PUT', url: `${products}/${product.id}/certificate_design`, token: seller.accessToken, payload: design })
    expect(saved.statusCode).toBe(200)
    const copy = (await t.request({ method: 'POST', url: `${products}/${product.id}/duplicate`, token: seller.accessToken })).json()
    const copied = (await t.request({ method: 'GET', url: `${products}/${copy.id}/certificate_design`, token: seller.accessToken })).json()
    const { product_id: _a, updated_at: _b, ...expected } = saved.json()
    expect(copied).toMatchObject({ ...expected, product_id: copy.id, saved: true })
  })
})
