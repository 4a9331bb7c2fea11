import type { Page } from 'playwright-core'
import { expect } from 'vitest'

// What a payer does on a product page in the browser tests: the details, the card, the terms, Buy, and the
// sandbox's success; then the order's deliverables once the delivery job has run.

/**
 * Page errors and console errors of a page, collected as they happen (a test expects none). `answers`: HTTP
 * statuses the page is expected to meet and show (Chromium logs each as "Failed to load resource");
 * `outside`: the URLs of third-party frames (an embedded video) whose own console is not ours.
 */
export function watchProblems(page: Page, answers: number[] = [], outside?: RegExp): string[] {
  const problems: string[] = []
  const expected = (text: string) => answers.some((status) => text.startsWith(`Failed to load resource: the server responded with a status of ${status}`))
  page.on('pageerror', (e) => problems.push(`pageerror: ${String(e)}`))
  page.on('console', (m) => {
    if (m.type() === 'error' && !expected(m.text()) && !(outside && outside.test(m.location().url ?? ''))) problems.push(`console.error: ${m.text()}`)
  })
  return problems
}

/** The payer's details on a product page: email and names, and the address and phone where the checkout asks them. */
export async function fillPayerDetails(page: Page, email: string): Promise<void> {
  const payer = page.getByTestId('payer-fields')
  await payer.getByLabel('Email address').fill(email)
  await payer.getByLabel('First name').fill('Pat')
  await payer.getByLabel('Last name').fill('Payer')
  // The default checkout asks only email, names and country (docs/decisions/0042-minimal-checkout-and-legal-texts.md);
  // a checkout that asks the invoice address or the phone shows those fields too.
  if (await payer.getByLabel('Street').isVisible()) {
    await payer.getByLabel('Street').fill('Hauptstraße')
    await payer.getByLabel('No.').fill('1')
    await payer.getByLabel('Postcode').fill('10115')
    await payer.getByLabel('City').fill('Berlin')
  }
  if (await payer.getByLabel('Phone').isVisible()) await payer.getByLabel('Phone').fill('+49 30 1234567')
}

/** Card, terms, Buy, and "success" on the sandbox's page; waits for the paid success page and answers the order token. */
export async function payWithSandbox(page: Page, seller = 'demo'): Promise<string> {
  await page.getByTestId('method-card').click()
  await page.getByTestId('terms').check()
  await page.getByTestId('buy-button').click()
  await page.waitForURL('**/sandbox/payments/**')
  await page.getByTestId('sandbox-success').click()
  await page.waitForURL(`**/s/${seller}/payment/**`)
  await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 20_000 }).toBe('paid')
  return decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!)
}

/** Opens the product page, fills the payer's details and pays with the sandbox; answers the order token. */
export async function buyWithSandbox(page: Page, slug: string, email: string, seller = 'demo'): Promise<string> {
  await page.goto(`/s/${seller}/${slug}`)
  await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
  await fillPayerDetails(page, email)
  return payWithSandbox(page, seller)
}

/** GET /api/v1/shop/orders/{token}'s deliverables once the delivery job has run (and `ready` says so). */
export async function deliverablesOf(serverUrl: string, orderToken: string, ready: (d: Record<string, any>) => boolean = () => true): Promise<Record<string, any>> {
  let found: Record<string, any> | null = null
  await expect.poll(async () => {
    const res = await fetch(`${serverUrl}/api/v1/shop/orders/${encodeURIComponent(orderToken)}`)
    found = ((await res.json()) as { deliverables?: Record<string, any> | null }).deliverables ?? null
    return found !== null && ready(found)
  }, { timeout: 30_000, interval: 500 }).toBe(true)
  return found!
}
