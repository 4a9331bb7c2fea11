import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { tempDataDir } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { seedDemo } from '../../db/seed'

const temp = tempDataDir()
let t: TestApp
beforeAll(async () => { t = await createTestApp({ DATA_DIR: temp.dir }) })
afterAll(async () => {
  await t.close()
  temp.remove()
})

describe('demo media', () => {
  test('the demo shows covers on every product, the preset pack with files (no no_digitals), a course tree and a certificate design; seeding twice adds nothing', async () => {
    await seedDemo(t.deps, { password: 'Demo-pass-123!' })
    await seedDemo(t.deps, { password: 'Demo-pass-123!' })
    const shop = (await t.request({ method: 'GET', url: '/api/v1/shop/demo/products' })).json()
    expect(shop.list).toHaveLength(8)
    for (const item of shop.list) expect(item.covers).toHaveLength(1)
    const cover = await t.request({ method: 'GET', url: shop.list[0].covers[0].variants.s640 })
    expect(cover.statusCode).toBe(200)

    const session = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email: 'demo@sellfront.test', password: 'Demo-pass-123!', fingerprint: 'fp-demo-media-1' } })
    const token = session.json().access_token
    const bySlug = Object.fromEntries(shop.list.map((p: any) => [p.slug, p.id]))
    const presets = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${bySlug['lightroom-presets']}`, token })).json()
    expect(presets.statuses).not.toContain('no_digitals')
    expect((await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${presets.id}/files`, token })).json().total_count).toBe(2)
    const course = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${bySlug['watercolour-course']}/course`, token })).json()
    expect(course).toMatchObject({ lessons_count: 3, modules: [{ title: 'First washes' }, { title: 'Landscapes' }] })
    const design = (await t.request({ method: 'GET', url: `/api/v1/cabinet/products/${bySlug['colour-theory-certificate']}/certificate_design`, token })).json()
    expect(design).toMatchObject({ saved: true, title: 'Certificate in colour theory', validity_days: 730 })
  })
})
