import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'
import { CONSENT_COOKIE } from '../../src/web/features/cookie-consent/consent'

// Browser tests run the real server (`src/server/main.ts`, bundled once per run by tests/setup/e2e-server-bundle.ts;
// embedded PGlite in a temporary DATA_DIR) with the built web app, and drive Debian's Chromium through
// playwright-core. Traffic stays on 127.0.0.1.

export type RunningServer = { url: string; dataDir: string; output: () => string; stop(): Promise<void> }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const e2eSecret = 'e2e-secret-e2e-secret-e2e-secret-0123456'

/** Starts the platform; `managers` are created with `npm run admin:create` before it starts (PGlite is one process). */
export async function startServer(options: { env?: Record<string, string>; managers?: { email: string; password: string }[]; template?: 'migrated' | 'demo' } = {}): Promise<RunningServer> {
  const env = options.env ?? {}
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'sellfront-e2e-'))
  // A copy of the run's migrated database (tests/setup/e2e-data-template.ts): the start skips initdb and the
  // migrations; the demo template also the seeding (the start's seed then finds the demo made).
  cpSync(inject(options.template === 'demo' ? 'e2eDemoTemplate' : 'e2eDataTemplate'), dataDir, { recursive: true })
  for (const manager of options.managers ?? []) {
    const result = spawnSync(process.execPath, [inject('e2eServer').createManager, '--email', manager.email, '--password', manager.password], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ARGON2_MEMORY_KIB: '1024', JWT_SECRET: e2eSecret },
      encoding: 'utf8',
    })
    if (result.status !== 0) throw new Error(`admin:create failed: ${result.stdout}${result.stderr}`)
  }
  const url = `http://127.0.0.1:${port}`
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [inject('e2eServer').main], {
    env: {
      ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir,
      // The demo's built pages stay off (docs/decisions/0065-serving-built-pages.md): the browser tests read the
      // default layouts; tests/e2e/built-pages.test.ts builds its own pages. So does the demo's tracking code
      // (docs/decisions/0074-tracking-with-consent.md): a test that accepts cookies in the back office would
      // otherwise load it; tests/e2e/tracking-consent.test.ts turns it on.
      SEED_DEMO: 'false', SEED_DEMO_PAGES: 'false', SEED_DEMO_TRACKING: 'false', RATE_LIMIT: 'off', ARGON2_MEMORY_KIB: '1024', LOG_LEVEL: 'warn',
      // Exchange rates are never read from the network (src/server/modules/exchange-rates/README.md): a test puts them in place.
      EXCHANGE_RATES_SOURCE: 'off',
      JWT_SECRET: e2eSecret, ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout!.on('data', (d) => { output += d })
  child.stderr!.on('data', (d) => { output += d })
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode != null) throw new Error(`server exited early:\n${output}`)
    try {
      const res = await fetch(`${url}/healthz`)
      if (res.ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 120 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 250))
  }
  return {
    url, dataDir, output: () => output,
    async stop() {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The platform with its demo data (every demo user's password `demoPassword`) and a browser: a browser test file's usual setup.
 */
export async function startDemoPlatform(demoPassword: string, options: { managers?: { email: string; password: string }[]; env?: Record<string, string> } = {}): Promise<{ server: RunningServer; browser: Browser }> {
  const template = demoPassword === inject('e2eDemoPassword') ? 'demo' : 'migrated'
  const server = await startServer({ managers: options.managers, template, env: { SEED_DEMO: 'true', DEMO_PASSWORD: demoPassword, ...options.env } })
  return { server, browser: await launchBrowser() }
}

/** Closes what startDemoPlatform opened (either may be missing when the setup failed). */
export async function stopPlatform(server: RunningServer | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close()
  await server?.stop()
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  })
}

/** A page whose uncaught errors fail the test. */
export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  return { context, page, errors }
}

