import { readFile } from 'node:fs/promises'
import iconv from 'iconv-lite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Page } from 'playwright-core'
import { closeDemoSellerSession, demoSellerSession, type DemoSellerSession } from './harness'

// Connecting the platform to other systems, as the demo seller (one server for both pages):
// - the webhooks page (docs/decisions/0072-signed-webhooks.md): the demo endpoint (inactive) is listed; a new
//   endpoint shows its secret once; its delivery log opens; a private address is refused;
// - the DATEV export (docs/decisions/0076-datev-export.md): the demo's settings, an export of this month built by
//   the job, its file downloaded as DATEV reads it, and the log filtered by booking type.

let session: DemoSellerSession | undefined
let page: Page
let errors: string[]

beforeAll(async () => {
  session = await demoSellerSession()
  ;({ page, errors } = session)
})

afterAll(() => closeDemoSellerSession(session))

describe('the webhooks page', () => {
  test('the demo endpoint is listed; adding one shows the whsec_ secret once; a private URL is refused with the reason', async () => {
    await page.goto('/cabinet/webhooks')
    await expect.poll(() => page.getByTestId('webhooks-page').isVisible(), { timeout: 15_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('webhook-card').filter({ hasText: 'https://example.com/hooks/sellfront' }).count(), { timeout: 15_000 }).toBe(1)

    await page.getByTestId('webhook-url').fill('http://10.0.0.1/hooks')
    await page.getByTestId('webhook-save').click()
    await expect.poll(() => page.getByText(/10\.0\.0\.1, a private address/).isVisible(), { timeout: 15_000 }).toBe(true)

    await page.getByTestId('webhook-url').fill('https://93.184.216.34/hooks/e2e')
    await page.getByTestId('webhook-save').click()
    await expect.poll(() => page.getByTestId('webhook-secret').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(await page.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/)
    await page.keyboard.press('Escape')
    const card = page.getByTestId('webhook-card').filter({ hasText: 'https://93.184.216.34/hooks/e2e' })
    await expect.poll(() => card.count(), { timeout: 15_000 }).toBe(1)
    await card.getByRole('button', { name: 'Deliveries' }).click()
    await expect.poll(() => card.getByTestId('webhook-deliveries').isVisible(), { timeout: 15_000 }).toBe(true)
    expect(errors.filter((e) => !e.includes('400'))).toEqual([])
  })
})

describe('the DATEV export page', () => {
  test('the demo settings are there; this month\'s export is built, its EUR file is a Buchungsstapel; the log filters sales', async () => {
    await page.goto('/cabinet/datev')
    await expect.poll(() => page.getByTestId('datev-consultant-number').inputValue(), { timeout: 15_000 }).toBe('29098')
    const today = new Date().toISOString().slice(0, 10)
    await page.getByTestId('datev-period-from').fill(`${today.slice(0, 8)}01`)
    await page.getByTestId('datev-period-till').fill(today)
    await page.getByTestId('datev-export-submit').click()
    // the job builds it; the list refreshes while it waits
    await expect.poll(() => page.getByTestId('datev-export-state').first().textContent(), { timeout: 20_000 }).toBe('Done')

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('datev-download-eur').first().click()])
    expect(download.suggestedFilename()).toBe(`EXTF_Buchungsstapel_${today.slice(0, 8)}01_${today}_EUR.csv`)
    const lines = iconv.decode(await readFile((await download.path())!), 'win1252').split('\r\n')
    expect(lines[0]!.startsWith('"EXTF";700;21;"Buchungsstapel";13;')).toBe(true)
    expect(lines[0]).toContain(';29098;55003;')
    expect(lines[1]).toContain('Umsatz (ohne Soll/Haben-Kz)')
    expect(lines.filter((l) => /;"S";"EUR";;;;1360;8400;/.test(l)).length).toBeGreaterThan(0)

    await page.getByTestId('datev-tab-log').click()
    await page.getByTestId('datev-filter-booking-type').click()
    await page.getByRole('option', { name: 'Sale', exact: true }).click()
    await expect.poll(async () => {
      const amounts = await page.getByTestId('datev-log-amount').allTextContents()
      return amounts.length > 0 && amounts.every((a) => a.trim().endsWith('S'))
    }, { timeout: 15_000 }).toBe(true)
    expect(errors).toEqual([])
  })
})
