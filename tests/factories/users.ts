import type { TestApp } from '../helpers/test-app'

let counter = 0

export type SignedUp = {
  userId: number
  email: string
  password: string
  accessToken: string
  refreshToken: string
  fingerprint: string
  body: any
}

/** Signs a user up through the API (the real path) and answers their tokens. */
export async function signUpUser(t: TestApp, overrides: Record<string, unknown> = {}): Promise<SignedUp> {
  counter++
  const email = String(overrides.email ?? `user${counter}-${Date.now()}@example.test`)
  const password = String(overrides.password ?? 'Secret-pass1!')
  const fingerprint = String(overrides.fingerprint ?? `fp-test-${counter}-abcdef`)
  const res = await t.request({
    method: 'POST', url: '/api/v1/app/user',
    payload: { email, password, first_name: 'Test', last_name: `User${counter}`, profile_type: 'seller', fingerprint, ...overrides },
  })
  if (res.statusCode !== 201) throw new Error(`sign up failed: ${res.statusCode} ${res.body}`)
  const body = res.json()
  return { userId: body.user.id, email, password, accessToken: body.access_token, refreshToken: body.refresh_token, fingerprint, body }
}
