import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { closeDemoSellerSession, demoSellerSession, type DemoSellerSession } from './harness'

// The shop header's picture, banner and bio (docs/decisions/0046-seller-presence.md), as the demo seller: set
// in the cabinet's account settings with previews and a counter, shown on the shop page, removed again.

let session: DemoSellerSession | undefined
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

const png = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer()

async function choose(testId: string, name: string, buffer: Buffer) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByTestId(testId).click()])
  await chooser.setFiles({ name, mimeType: 'image/png', buffer })
}

describe('the seller presence', () => {
  test('upload a picture and a banner, write a bio; the shop page shows them; removing the picture brings the initials back', async () => {
    await page.goto('/cabinet/profile/edit')
    const section = page.getByTestId('shop-presence')
    await expect.poll(() => section.isVisible(), { timeout: 15_000 }).toBe(true)

    await choose('presence-avatar-upload', 'me.png', await png(400, 300))
    await expect.poll(() => page.getByTestId('presence-avatar-remove').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByTestId('presence-avatar-preview').locator('img').getAttribute('src')).toMatch(/^\/api\/v1\/media\/avatar-[0-9a-f]{32}-s300\.webp$/)
    await choose('presence-banner-upload', 'banner.png', await png(1500, 300))
    await expect.poll(() => page.getByTestId('presence-banner-remove').isVisible(), { timeout: 15_000 }).toBe(true)

    await page.getByTestId('presence-bio').fill('Painter in Leipzig.')
    expect(await page.getByTestId('presence-bio-count').textContent()).toBe('19 / 500')
    await page.getByTestId('presence-bio-save').click()
    await expect.poll(() => page.getByTestId('presence-bio-save').isDisabled()).toBe(true)

    await page.goto('/s/demo')
    const avatar = page.getByTestId('shop-avatar')
    expect(await avatar.evaluate((el) => el.tagName)).toBe('IMG')
    expect(await avatar.getAttribute('alt')).toBeTruthy()
    expect(await page.getByTestId('shop-banner').getAttribute('src')).toMatch(/banner-[0-9a-f]{32}-s1200\.webp$/)
    expect(await page.getByTestId('shop-bio').textContent()).toBe('Painter in Leipzig.')

    await page.goto('/cabinet/profile/edit')
    await expect.poll(() => page.getByTestId('presence-avatar-remove').isVisible(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('presence-avatar-remove').click()
    await expect.poll(() => page.getByTestId('presence-avatar-remove').count()).toBe(0)
    // Another address than the first visit: the shop page may be kept by the browser for 30 seconds.
    await page.goto('/s/demo?page=1')
    expect(await page.getByTestId('shop-avatar').evaluate((el) => el.tagName)).toBe('SPAN')
    expect(errors).toEqual([])
  })
})

// The seller's branding on payer pages (docs/decisions/0085-customization.md): logo and primary colour set in the
// cabinet, shown in the checkout page's header.
describe('customization', () => {
  test('the seller uploads a logo and sets a primary colour; the checkout page shows both', async () => {
    await page.goto('/cabinet/customization')
    await expect.poll(() => page.getByTestId('customization-form').isVisible(), { timeout: 15_000 }).toBe(true)
    await choose('customization-logo-file', 'logo.png', await png(240, 80))
    await page.getByTestId('customization-logo-upload').click()
    await expect.poll(() => page.getByTestId('customization-logo').isVisible(), { timeout: 15_000 }).toBe(true)
    await page.getByTestId('customization-primary').fill('#123456')
    await page.getByTestId('customization-primary').blur()
    await page.getByTestId('customization-save').click()
    await expect.poll(() => page.getByText('Customization saved').isVisible(), { timeout: 15_000 }).toBe(true)

    await page.goto('/s/demo/lightroom-presets/payment?branded=1')
    const logo = page.getByTestId('brand-logo')
    expect(await logo.getAttribute('src')).toMatch(/^\/s\/demo\/uploads\//)
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240)
    expect(await page.locator('.sf-header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 52, 86)')
    expect(errors).toEqual([])
  })
})
