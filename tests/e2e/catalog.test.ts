import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page, Route } from 'playwright-core'
import { productCsvColumns } from '../../src/shared/schemas/catalog'
import { apiSignIn, type RunningServer, createProductInWizard, closeDemoSellerSession, demoSeller, demoSellerSession, type DemoSellerSession } from './harness'

// The seller's catalogue in Chromium against the real server: one product of each of the eight forms
// made through the wizard, priced, published and seen in the list with its state; the CSV export.
// A fresh seller cannot sell (email, profile and payments open), so the demo seller, who can, is used.

const demo = demoSeller
let session: DemoSellerSession | undefined
const run = Date.now().toString(36)
let server: RunningServer
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ server, page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

const createProduct = (form: string, name: string) => createProductInWizard(page, form, name)

async function openStep(id: number, step: number, title: string) {
  await page.goto(`/cabinet/products/${id}/edit${step === 1 ? '' : `?step=${step}`}`)
  await expect.poll(() => page.getByTestId('step-title').textContent()).toBe(title)
}

async function saveStep() {
  await page.getByTestId('step-save').click()
  await page.getByTestId('step-saved').waitFor()
}

async function pick(testId: string, option: string, scope: Page | ReturnType<Page['locator']> = page) {
  await scope.getByTestId(testId).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Adds a one-time plan on the checkout step (or inside `scope`, e.g. a ticket card). */
async function addOneTimePlan(price: string, scope: Page | ReturnType<Page['locator']> = page) {
  await scope.getByTestId('plan-add').click()
  await scope.getByTestId('plan-price').fill(price)
  await scope.getByTestId('plan-save').click()
  await scope.getByTestId('plan-row').first().waitFor()
}

async function publishAndCheck(id: number, name: string) {
  await page.getByTestId('wizard-publish').click()
  await expect.poll(() => page.locator('[data-status="published"]').count(), { timeout: 10_000 }).toBeGreaterThan(0)
  await page.goto('/cabinet/products')
  await page.getByLabel('Search products').fill(name)
  const row = page.getByRole('row').filter({ hasText: name })
  await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1)
  expect(await row.locator('[data-status="published"]').count()).toBe(1)
  expect(await row.getByTestId('product-can-sell').count()).toBe(1)
  expect(id).toBeGreaterThan(0)
}

