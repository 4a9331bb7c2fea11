import AxeBuilder from '@axe-core/playwright'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, signedInPage, startServer, type RunningServer } from './harness'

// The identity check in Chromium against the real server (docs/decisions/0049-money-out.md "Identity"): the
// demo seller uploads the three documents of a natural person on /cabinet/identity and submits them; a
// manager opens the check on /admin/legitimations, sees an image through the authenticated blob, refuses a
// document, and after the seller replaced it and submitted again, accepts the check.

const manager = { email: 'manager@identity-e2e.test', password: 'Manager-pass1!' }
const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const demoPublisher = { email: 'publisher@sellfront.test', password: demo.password }
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
const pdf = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n')

let server: RunningServer
let browser: Browser
let seller: { context: BrowserContext; page: Page; errors: string[] }
let admin: { context: BrowserContext; page: Page; errors: string[] }

beforeAll(async () => {
  server = await startServer({ managers: [manager], env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password } })
  browser = await launchBrowser()
  seller = await signedInPage(browser, server, demo, '**/cabinet**')
  admin = await signedInPage(browser, server, manager, '**/admin**')
})

afterAll(async () => {
  await seller?.context.close()
  await admin?.context.close()
  await browser?.close()
  await server?.stop()
})

/** The critical and serious accessibility violations on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

async function upload(page: Page, kind: string, name: string, buffer: Buffer, mimeType: string) {
  await page.getByTestId(`identity-upload-${kind}`).setInputFiles({ name, mimeType, buffer })
  await expect.poll(() => page.getByTestId(`identity-doc-${kind}`).getAttribute('data-state')).toBe('created')
}

describe('identity check', () => {
  let legitimationId = 0

  test('the seller uploads the documents and submits them', async () => {
    const { page } = seller
    await page.goto('/cabinet/identity')
    await page.getByTestId('identity-page').waitFor()
    // A natural person starts on the documents page.
    await page.getByTestId('identity-doc-id_from_front').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    await upload(page, 'id_from_front', 'front.png', png, 'image/png')
    await upload(page, 'id_from_back', 'back.png', png, 'image/png')
    await upload(page, 'proof_doc', 'bill.pdf', pdf, 'application/pdf')
    expect(await page.getByTestId('identity-doc-file-proof_doc').textContent()).toContain('bill.pdf')
    await page.getByTestId('identity-documents-next').click()
    expect(await page.getByTestId('identity-availability').getAttribute('data-value')).toBe('no_documents')
    await page.getByTestId('identity-submit').click()
    await expect.poll(() => page.getByTestId('identity-availability').getAttribute('data-value')).toBe('verification')
    await page.getByTestId('identity-locked').waitFor()
  })

  test('the manager sees the image, refuses a document; the seller replaces it; the manager accepts', async () => {
    const { page } = admin
    await page.goto('/admin/legitimations')
    await page.getByTestId('admin-legitimations').waitFor()
    // The only check on a fresh server is the demo seller's.
    const open = page.locator('[data-testid^="admin-legitimation-open-"]').first()
    legitimationId = Number((await open.getAttribute('data-testid'))!.split('-').pop())
    expect(legitimationId).toBeGreaterThan(0)
    await open.click()
    const drawer = page.getByTestId('admin-legitimation-detail')
    await drawer.getByTestId('admin-legitimation-step').waitFor()
    expect(await seriousViolations(page)).toEqual([])
    const documents = await page.locator('[data-testid^="admin-doc-validate-"]').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-testid')!.split('-').pop())))
    expect(documents).toHaveLength(3)
    // An image is shown from an object URL made of the authenticated fetch.
    await expect.poll(() => page.locator('[data-testid^="admin-doc-image-"]').first().getAttribute('src')).toMatch(/^blob:/)

    const proof = page.locator('[data-testid^="admin-doc-"]', { hasText: 'Proof of address' }).first()
    const proofId = Number((await proof.getAttribute('data-testid'))!.split('-').pop())
    await page.getByTestId(`admin-doc-refuse-${proofId}`).click()
    await page.getByTestId('admin-doc-refuse-reason').click()
    await page.getByRole('option', { name: 'Expired' }).click()
    await page.getByTestId('admin-doc-refuse-comment').fill('Older than three months')
    await page.getByTestId('admin-doc-refuse-confirm').click()
    await expect.poll(() => drawer.getByTestId('admin-legitimation-step').getAttribute('data-step')).toBe('change')

    const s = seller.page
    await s.reload()
    await s.getByTestId('identity-page').waitFor()
    await s.getByTestId('identity-stepper-documents').click()
    await s.getByTestId('identity-doc-refused-proof_doc').waitFor()
    expect(await s.getByTestId('identity-doc-refused-proof_doc').textContent()).toContain('Older than three months')
    await upload(s, 'proof_doc', 'new-bill.pdf', pdf, 'application/pdf')
    await s.getByTestId('identity-documents-next').click()
    await s.getByTestId('identity-submit').click()
    await expect.poll(() => s.getByTestId('identity-availability').getAttribute('data-value')).toBe('verification')

    await page.reload()
    await page.getByTestId(`admin-legitimation-open-${legitimationId}`).click()
    await expect.poll(() => drawer.getByTestId('admin-legitimation-step').getAttribute('data-step')).toBe('requested')
    await page.getByTestId('admin-legitimation-accept').click()
    await expect.poll(() => drawer.getByTestId('admin-legitimation-step').getAttribute('data-step')).toBe('legitimated')

    await s.reload()
    await s.getByTestId('identity-page').waitFor()
    await expect.poll(() => s.getByTestId('identity-availability').getAttribute('data-value')).toBe('payments')
    expect(seller.errors).toEqual([])
    expect(admin.errors).toEqual([])
  })

  test('a publisher company names its headquarters, representative and owner, uploads and submits', async () => {
    const { context, page, errors } = await signedInPage(browser, server, demoPublisher, '**/publish**')
    await page.goto('/publish/identity')
    await page.getByTestId('identity-page').waitFor()
    await page.getByTestId('identity-stepper-type').click()
    await page.getByTestId('identity-type-entity').check()
    await page.getByTestId('identity-hq-company').fill('Berg Media GmbH')
    await page.getByTestId('identity-hq-city').fill('Berlin')
    await page.getByTestId('identity-save-type').click()
    await page.getByTestId('identity-step-person').waitFor()
    await page.getByTestId('identity-person-first_name').fill('Lena')
    await page.getByTestId('identity-person-last_name').fill('Berg')
    await page.getByTestId('identity-save-person').click()
    await page.getByTestId('identity-doc-shareholder_declaration').waitFor()
    await upload(page, 'id_verification', 'passport.png', png, 'image/png')
    await upload(page, 'company_lr', 'register.pdf', pdf, 'application/pdf')
    await upload(page, 'shareholder_declaration', 'owners.pdf', pdf, 'application/pdf')
    await page.getByTestId('identity-documents-next').click()
    await page.getByTestId('identity-ubo-add').click()
    await page.getByTestId('identity-ubo-0-first_name').fill('Lena')
    await page.getByTestId('identity-ubo-0-last_name').fill('Berg')
    await page.getByTestId('identity-ubo-0-share').fill('60')
    await page.getByTestId('identity-save-ubos').click()
    await page.getByTestId('identity-step-summary').waitFor()
    await page.getByTestId('identity-submit').click()
    await expect.poll(() => page.getByTestId('identity-availability').getAttribute('data-value')).toBe('verification')
    expect(errors).toEqual([])
    await context.close()
  })
})
