import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { apiSignIn, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'
import { watchProblems } from './buyer'

// Ticket upgrades end to end in Chromium (docs/reference/readings.md 8, docs/decisions/0022-ticket-upgrades.md): a payer buys a Standard
// ticket of the demo seller's event and pays with the sandbox; in the payer area the ticket offers an
// upgrade to "With materials" for the difference; choosing it goes to the sandbox's page, and once paid the
// payer area shows the Standard ticket invalidated and a new "With materials" ticket, unused, with its own
// code. Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

async function api<T = any>(path: string, init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${server.url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...init.headers },
    body: init.body ? JSON.stringify(init.body) : undefined,
  })
  return { status: res.status, body: await res.json() as T }
}

type Ticket = { id: number; code: string; state: string; ticket_name: string }

/** Signs a payer up (with a password, to sign in through the form) and buys one Standard ticket with the sandbox. */
async function buyStandardTicket(email: string, password: string): Promise<{ orderToken: string }> {
  const signUp = await api('/app/user', { method: 'POST', body: { email, password, first_name: 'Pat', last_name: 'Payer', profile_type: 'payer', fingerprint: 'e2e-upgrade-signup' } })
  expect(signUp.status).toBe(201)
  const product = (await api('/shop/demo/products/summer-workshop')).body
  const standard = product.tickets.find((x: { name: string }) => x.name === 'Standard')
  const order = await api('/shop/orders', {
    method: 'POST', headers: { 'idempotency-key': randomUUID() },
    body: {
      product_id: product.id, pricing_plan_id: standard.pricing_plans[0].id, ticket_id: standard.id, quantity: 1, payment_method: 'card', terms_accepted: true,
      payer: { email, first_name: 'Pat', last_name: 'Payer', country_code: 'DE', street: 'Hauptstraße', street_number: '1', zip: '10115', city: 'Berlin', phone: '+4930123456' },
      attendees: [{ first_name: 'Ada', last_name: 'Lovelace' }],
    },
  })
  expect(order.status).toBe(201)
  expect((await api(`/shop/sandbox/payments/${order.body.next_action.payment_id}`, { method: 'POST', body: { outcome: 'success' } })).status).toBe(200)
  return { orderToken: order.body.order.token }
}

/** The payer's tickets at the seller once `count` are there (the delivery job runs in the background). */
async function ticketsAt(token: string, sellerId: number, count: number): Promise<Ticket[]> {
  let tickets: Ticket[] = []
  await expect.poll(async () => {
    const res = await api<{ payment_tickets?: Ticket[] }>(`/payer/sellers/${sellerId}`, { token })
    tickets = res.body.payment_tickets ?? []
    return tickets.length
  }, { timeout: 30_000, interval: 500 }).toBe(count)
  return tickets
}

describe('ticket upgrades', () => {
  test('buy a Standard ticket, upgrade it to "With materials" in the payer area with the sandbox, see the new ticket', async () => {
    const payer = { email: `upgrade-${Date.now().toString(36)}@payer-e2e.test`, password: 'Payer-pass1!' }
    await buyStandardTicket(payer.email, payer.password)
    const session = await apiSignIn(server, payer.email, payer.password, 'e2e-upgrade-api')
    let sellerId = 0
    await expect.poll(async () => {
      sellerId = (await api<{ sellers: { seller_id: number }[] }>('/payer/purchases', { token: session.access_token })).body.sellers[0]?.seller_id ?? 0
      return sellerId
    }, { timeout: 30_000, interval: 500 }).toBeGreaterThan(0)
    const [standard] = await ticketsAt(session.access_token, sellerId, 1)
    expect(standard).toMatchObject({ state: 'unused', ticket_name: 'Standard' })

    const { context, page, errors } = await signedInPage(browser, server, payer, '**/payer**')
    const problems = watchProblems(page)
    await page.goto(`/payer/s/${sellerId}`)
    const row = page.locator(`[data-testid="payer-ticket"][data-code="${standard!.code}"]`)
    await row.getByTestId('ticket-upgrade-open').click()
    const option = page.getByTestId('ticket-upgrade-option').filter({ hasText: 'With materials' })
    // 129.00 - 89.00 paid: the difference only.
    expect(await option.getByTestId('ticket-upgrade-choose').textContent()).toMatch(/40[.,]00/)
    await option.getByTestId('ticket-upgrade-choose').click()
    await page.waitForURL('**/sandbox/payments/**')
    await page.getByTestId('sandbox-success').click()
    await page.waitForURL('**/s/demo/payment/**')
    await expect.poll(() => page.getByTestId('success-page').getAttribute('data-state'), { timeout: 15_000 }).toBe('paid')

    const tickets = await ticketsAt(session.access_token, sellerId, 2)
    const upgraded = tickets.find((x) => x.id !== standard!.id)!
    expect(upgraded).toMatchObject({ state: 'unused', ticket_name: 'With materials' })
    expect(upgraded.code).not.toBe(standard!.code)
    expect(tickets.find((x) => x.id === standard!.id)!.state).toBe('invalidated')

    await page.goto(`/payer/s/${sellerId}`)
    const fresh = page.locator(`[data-testid="payer-ticket"][data-code="${upgraded.code}"]`)
    await expect.poll(() => fresh.textContent()).toContain('With materials')
    expect(await fresh.textContent()).toContain(upgraded.code)
    // Neither the invalidated ticket nor the best type offers an upgrade.
    expect(await page.getByTestId('ticket-upgrade-open').count()).toBe(0)
    expect(errors).toEqual([])
    expect(problems).toEqual([])
    await context.close()
  })
})
