import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, testImage } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'

// The seller's avatar, banner and bio (docs/decisions/0046-seller-presence.md): uploaded like covers, answered
// by the profile and the public shop list, removed with their bytes.

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
const imageMax = 512 * 1024
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir, IMAGE_MAX_BYTES: String(imageMax) })
  seller = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const profileUrl = '/api/v1/cabinet/profile'
const image = (content: Buffer | string, contentType = 'image/png') => ({ name: 'image', filename: 'picture.png', content, contentType })
const shopSeller = async () => (await t.request({ method: 'GET', url: `/api/v1/shop/${seller.username}/products` })).json().seller
const widthOf = async (path: string) => {
  const res = await t.request({ method: 'GET', url: path })
  expect(res.statusCode).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  const meta = await sharp(res.rawPayload).metadata()
  return { width: meta.width, height: meta.height }
}

describe('seller presence', () => {
  test('a new seller has no avatar, banner or bio; the shop header data says so', async () => {
    const res = await t.request({ method: 'GET', url: profileUrl, token: seller.accessToken })
    expect(res.json()).toMatchObject({ bio: null, avatar: null, banner: null })
    expect(await shopSeller()).toMatchObject({ username: seller.username, avatar: null, banner: null, bio: null })
  })

  test('the avatar is stored as square webp variants (never the original), served publicly, replaced and removed with its bytes', async () => {
    const res = await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, ...multipart([image(await testImage(800, 500))]) })
    expect(res.statusCode).toBe(200)
    const avatar = res.json().avatar
    expect(Object.keys(avatar.variants)).toEqual(['s100', 's300'])
    expect(avatar.url).toBe(avatar.variants.s300)
    expect(await widthOf(avatar.variants.s100)).toEqual({ width: 100, height: 100 })
    expect(await widthOf(avatar.variants.s300)).toEqual({ width: 300, height: 300 })
    expect((await shopSeller()).avatar).toEqual(avatar)

    const replaced = await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, ...multipart([image(await testImage(200, 200))]) })
    expect(replaced.statusCode).toBe(200)
    // A small picture is never enlarged; the replaced variants are gone.
    expect(await widthOf(replaced.json().avatar.variants.s300)).toEqual({ width: 200, height: 200 })
    expect((await t.request({ method: 'GET', url: avatar.variants.s100 })).statusCode).toBe(404)

    const removed = await t.request({ method: 'DELETE', url: `${profileUrl}/avatar`, token: seller.accessToken })
    expect(removed.statusCode).toBe(204)
    expect((await t.request({ method: 'GET', url: replaced.json().avatar.variants.s100 })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: profileUrl, token: seller.accessToken })).json().avatar).toBeNull()
    expect((await t.request({ method: 'DELETE', url: `${profileUrl}/avatar`, token: seller.accessToken })).statusCode).toBe(204)
  })

  test('the banner keeps its ratio in 640, 1200 and 1920 wide variants; removing it leaves the avatar', async () => {
    await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, ...multipart([image(await testImage(300, 300))]) })
    const res = await t.request({ method: 'POST', url: `${profileUrl}/banner`, token: seller.accessToken, ...multipart([image(await testImage(1400, 350))]) })
    expect(res.statusCode).toBe(200)
    const banner = res.json().banner
    expect(await widthOf(banner.variants.s640)).toEqual({ width: 640, height: 160 })
    expect(await widthOf(banner.variants.s1920)).toEqual({ width: 1400, height: 350 })
    expect((await shopSeller()).banner).toEqual(banner)
    expect((await t.request({ method: 'DELETE', url: `${profileUrl}/banner`, token: seller.accessToken })).statusCode).toBe(204)
    const after = await shopSeller()
    expect(after.banner).toBeNull()
    expect(after.avatar).not.toBeNull()
  })

  test('a file that is not an image is refused (422 not_an_image), over IMAGE_MAX_BYTES is 413, no file is 422; nothing changes', async () => {
    const fake = await t.request({ method: 'POST', url: `${profileUrl}/banner`, token: seller.accessToken, ...multipart([image('this is text, not a picture')]) })
    expect(fake.statusCode).toBe(422)
    expect(fake.json().error.fields).toEqual([{ path: 'file', message: expect.stringContaining('not an image') }])
    const big = await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, ...multipart([image(Buffer.alloc(imageMax + 10))]) })
    expect(big.statusCode).toBe(413)
    const none = await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, ...multipart([{ name: 'note', content: 'hello' }]) })
    expect(none.statusCode).toBe(422)
    const json = await t.request({ method: 'POST', url: `${profileUrl}/avatar`, token: seller.accessToken, payload: { image: 'x' } })
    expect(json.statusCode).toBe(415)
    expect((await t.request({ method: 'GET', url: profileUrl, token: seller.accessToken })).json().banner).toBeNull()
    expect((await t.request({ method: 'POST', url: `${profileUrl}/avatar`, ...multipart([image(await testImage(100, 100))]) })).statusCode).toBe(401)
  })

  test('the bio is optional in PUT: set, kept when absent, cleared when empty, at most 500 characters, text only', async () => {
    const profile = (await t.request({ method: 'GET', url: profileUrl, token: seller.accessToken })).json().profile
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url: profileUrl, token: seller.accessToken, payload })
    const set = await put({ ...profile, bio: '  Painter in Leipzig.\nCourses for beginners.  ' })
    expect(set.statusCode).toBe(200)
    expect(set.json()).toMatchObject({ bio: 'Painter in Leipzig.\nCourses for beginners.' })
    expect(set.json().profile).not.toHaveProperty('bio')
    expect((await shopSeller()).bio).toBe('Painter in Leipzig.\nCourses for beginners.')
    expect((await put(profile)).json().bio).toBe('Painter in Leipzig.\nCourses for beginners.')
    const long = await put({ ...profile, bio: 'x'.repeat(501) })
    expect(long.statusCode).toBe(400)
    expect(long.json().error.fields[0].path).toBe('bio')
    expect((await put({ ...profile, bio: 'x'.repeat(500) })).statusCode).toBe(200)
    expect((await put({ ...profile, bio: '<script>alert(1)</script>' })).statusCode).toBe(400)
    expect((await put({ ...profile, bio: '' })).json().bio).toBeNull()
    expect((await shopSeller()).bio).toBeNull()
  })

  test('the shop page shows the picture, banner and bio, and falls back without them (needs npm run build:storefront)', async () => {
    const profile = (await t.request({ method: 'GET', url: profileUrl, token: seller.accessToken })).json()
    await t.request({ method: 'POST', url: `${profileUrl}/banner`, token: seller.accessToken, ...multipart([image(await testImage(1000, 250))]) })
    await t.request({ method: 'PUT', url: profileUrl, token: seller.accessToken, payload: { ...profile.profile, bio: 'Hello from the shop.' } })
    const { avatar, banner } = await shopSeller()
    const html = (await t.request({ method: 'GET', url: `/s/${seller.username}` })).body
    expect(html).toMatch(new RegExp(`<img[^>]*data-testid="shop-avatar"[^>]*src="${avatar.variants.s100}"`))
    expect(html).toContain(`${banner.variants.s1920} 1920w`)
    expect(html).toMatch(/data-testid="shop-bio">Hello from the shop.</)
    await t.request({ method: 'DELETE', url: `${profileUrl}/avatar`, token: seller.accessToken })
    await t.request({ method: 'DELETE', url: `${profileUrl}/banner`, token: seller.accessToken })
    const plain = (await t.request({ method: 'GET', url: `/s/${seller.username}` })).body
    expect(plain).toMatch(/<span[^>]*data-testid="shop-avatar">/)
    expect(plain).not.toContain('data-testid="shop-banner"')
  })
})
