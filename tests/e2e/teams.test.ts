import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Browser } from 'playwright-core'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'
import { deliverablesOf, fillPayerDetails, payWithSandbox, watchProblems } from './buyer'
import { apiGet, apiSignIn, latestMailLink, signedInPage, type RunningServer, startDemoPlatform, stopPlatform } from './harness'

// Team members end to end in Chromium (docs/decisions/0053-team-members.md): the demo seller invites a new
// address on /cabinet/team with write on ticket check-in only; the invitee (signed up and confirmed) accepts on
// /team_member, picks the seller and lands in the seller's cabinet with only the ticket pages in the
// navigation; other pages show "no access"; the team member checks a bought ticket in; the seller reads the
// check-in in the audit log. Needs the built web app (npm run build:web).

const demo = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }
let server: RunningServer
let browser: Browser

beforeAll(async () => { ({ server, browser } = await startDemoPlatform(demo.password)) })
afterAll(() => stopPlatform(server, browser))

/** Buys one Standard ticket of the demo event through the product page; answers its code. */
async function buyTicket(): Promise<string> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' })
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  const page = await context.newPage()
  page.setDefaultTimeout(10_000)
  const problems = watchProblems(page)
  await page.goto('/s/demo/summer-workshop')
  await page.getByTestId('ticket-option').filter({ hasText: 'Standard' }).getByTestId('plan-option').click()
  await expect.poll(() => page.getByTestId('price-box').getAttribute('data-exact')).toBe('true')
  const attendees = page.getByTestId('attendee-fields')
  await attendees.getByLabel('First name').nth(0).fill('Ada')
  await attendees.getByLabel('Last name').nth(0).fill('Lovelace')
  await fillPayerDetails(page, `team-ticket-${Date.now().toString(36)}@payer-e2e.test`)
  const token = await payWithSandbox(page)
  expect(problems).toEqual([])
  await context.close()
  const delivered = await deliverablesOf(server.url, token, (d) => d.payment_tickets?.length === 1)
  return (delivered.payment_tickets as { code: string }[])[0]!.code
}

/** Signs an address up through the API as a payer and confirms it from the stored confirmation mail. */
async function signUpConfirmed(email: string, password: string): Promise<void> {
  const res = await fetch(`${server.url}/api/v1/app/user`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, first_name: 'Tina', last_name: 'Team', profile_type: 'payer', fingerprint: 'e2e-team-signup-fp' }),
  })
  expect(res.status).toBe(201)
  const manager = await apiSignIn(server, 'manager@sellfront.test', demo.password, 'e2e-team-manager')
  const mail = await latestMailLink(server, manager.access_token, email, 'Confirm your email address')
  const log = await (await fetch(`${server.url}/api/v1/common/email_logs/${mail.token}`)).json() as { text: string }
  const token = /confirmation_token=([^\s&]+)/.exec(log.text)![1]!
  const confirmed = await fetch(`${server.url}/api/v1/app/user/confirmation`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: decodeURIComponent(token) }),
  })
  expect(confirmed.status).toBe(200)
}

describe('team members', () => {
  test('invite with ticket check-in only, accept, act for the seller, check a ticket in; the seller reads it in the audit log', async () => {
    const code = await buyTicket()
    const invitee = { email: `team-${Date.now().toString(36)}@member-e2e.test`, password: 'Team-pass1!' }

    // The seller invites on /cabinet/team with write on ticket check-in.
    const seller = await signedInPage(browser, server, demo, '**/cabinet**')
    await seller.page.goto('/cabinet/team')
    await seller.page.getByTestId('team-invite').click()
    await seller.page.getByTestId('invite-email').fill(invitee.email)
    await seller.page.getByTestId('level-ticketsCheckIn').getByText('Write').click()
    await seller.page.getByTestId('invite-submit').click()
    await expect.poll(() => seller.page.getByTestId('team-row-email').filter({ hasText: invitee.email }).count()).toBe(1)

    // The invitee signs up with the invited address, confirms it, accepts on /team_member and picks the seller.
    await signUpConfirmed(invitee.email, invitee.password)
    const member = await signedInPage(browser, server, invitee, '**/payer**')
    await member.page.goto('/team_member')
    await member.page.getByTestId('team-invite').getByTestId('invite-accept').click()
    await member.page.getByTestId('team-seller').first().waitFor()
    await member.page.getByTestId('work-for-seller').first().click()

    // The seller's cabinet opens with only what the seller allowed: the dashboard is not among it.
    await member.page.waitForURL('**/cabinet/payment_tickets/overview')
    await expect.poll(() => member.page.getByTestId('acting-for-seller').isVisible()).toBe(true)
    const nav = member.page.getByTestId('area-navigation')
    await expect.poll(() => nav.getByRole('link', { name: 'Tickets' }).count()).toBe(1)
    expect(await nav.getByRole('link', { name: 'Orders' }).count()).toBe(0)
    expect(await nav.getByRole('link', { name: 'Products' }).count()).toBe(0)
    await member.page.goto('/cabinet/products')
    await expect.poll(() => member.page.getByTestId('no-access').isVisible()).toBe(true)

    // Checking the ticket in works with only that permission, opened through the team member's path of the
    // seller's cabinet (/team_member/sellers/<id>/cabinet/...).
    const memberToken = (await apiSignIn(server, invitee.email, invitee.password)).access_token
    const sellerId = (await apiGet<{ list: { seller: { id: number } }[] }>(server, memberToken, '/team_member/invites')).list[0]!.seller.id
    await member.page.goto(`/team_member/sellers/${sellerId}/cabinet/payment_tickets/check_in`)
    await member.page.waitForURL('**/cabinet/payment_tickets/check_in')
    await member.page.getByTestId('check-in-code').fill(code)
    await member.page.getByTestId('check-in-submit').click()
    const result = member.page.getByTestId('check-in-result')
    await expect.poll(() => result.getAttribute('data-result')).toBe('admitted')
    expect(member.errors).toEqual([])

    // The seller reads the check-in in the team's audit log.
    await seller.page.goto('/cabinet/team/audit_log')
    await expect.poll(() => seller.page.getByTestId('audit-action').first().textContent()).toBe('POST /api/v1/cabinet/payment_tickets/check_in')
    expect(seller.errors).toEqual([])
    await member.context.close()
    await seller.context.close()
  })
})
