import type { TestApp } from '../helpers/test-app'
import { signUpUser, type SignedUp } from './users'
import { systemContext } from '../../src/server/context'
import { ensureManager } from '../../src/server/modules/accounts/accounts.service'

export type TestSeller = SignedUp & { sellerId: number; username: string }

/**
 * A seller who can sell (docs/reference/readings.md 23): email confirmed, profile finished, and (in test mode, where
 * the sandbox counts) payment account done. The flags are set on the rows directly to keep catalogue tests
 * short; seller-profile.routes.test.ts covers the route. Outside test mode the seller still needs a provider.
 */
export async function createSeller(t: TestApp, options: { ready?: boolean; powerSeller?: boolean } = {}): Promise<TestSeller> {
  const user = await signUpUser(t)
  const ready = options.ready ?? true
  const { rows } = await t.deps.database.executeSql('select id, username from sellers where user_id = $1', [user.userId])
  const seller = rows[0] as { id: number; username: string }
  if (ready) {
    await t.deps.database.executeSql('update users set confirmed_at = now() where id = $1', [user.userId])
    await t.deps.database.executeSql('update sellers set profile_finished = true where id = $1', [seller.id])
  }
  if (options.powerSeller) await t.deps.database.executeSql('update sellers set power_seller = true where id = $1', [seller.id])
  return { ...user, sellerId: seller.id, username: seller.username }
}

let managers = 0

/** A manager (admin) signed in: answers the access token. */
export async function signInManager(t: TestApp): Promise<string> {
  managers++
  const email = `manager${managers}-${Date.now()}@example.test`
  const password = 'Manager-pass1!'
  await ensureManager(systemContext(t.deps), { email, password, firstName: 'Mia', lastName: 'Manager' })
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session', payload: { email, password, fingerprint: `fp-manager-${managers}-abc` } })
  if (res.statusCode !== 200) throw new Error(`manager sign in failed: ${res.statusCode} ${res.body}`)
  return res.json().access_token
}

export const oneTimePlan = (price = 1990, currency_id = 'eur') => ({ form: 'one_time', currency_id, price })

/** Creates a product through the API; defaults to a digital product with one one-time plan. */
export async function createProduct(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const form = overrides.form ?? 'digital'
  const payload = {
    form, name: `Product ${Math.random().toString(36).slice(2, 8)}`,
    ...(form === 'eventTickets' ? {} : { pricing_plans: [oneTimePlan()] }),
    ...overrides,
  }
  const res = await t.request({ method: 'POST', url: '/api/v1/cabinet/products', token, payload })
  if (res.statusCode !== 201) throw new Error(`create product failed: ${res.statusCode} ${res.body}`)
  return res.json()
}