describe('the product wizard', () => {
  test('a service: details, a one-time plan, advanced, publish; the step survives a reload and clamps', async () => {
    const name = `Coaching ${run}`
    const id = await createProduct('digital', name)
    await page.getByTestId('details-display-price').fill('49,00')
    // the description is rich text; the plain description is derived from it (docs/decisions/0047-product-description-html.md)
    await page.getByRole('textbox', { name: 'Description' }).click()
    await page.keyboard.type('One call, ')
    await page.keyboard.press('Control+b')
    await page.keyboard.type('recorded')
    await page.keyboard.press('Control+b')
    await saveStep()
    const saved = await page.evaluate((productId) => (window as any).__sf.api.get(`/cabinet/products/${productId}`), id)
    expect(saved).toMatchObject({ descriptionHtml: '<p>One call, <strong>recorded</strong></p>', description: 'One call, recorded' })
    // nothing priced yet: publishing names the reason
    await page.getByTestId('wizard-publish').click()
    await page.getByTestId('publish-reasons').waitFor()
    expect(await page.getByTestId('publish-reasons').textContent()).toContain('Add at least one pricing plan.')

    await openStep(id, 2, 'Checkout')
    await page.reload()
    await expect.poll(() => page.getByTestId('step-title').textContent()).toBe('Checkout')
    await addOneTimePlan('49,00')
    expect(await page.getByTestId('plan-row').textContent()).toContain('49,00€')

    await page.goto(`/cabinet/products/${id}/edit?step=99`)
    await page.waitForURL(/step=6$/)
    await expect.poll(() => page.getByTestId('step-title').textContent()).toBe('Advanced')
    await page.getByTestId('advanced-internal-name').fill(`intern-${run}`)
    await saveStep()
    await publishAndCheck(id, name)
  })

  test('an upload shows its progress and can be canceled; removing a file asks first', async () => {
    const id = await createProduct('download', `Upload ${run}`)
    await openStep(id, 2, 'File upload')
    // the server never sees big.pdf: the bar stays until the seller cancels it. The held request is then
    // aborted by the test too; letting it through later (as unrouting once did) would store the file.
    const held: Route[] = []
    await page.route('**/api/v1/cabinet/products/*/files', async (route) => {
      if (route.request().postDataBuffer()?.includes('filename="big.pdf"')) held.push(route)
      else await route.fallback()
    })
    await page.locator('input[type=file]').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(2 * 1024 * 1024, 37) })
    await page.getByTestId('upload-progress').waitFor()
    expect(await page.getByTestId('upload-progress').textContent()).toContain('Uploading big.pdf')
    await page.getByTestId('upload-cancel').click()
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)))
    await page.getByTestId('upload-progress').waitFor({ state: 'detached' })
    // a canceled upload is no error: only the step's own "no files yet" note shows
    expect(await page.getByRole('alert').allTextContents()).toEqual(['Upload at least one file for this download.'])

    await page.locator('input[type=file]').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') })
    const table = page.getByTestId('files-table')
    await table.getByText('guide.pdf').waitFor()
    await table.getByTestId('file-remove').click()
    expect(await page.getByTestId('confirm-modal').textContent()).toContain('This cannot be undone.')
    await page.getByTestId('confirm-cancel').click()
    await page.getByTestId('confirm-modal').waitFor({ state: 'detached' })
    expect(await table.getByText('guide.pdf').count()).toBe(1)
    await table.getByTestId('file-remove').click()
    await page.getByTestId('confirm-delete').click()
    await table.waitFor({ state: 'detached' })
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    expect(errors).toEqual([])
  })

  test('a download with a file', async () => {
    const name = `Ebook ${run}`
    const id = await createProduct('download', name)
    await openStep(id, 2, 'File upload')
    await page.locator('input[type=file]').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%e2e\n') })
    await page.getByTestId('files-table').getByText('guide.pdf').waitFor()
    await openStep(id, 3, 'Checkout')
    await addOneTimePlan('9,90')
    await publishAndCheck(id, name)
  })

  test('a course with content and an installment plan whose total shows live', async () => {
    const name = `Course ${run}`
    const id = await createProduct('course', name)
    await openStep(id, 2, 'Content')
    await page.getByTestId('module-title').fill('Basics')
    await page.getByTestId('module-add').click()
    await page.getByTestId('course-module').waitFor()
    await page.getByTestId('lesson-title').fill('Welcome')
    await page.getByTestId('lesson-add').click()
    await page.getByTestId('course-lesson').waitFor()

    await openStep(id, 3, 'Checkout')
    await page.getByTestId('plan-add').click()
    await pick('plan-form-select', 'Installments')
    await page.getByTestId('plan-first').fill('100')
    await page.getByTestId('plan-next').fill('50')
    await page.getByTestId('plan-count').fill('3')
    await pick('plan-interval', '1 month')
    await expect.poll(() => page.getByTestId('plan-total').textContent()).toBe('200,00€')
    await page.getByTestId('plan-save').click()
    await page.getByTestId('plan-row').waitFor()
    await publishAndCheck(id, name)
  })

  for (const form of ['membership', 'bundle'] as const) {
    test(`a ${form} with an included product`, async () => {
      const name = `${form} ${run}`
      const id = await createProduct(form, name)
      await openStep(id, 2, 'Products')
      await page.getByTestId('addons-select').click()
      await page.getByRole('option', { name: new RegExp(`^Coaching ${run}`) }).click()
      await page.keyboard.press('Escape')
      await saveStep()
      await openStep(id, 3, 'Checkout')
      await addOneTimePlan('29,00')
      await publishAndCheck(id, name)
    })
  }

  test('event tickets with a ticket type and its own plan', async () => {
    const name = `Event ${run}`
    const id = await createProduct('eventTickets', name)
    await openStep(id, 2, 'Tickets details')
    const form = page.getByTestId('ticket-new-form')
    await form.getByTestId('ticket-name').fill('Standard')
    await form.getByTestId('ticket-location').fill('Berlin')
    await form.getByTestId('ticket-start').fill('2030-05-01T18:00')
    await form.getByTestId('ticket-end').fill('2030-05-01T22:00')
    // its name and place in German too (docs/decisions/0095-product-translations.md)
    await form.getByTestId('ticket-translation-language').click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await form.getByTestId('ticket-translation-add').click()
    await form.getByTestId('ticket-translation-name-de').fill('Stehplatz')
    expect(await form.getByTestId('ticket-translation-de').getAttribute('data-state')).toBe('partial')
    await form.getByTestId('ticket-translation-location-de').fill('Berlin, Halle 2')
    expect(await form.getByTestId('ticket-translation-de').getAttribute('data-state')).toBe('complete')
    await form.getByTestId('ticket-save').click()
    const card = page.getByTestId('ticket-card')
    await card.waitFor()
    expect(await card.getByTestId('ticket-translation-name-de').inputValue()).toBe('Stehplatz')
    expect(await card.getByTestId('ticket-translation-location-de').inputValue()).toBe('Berlin, Halle 2')
    await addOneTimePlan('35,00', card)
    await publishAndCheck(id, name)
  })

  test('license keys pasted and generated, with duplicates counted', async () => {
    const name = `Keys ${run}`
    const id = await createProduct('licenseKey', name)
    await openStep(id, 2, 'Add license keys')
    await page.getByTestId('keys-paste').fill('AAA-111\nBBB-222\nAAA-111')
    await page.getByTestId('keys-add').click()
    await expect.poll(() => page.getByTestId('keys-result').textContent()).toBe('2 added, 1 duplicates skipped.')
    await page.getByRole('tab', { name: 'Generate' }).click()
    await page.getByTestId('keys-format').fill('PRO-{alphanumeric:5}')
    await page.getByTestId('keys-count').fill('5')
    await page.getByTestId('keys-generate').click()
    await expect.poll(() => page.getByTestId('keys-result').textContent()).toBe('5 added, 0 duplicates skipped.')
    await expect.poll(() => page.getByTestId('keys-counts').textContent()).toContain('7 available')
    await openStep(id, 3, 'Checkout')
    await addOneTimePlan('15,00')
    await publishAndCheck(id, name)
  })

  test('a certificate with its keys details and design', async () => {
    const name = `Certificate ${run}`
    const id = await createProduct('certificate', name)
    await openStep(id, 2, 'Keys details')
    await saveStep()
    await openStep(id, 3, 'Design')
    await page.getByTestId('certificate-title').fill('Certificate of attendance')
    await saveStep()
    await openStep(id, 4, 'Checkout')
    await addOneTimePlan('5,00')
    await publishAndCheck(id, name)
    expect(errors).toEqual([])
  })
})

