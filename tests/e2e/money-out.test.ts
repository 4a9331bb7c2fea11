import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser, signedInPage, startServer, type RunningServer } from './harness'
import { seriousViolations } from './axe'

// Money out in Chromium against the real server (docs/decisions/0049-money-out.md), the whole way in one
// server: the demo seller uploads the documents of a natural person and submits them; a manager sees an
// image through the authenticated blob, refuses a document, and accepts the check once it is replaced; the
// seller adds a bank account the manager accepts (a replacing one is rejected with a reason the seller
// reads); under the test clock yesterday's sales leave the refund window and become available; the seller
// asks for a payout of the whole available balance; the manager makes the SEPA batch, downloads its pain.001
// file, marks it issued and paid; the seller sees the payout paid out. A publisher company fills in its
// identity with its owner.

const manager = { email: 'manager@money-e2e.test', password: 'Manager-pass1!' }
const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
const demoPublisher = { email: 'publisher@sellfront.test', password: demo.password }
const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)])
const pdf = Buffer.from('%PDF-1.4\n% a tiny document\n%%EOF\n')

let server: RunningServer
let browser: Browser
let seller: { context: BrowserContext; page: Page; errors: string[] }
let admin: { context: BrowserContext; page: Page; errors: string[] }

beforeAll(async () => {
  server = await startServer({ managers: [manager], env: { SEED_DEMO: 'true', DEMO_PASSWORD: demo.password, TEST_CLOCK: 'on', PAYOUT_DEBTOR_NAME: 'Sellfront Test', PAYOUT_DEBTOR_IBAN: 'DE02120300000000202051' } })
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

async function upload(page: Page, kind: string, name: string, buffer: Buffer, mimeType: string) {
  await page.getByTestId(`identity-upload-${kind}`).setInputFiles({ name, mimeType, buffer })
  await expect.poll(() => page.getByTestId(`identity-doc-${kind}`).getAttribute('data-state')).toBe('created')
}

describe('money out', () => {
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

  test('a seller submits an account, a manager accepts it; a replacing one is rejected with a reason the seller reads', async () => {
    const { page } = seller
    await page.goto('/cabinet/bank_accounts')
    await page.getByTestId('bank-accounts-page').waitFor()
    await page.getByTestId('bank-iban').fill('DE89 3704 0044 0532 0130 00')
    await page.getByTestId('bank-holder').fill('Demo Seller')
    await page.getByTestId('bank-country').click()
    await page.getByRole('option', { name: /Germany/ }).click()
    await expect.poll(() => page.getByTestId('bank-currency').textContent()).toContain('EUR')
    await page.getByTestId('bank-submit').click()
    const row = page.locator('[data-testid^="bank-account-row-"]').first()
    await row.waitFor()
    const id = Number((await row.getAttribute('data-testid'))!.replace('bank-account-row-', ''))
    expect(await page.getByTestId(`bank-account-state-${id}`).getAttribute('data-value')).toBe('waiting')
    expect(await row.textContent()).toContain('DE •••• 3000')

    await admin.page.goto('/admin/bank_account_legitimations')
    await admin.page.getByTestId('admin-bank-legitimations').waitFor()
    await admin.page.getByTestId(`admin-bank-open-${id}`).click()
    await expect.poll(() => admin.page.getByTestId('admin-bank-iban').textContent()).toBe('DE89370400440532013000')
    await admin.page.getByTestId('admin-bank-accept').click()
    await admin.page.getByTestId(`admin-bank-row-${id}`).waitFor({ state: 'detached' })

    await page.reload()
    await expect.poll(() => page.getByTestId(`bank-account-state-${id}`).getAttribute('data-value')).toBe('activated')

    // a replacing account is rejected with a reason the seller reads in the list
    await page.getByTestId('bank-iban').fill('DE02 1203 0000 0000 2020 51')
    await page.getByTestId('bank-holder').fill('Someone Else')
    await page.getByTestId('bank-country').click()
    await page.getByRole('option', { name: /Germany/ }).click()
    await page.getByTestId('bank-submit').click()
    const second = page.locator('[data-testid^="bank-account-row-"]').filter({ hasText: 'Someone Else' })
    await second.waitFor()
    const secondId = Number((await second.getAttribute('data-testid'))!.replace('bank-account-row-', ''))
    expect(await page.getByTestId(`bank-account-check-${secondId}`).getAttribute('data-value')).toBe('change')

    await admin.page.goto('/admin/bank_accounts')
    await admin.page.getByTestId('admin-bank-accounts').waitFor()
    await admin.page.getByTestId(`admin-bank-open-${secondId}`).click()
    await admin.page.getByTestId('admin-bank-reject').click()
    await admin.page.getByTestId('admin-bank-reject-reason').click()
    await admin.page.getByRole('option', { name: 'The holder does not match the verified identity' }).click()
    await admin.page.getByTestId('admin-bank-reject-comment').fill('Please use your own account')
    await admin.page.getByTestId('admin-bank-reject-submit').click()
    await expect.poll(() => admin.page.getByTestId(`bank-account-state-${secondId}`).first().getAttribute('data-value')).toBe('rejected')

    await page.reload()
    await expect.poll(() => page.getByTestId(`bank-account-reason-${secondId}`).textContent()).toContain('does not match')
    expect(seller.errors).toEqual([])
    expect(admin.errors).toEqual([])
  })

  test('a sale leaves the refund window under the test clock; the seller is paid out through a SEPA batch', async () => {
    const { page } = seller
    // Nothing to batch yet: the manager is told so.
    await admin.page.goto('/admin/payouts')
    await admin.page.getByTestId('admin-payouts').waitFor()
    await admin.page.getByTestId('admin-batch-create').click()
    await expect.poll(() => admin.page.getByRole('alert').first().textContent()).toContain('no pending SEPA payouts')

    await page.goto('/cabinet/payouts_balance')
    await page.getByTestId('payouts-balance-page').waitFor()
    await expect.poll(() => page.getByTestId('payout-availability').getAttribute('data-value')).toBe('payments_payouts')
    const figure = async (id: string) => Number(((await page.getByTestId(id).textContent()) ?? '').replace(/[^0-9]/g, ''))
    const availableBefore = await figure('balance-available-eur')
    const pendingBefore = await figure('balance-pending-eur')
    expect(availableBefore).toBeGreaterThan(0)
    expect(pendingBefore).toBeGreaterThan(0)

    // Yesterday's sales leave the 14-day refund window.
    await admin.page.goto('/admin/test_clock')
    await admin.page.getByTestId('test-clock-days').fill('15')
    await admin.page.getByTestId('test-clock-advance').click()
    await admin.page.getByTestId('test-clock-advanced').waitFor()
    await page.reload()
    await page.getByTestId('payouts-balance-page').waitFor()
    await expect.poll(() => figure('balance-pending-eur')).toBe(0)
    expect(await figure('balance-available-eur')).toBe(availableBefore + pendingBefore)

    // The whole available balance, the form's default.
    await page.getByTestId('payout-request').click()
    await expect.poll(() => figure('balance-available-eur')).toBe(0)
    await page.getByTestId('payout-tab-payouts').click()
    await page.getByTestId('payouts-page').waitFor()
    const row = page.locator('[data-testid^="payout-row-"]').first()
    await row.waitFor()
    const payoutId = Number((await row.getAttribute('data-testid'))!.replace('payout-row-', ''))
    await expect.poll(() => page.getByTestId(`payout-state-${payoutId}`).getAttribute('data-value')).toBe('pending')

    // The manager batches it, downloads the file, marks it issued, then paid.
    await admin.page.goto('/admin/payouts')
    await admin.page.getByTestId('admin-payouts').waitFor()
    await admin.page.getByTestId('admin-batch-create').click()
    const batch = admin.page.locator('[data-testid^="admin-batch-row-"]').first()
    await batch.waitFor()
    const batchId = Number((await batch.getAttribute('data-testid'))!.replace('admin-batch-row-', ''))
    const [download] = await Promise.all([admin.page.waitForEvent('download'), admin.page.getByTestId(`admin-batch-download-${batchId}`).click()])
    const file = await download.path().then((path) => import('node:fs').then((fs) => fs.readFileSync(path!, 'utf8')))
    expect(file).toContain('pain.001.001.03')
    expect(file).toContain('DE89370400440532013000')
    expect(file).toContain(`<CtrlSum>${((availableBefore + pendingBefore) / 100).toFixed(2)}</CtrlSum>`)
    await admin.page.getByTestId(`admin-batch-issued-${batchId}`).click()
    await expect.poll(() => admin.page.getByTestId(`payout-state-${payoutId}`).first().getAttribute('data-value')).toBe('issued')
    await admin.page.getByTestId(`admin-batch-successful-${batchId}`).click()
    await expect.poll(() => admin.page.getByTestId(`payout-state-${payoutId}`).first().getAttribute('data-value')).toBe('successful')

    await page.reload()
    await page.getByTestId('payouts-page').waitFor()
    await expect.poll(() => page.getByTestId(`payout-state-${payoutId}`).getAttribute('data-value')).toBe('successful')
    await page.getByTestId('payout-tab-balance').click()
    await expect.poll(() => figure('balance-paid-out-eur')).toBe(availableBefore + pendingBefore)
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