/** The newest stored mail to an address, read the way a person would: through the outbox link in the app. */
export async function latestMailLink(server: RunningServer, managerToken: string, to: string, subject?: string): Promise<{ token: string; subject: string }> {
  // with a subject, the newest mail of that subject: other mails to the same payer (the order, the delivery)
  // are sent by jobs and may be stored after the one a test waits for
  const res = await fetch(`${server.url}/api/v1/admin/email_logs?query=${encodeURIComponent(to)}&per=${subject ? 20 : 1}`, { headers: { authorization: `Bearer ${managerToken}` } })
  const body = await res.json() as { list: { token: string; subject: string }[] }
  const mail = subject ? body.list.find((m) => m.subject === subject) : body.list[0]
  if (!mail) throw new Error(`no mail to ${to}${subject ? ` with the subject ${subject}` : ''}`)
  return mail
}

/** The sign-in link of the newest "Your sign-in link" mail to `to`, as the payer would click it in the outbox's frame. */
export async function mailedSignInLink(page: Page, server: RunningServer, managerToken: string, to: string): Promise<string> {
  let magic: { token: string; subject: string } | null = null
  await expect.poll(async () => {
    magic = await latestMailLink(server, managerToken, to, 'Your sign-in link').catch(() => null)
    return magic?.subject
  }, { timeout: 15_000 }).toBe('Your sign-in link')
  await page.goto(`/email_logs/${magic!.token}`)
  return (await page.frameLocator('[data-testid="email-log-frame"]').getByRole('link', { name: 'Sign in' }).getAttribute('href'))!
}

/** A GET through the API with a bearer token; anything but 200 fails the test. */
export async function apiGet<T = any>(server: RunningServer, token: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.status, path).toBe(200)
  return res.json() as Promise<T>
}

/** Signs in through the API and answers the session (tokens and user). */
export async function apiSignIn(server: RunningServer, email: string, password: string, fingerprint = 'e2e-api-fingerprint') {
  const res = await fetch(`${server.url}/api/v1/app/session`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password, fingerprint }),
  })
  if (!res.ok) throw new Error(`sign in failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as { access_token: string; refresh_token: string; user: { id: number } }
}

/**
 * A page signed in through the sign-in form, waiting for `landing`. The cookie choice is made beforehand, as
 * a returning visitor would have it (the banner itself is the accounts tests' part).
 */
export async function signedInPage(browser: Browser, server: RunningServer, who: { email: string; password: string }, landing: string) {
  const opened = await newPage(browser, server.url)
  opened.page.setDefaultTimeout(10_000)
  await opened.context.addCookies([{ name: CONSENT_COOKIE, value: 'all', url: server.url }])
  await opened.page.goto('/users/sign_in')
  await opened.page.getByLabel('Email address').fill(who.email)
  await opened.page.getByLabel(/^Password/).fill(who.password)
  await opened.page.getByTestId('sign-in-submit').click()
  await opened.page.waitForURL(landing)
  return opened
}

/** The demo seller's sign-in on a test server started with the demo (its DEMO_PASSWORD). */
export const demoSeller = { email: 'demo@sellfront.test', password: 'Demo-pass1!' }

export type DemoSellerSession = { server: RunningServer; browser: Browser; context: BrowserContext; page: Page; errors: string[] }

/**
 * The platform with its demo data, a browser and a page signed in as the demo seller on the cabinet: the
 * setup of the browser tests that work as the demo seller. Close it with `closeDemoSellerSession`.
 */
export async function demoSellerSession(): Promise<DemoSellerSession> {
  const { server, browser } = await startDemoPlatform(demoSeller.password)
  return { server, browser, ...await signedInPage(browser, server, demoSeller, '**/cabinet**') }
}

/** Closes what demoSellerSession opened (missing when the setup failed). */
export async function closeDemoSellerSession(session: DemoSellerSession | undefined): Promise<void> {
  await session?.context.close()
  await stopPlatform(session?.server, session?.browser)
}

/** Creates a product of `form` through the product list's "New product" dialog; answers its id. */
export async function createProductInWizard(page: Page, form: string, name: string): Promise<number> {
  await page.goto('/cabinet/products')
  await page.getByTestId('new-product').click()
  await page.getByTestId(`new-form-${form}`).click()
  await page.getByTestId('new-product-name').fill(name)
  await page.getByTestId('new-product-create').click()
  await page.waitForURL(/\/cabinet\/products\/\d+\/edit$/)
  await expect.poll(() => page.getByTestId('wizard-title').textContent()).toBe(name)
  return Number(/products\/(\d+)\/edit/.exec(page.url())![1])
}