describe('the product list', () => {
  test('exports the CSV with the spec columns and a row', async () => {
    await page.goto('/cabinet/products')
    await page.getByLabel('Search products').fill(`Coaching ${run}`)
    await expect.poll(() => page.getByTestId('product-name').count(), { timeout: 10_000 }).toBe(1)
    const download = page.waitForEvent('download', { timeout: 10_000 }).catch(() => null)
    await page.getByTestId('export-csv').click()
    const file = await download
    const fromButton = file ? await readFile((await file.path())!, 'utf8') : null

    const token = (await apiSignIn(server, demo.email, demo.password)).access_token
    const res = await fetch(`${server.url}/api/v1/cabinet/products/export.csv?query=${encodeURIComponent(`Coaching ${run}`)}`, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status).toBe(200)
    const csv = await res.text()
    for (const text of [csv, ...(fromButton === null ? [] : [fromButton])]) {
      const [header, ...rows] = text.replace(/^\uFEFF/, '').trim().split(/\r?\n/)
      expect(header).toBe(productCsvColumns.join(','))
      expect(rows).toHaveLength(1)
      expect(rows[0]).toContain(`Coaching ${run}`)
      expect(rows[0]).toContain(`intern-${run}`)
    }
    expect(errors).toEqual([])
  })
})
