import jsQR from 'jsqr'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { extractImages } from '../helpers/read-pdf'
import { deliverablesOf, fillPayerDetails, payWithSandbox, watchProblems } from './buyer'
import { apiSignIn, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// Event tickets end to end in Chromium (docs/decisions/0018-payment-tickets-expire-when-read.md): a payer buys two tickets of the demo
// seller's event on its product page and pays with the sandbox provider; the order's deliverables show two
// payment tickets; the ticket PDF's QR image is extracted (unpdf) and decoded (jsQR); the seller checks the
// decoded code in on the cabinet's check-in page (green), a second scan is refused as already used with the
// first check-in time (red), and the overview counts it. Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

async function openVisitor(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  return { context, page, problems: watchProblems(page) }
}

/** Buys two Standard tickets of the demo event on its product page; answers the order token. */
async function buyTwoTickets(): Promise<string> {
  const { context, page, problems } = await openVisitor()
  await page.goto('/s/demo/summer-workshop')
  await page.getByTestId('ticket-option').filter({ hasText: 'Standard' }).getByTestId('plan-option').click()
  await page.getByLabel('Quantity').fill('2')
  await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
  const attendees = page.getByTestId('attendee-fields')
  await expect.poll(() => attendees.getByLabel('First name').count()).toBe(2)
  await attendees.getByLabel('First name').nth(0).fill('Ada')
  await attendees.getByLabel('Last name').nth(0).fill('Lovelace')
  await attendees.getByLabel('First name').nth(1).fill('Grace')
  await attendees.getByLabel('Last name').nth(1).fill('Hopper')
  await fillPayerDetails(page, `tickets-${Date.now().toString(36)}@payer-e2e.test`)
  const token = await payWithSandbox(page)
  expect(problems).toEqual([])
  await context.close()
  return token
}

type Ticket = { id: number; code: string; state: string; qr_url: string; pdf_url: string }

/** The order's tickets once the delivery job has issued them (GET /shop/orders/{token} deliverables). */
async function deliveredTickets(token: string): Promise<Ticket[]> {
  const delivered = await deliverablesOf(server.url, token, (d) => d.payment_tickets?.length === 2)
  return delivered.payment_tickets as Ticket[]
}

/** The first image of the PDF's page 1 that jsQR reads, as its text. */
async function qrOfPdf(pdf: Uint8Array): Promise<string | null> {
  for (const image of await extractImages(pdf, 1)) {
    const rgba = new Uint8ClampedArray(image.width * image.height * 4)
    for (let i = 0, j = 0; i < image.width * image.height; i++, j += image.channels) {
      const gray = image.channels < 3
      rgba[i * 4] = image.data[j]!
      rgba[i * 4 + 1] = image.data[gray ? j : j + 1]!
      rgba[i * 4 + 2] = image.data[gray ? j : j + 2]!
      rgba[i * 4 + 3] = image.channels === 4 ? image.data[j + 3]! : 255
    }
    const found = jsQR(rgba, image.width, image.height)
    if (found?.data) return found.data
  }
  return null
}

describe('payment tickets', () => {
  test('buy two tickets, decode the QR code of the PDF ticket, check in once on the cabinet page, the second scan is refused', async () => {
    const token = await buyTwoTickets()
    const tickets = await deliveredTickets(token)
    expect(tickets.map((t) => t.state)).toEqual(['unused', 'unused'])
    expect(new Set(tickets.map((t) => t.code)).size).toBe(2)

    const pdfRes = await fetch(tickets[0]!.pdf_url)
    expect(pdfRes.status).toBe(200)
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf')
    const code = await qrOfPdf(new Uint8Array(await pdfRes.arrayBuffer()))
    expect(code).toBe(tickets[0]!.code)

    const { context, page, errors } = await signedInPage(browser, server, demo, '**/cabinet**')
    // The check-in page's refusal (409) is an answer the page shows, not a problem.
    const problems = watchProblems(page, [409])
    await page.goto('/cabinet/payment_tickets/check_in')
    await page.getByTestId('check-in-code').fill(code!)
    await page.getByTestId('check-in-submit').click()
    const result = page.getByTestId('check-in-result')
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted')
    expect(await result.textContent()).toContain('Ada Lovelace')

    await page.getByTestId('check-in-submit').click()
    await expect.poll(() => result.getAttribute('data-result')).toBe('already_used')
    expect(await page.getByTestId('check-in-first-use').textContent()).toMatch(/^First checked in .*\d/)

    // A scanner through the API sees the same: 409 already_used with the first used_at.
    const seller = await apiSignIn(server, demo.email, demo.password, 'e2e-tickets-scanner')
    const again = await fetch(`${server.url}/api/v1/cabinet/payment_tickets/check_in`, {
      method: 'POST', headers: { authorization: `Bearer ${seller.access_token}`, 'content-type': 'application/json' }, body: JSON.stringify({ code }),
    })
    expect(again.status).toBe(409)
    const body = await again.json() as { error: { type: string; used_at: string } }
    expect(body.error.type).toBe('already_used')
    expect(new Date(body.error.used_at).getTime()).toBeLessThanOrEqual(Date.now())

    await page.goto('/cabinet/payment_tickets/details')
    await expect.poll(() => page.locator(`[data-testid="ticket-row"][data-code="${code}"]`).getAttribute('data-state')).toBe('used')
    await expect.poll(() => page.locator(`[data-testid="ticket-row"][data-code="${tickets[1]!.code}"]`).getAttribute('data-state')).toBe('unused')
    expect(errors).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})
