import { describe, expect, test } from 'vitest'
import {
  ApiError, FINGERPRINT_KEY, PROFILE_KEY, ROUTE_CHANGE_MESSAGE, TOKENS_KEY, createApiClient, newIdempotencyKey, parseErrorBody,
  signInPath, toCamel, toSnake, type Notice, type SessionTokens,
} from './api-client'

// A fake server: each handler answers one request; every request is recorded.
type Call = { method: string; url: string; headers: Record<string, string>; body: unknown }
type Handler = (call: Call) => Response | Promise<Response>

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  }
}

const oldTokens: SessionTokens = {
  accessToken: 'access-old', expiresAt: '2030-01-01T00:00:00.000Z', refreshToken: 'refresh-1', refreshExpiresAt: '2030-02-01T00:00:00.000Z',
}

function setup(handler: Handler, opts: { tokens?: SessionTokens | null; path?: string; onAdminModeEnded?: () => void } = {}) {
  const storage = memoryStorage({ [FINGERPRINT_KEY]: 'fp-123456789', [PROFILE_KEY]: '7' })
  if (opts.tokens !== null) storage.setItem(TOKENS_KEY, JSON.stringify(opts.tokens ?? oldTokens))
  const calls: Call[] = []
  const notices: Notice[] = []
  const navigations: string[] = []
  let sessionEnds = 0
  const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = { ...(init?.headers as Record<string, string>) }
    const call: Call = { method: init?.method ?? 'GET', url: String(input), headers, body: init?.body ? JSON.parse(String(init.body)) : undefined }
    calls.push(call)
    const signal = init?.signal
    if (signal?.aborted) throw signal.reason
    return await new Promise<Response>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason))
      Promise.resolve(handler(call)).then(resolve, reject)
    })
  }) as typeof fetch
  const api = createApiClient({
    fetch: fakeFetch,
    storage,
    notify: (n) => notices.push(n),
    navigate: (p) => { navigations.push(p) },
    currentPath: () => opts.path ?? '/cabinet/orders?page=2',
    locale: () => 'de',
    onSessionEnd: () => { sessionEnds += 1 },
    ...(opts.onAdminModeEnded ? { onAdminModeEnded: opts.onAdminModeEnded } : {}),
    retryWaitMs: 5,
  })
  return { api, storage, calls, notices, navigations, sessionEnds: () => sessionEnds }
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms))

describe('snake_case and camelCase conversion', () => {
  test('toSnake converts nested keys and leaves values alone', () => {
    expect(toSnake({ firstName: 'Ada', profileType: 'seller', nested: { rate1Amount: 5, list: [{ createdAt: 'firstName' }] } })).toEqual({
      first_name: 'Ada', profile_type: 'seller', nested: { rate1_amount: 5, list: [{ created_at: 'firstName' }] },
    })
  })
  test('toCamel converts nested keys, arrays and keeps null', () => {
    expect(toCamel({ access_token: 'a', user: { first_name: 'Ada', seller: null, profiles: [{ seller_id: 1, created_at: 'x_y' }] } })).toEqual({
      accessToken: 'a', user: { firstName: 'Ada', seller: null, profiles: [{ sellerId: 1, createdAt: 'x_y' }] },
    })
  })
  test('the two conversions are inverse for API-style keys', () => {
    const wire = { total_count_max: 1, list: [{ payment_state: 'paid', tier1_amount: 2 }] }
    expect(toSnake(toCamel(wire))).toEqual(wire)
  })
  test('primitives, dates and leading underscores pass unchanged', () => {
    const date = new Date(0)
    expect(toCamel('a_b')).toBe('a_b')
    expect(toSnake({ at: date })).toEqual({ at: date })
    expect(toCamel({ _destroy: true })).toEqual({ _destroy: true })
  })
})

describe('error answers', () => {
  test('object errors keep message, type and fields', () => {
    const e = parseErrorBody(422, { error: { message: 'Taken', type: 'email_taken', fields: [{ path: 'email', message: 'email_taken' }] } })
    expect(e).toBeInstanceOf(ApiError)
    expect([e.message, e.type, e.status, e.fields]).toEqual(['Taken', 'email_taken', 422, [{ path: 'email', message: 'email_taken' }]])
  })
  test('text errors are accepted', () => {
    const e = parseErrorBody(400, { error: 'Bad thing' })
    expect([e.message, e.type]).toEqual(['Bad thing', 'http_400'])
  })
  test('sign-in path remembers the page', () => {
    expect(signInPath('/cabinet/orders?page=2')).toBe('/users/sign_in?return_to=%2Fcabinet%2Forders%3Fpage%3D2')
    expect(signInPath('/users/sign_in?return_to=x')).toBe('/users/sign_in')
  })
})

describe('requests', () => {
  test('sends snake_case JSON with the session headers and reads camelCase', async () => {
    const t = setup(() => json(200, { first_name: 'Ada', current_profile_id: 3 }))
    const me = await t.api.patch<{ firstName: string; currentProfileId: number }>('/app/user/me', { firstName: 'Ada' })
    expect(me).toEqual({ firstName: 'Ada', currentProfileId: 3 })
    const call = t.calls[0]!
    expect(call.url).toBe('/api/v1/app/user/me')
    expect(call.body).toEqual({ first_name: 'Ada' })
    expect(call.headers.Authorization).toBe('Bearer access-old')
    expect(call.headers['Content-Language']).toBe('de')
    expect(call.headers['Accept-Language']).toBe('de')
    expect(call.headers['X-User-Session']).toBe('fp-123456789')
  })

  test('an idempotency key goes out as the Idempotency-Key header, the same on the retry after a renewal', async () => {
    let first = true
    const t = setup((call) => {
      if (call.url.endsWith('/renew_token')) return json(200, { access_token: 'access-new', expires_at: '2030-01-01T00:00:00.000Z', refresh_token: 'refresh-2', refresh_expires_at: '2030-02-01T00:00:00.000Z' })
      if (first) { first = false; return json(401, { error: { type: 'expired_access_token', message: 'expired' } }) }
      return json(200, { order_id: 5 })
    })
    const key = newIdempotencyKey()
    expect(key).not.toBe(newIdempotencyKey())
    await t.api.post('/cabinet/orders/5/refund', {}, { idempotencyKey: key })
    const sent = t.calls.filter((c) => c.url === '/api/v1/cabinet/orders/5/refund')
    expect(sent.map((c) => c.headers['Idempotency-Key'])).toEqual([key, key])
    await t.api.post('/cabinet/orders/5/cancel', {})
    expect(t.calls.at(-1)!.headers['Idempotency-Key']).toBeUndefined()
  })

  test('query keys go out in snake_case and empty values are left out', async () => {
    const t = setup(() => json(200, { list: [], total_count: 0, total_count_max: 0 }))
    await t.api.get('/admin/email_logs', { query: { page: 2, per: 30, sortKey: 'created_at', query: '' } })
    expect(t.calls[0]!.url).toBe('/api/v1/admin/email_logs?page=2&per=30&sort_key=created_at')
  })

  test('a fingerprint is made once and kept', () => {
    const t = setup(() => json(200, {}))
    t.storage.removeItem(FINGERPRINT_KEY)
    const first = t.api.fingerprint()
    expect(first.length).toBeGreaterThanOrEqual(8)
    expect(t.api.fingerprint()).toBe(first)
    expect(t.storage.getItem(FINGERPRINT_KEY)).toBe(first)
  })

  test('204 resolves to null', async () => {
    const t = setup(() => json(204, null))
    await expect(t.api.delete('/app/session')).resolves.toBeNull()
  })

  test('calls marked auth: false carry no Authorization', async () => {
    const t = setup(() => json(200, {}))
    await t.api.post('/app/session', { email: 'a@b.c' }, { auth: false })
    expect(t.calls[0]!.headers.Authorization).toBeUndefined()
  })

  test('other errors throw ApiError and show a toast that closes after 4000 ms', async () => {
    const t = setup(() => json(409, { error: { message: 'Already there', type: 'profile_exists' } }))
    await expect(t.api.post('/app/user/profiles', { type: 'seller' })).rejects.toMatchObject({ message: 'Already there', type: 'profile_exists', status: 409 })
    expect(t.notices).toEqual([{ kind: 'error', message: 'Already there', autoClose: 4000 }])
  })

  test('a blob call reads a PDF answer as a Blob; its errors are still JSON errors', async () => {
    const t = setup((call) => (call.url.endsWith('/ok.pdf')
      ? new Response('%PDF-1.4 test', { status: 200, headers: { 'content-type': 'application/pdf' } })
      : json(422, { error: { message: 'Wrong form', type: 'wrong_product_form' } })))
    const blob = await t.api.get<Blob>('/cabinet/ok.pdf', { responseType: 'blob' })
    expect(blob).toBeInstanceOf(Blob)
    expect(blob.type).toBe('application/pdf')
    expect(await blob.text()).toBe('%PDF-1.4 test')
    expect(t.calls[0]!.headers.Authorization).toBe('Bearer access-old')
    await expect(t.api.get('/cabinet/bad.pdf', { responseType: 'blob', silent: true })).rejects.toMatchObject({ type: 'wrong_product_form', status: 422 })
  })

  test('an ended admin mode hands over to the app (back to /admin) and keeps the manager\'s session', async () => {
    let ended = 0
    const t = setup(() => json(401, { error: { message: 'Admin mode has ended', type: 'admin_mode_ended' } }), { onAdminModeEnded: () => { ended += 1 } })
    await expect(t.api.get('/cabinet/products')).rejects.toMatchObject({ type: 'admin_mode_ended', status: 401 })
    expect(ended).toBe(1)
    expect(t.calls).toHaveLength(1) // no renewal
    expect(t.notices).toEqual([])
    expect(t.navigations).toEqual([])
    expect(t.storage.getItem(TOKENS_KEY)).not.toBeNull()
  })

  test('a silent call shows no toast', async () => {
    const t = setup(() => json(422, { error: { message: 'Taken', type: 'email_taken' } }))
    await expect(t.api.post('/app/user', {}, { silent: true })).rejects.toBeInstanceOf(ApiError)
    expect(t.notices).toEqual([])
  })
})

describe('session renewal', () => {
  test('two concurrent calls with an expired token trigger exactly one renewal and both succeed', async () => {
    const t = setup(async (call) => {
      if (call.url.endsWith('/app/session/renew_token')) {
        await delay(30)
        return json(200, { access_token: 'access-new', expires_at: 'e', refresh_token: 'refresh-2', refresh_expires_at: 'r' })
      }
      if (call.headers.Authorization !== 'Bearer access-new') return json(401, { error: { message: 'Expired', type: 'expired_access_token' } })
      return json(200, { url: call.url })
    })
    const [a, b] = await Promise.all([t.api.get('/cabinet/orders'), t.api.get('/cabinet/products')])
    expect(a).toEqual({ url: '/api/v1/cabinet/orders' })
    expect(b).toEqual({ url: '/api/v1/cabinet/products' })
    const renewals = t.calls.filter((c) => c.url.endsWith('/renew_token'))
    expect(renewals).toHaveLength(1)
    expect(renewals[0]!.body).toEqual({ refresh_token: 'refresh-1', fingerprint: 'fp-123456789' })
    expect(renewals[0]!.headers.Authorization).toBeUndefined()
    expect(JSON.parse(t.storage.getItem(TOKENS_KEY)!)).toEqual({ accessToken: 'access-new', expiresAt: 'e', refreshToken: 'refresh-2', refreshExpiresAt: 'r' })
    expect(t.notices).toEqual([])
  })

  test('waiting calls poll every 500 ms by default', async () => {
    const waits: number[] = []
    let renewed = false
    const storage = memoryStorage({ [TOKENS_KEY]: JSON.stringify(oldTokens), [FINGERPRINT_KEY]: 'fp-123456789' })
    const api = createApiClient({
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        const auth = (init?.headers as Record<string, string>).Authorization
        if (String(input).endsWith('/renew_token')) {
          await delay(20)
          renewed = true
          return json(200, { access_token: 'n', expires_at: 'e', refresh_token: 'r2', refresh_expires_at: 'r' })
        }
        return renewed && auth === 'Bearer n' ? json(200, { ok: true }) : json(401, { error: { message: 'x', type: 'expired_access_token' } })
      }) as typeof fetch,
      storage, notify: () => {}, navigate: () => {}, currentPath: () => '/cabinet', locale: () => 'en',
      sleep: (ms) => { waits.push(ms); return delay(5) },
    })
    await Promise.all([api.get('/a'), api.get('/b')])
    expect(waits.length).toBeGreaterThan(0)
    expect(new Set(waits)).toEqual(new Set([500]))
  })

  test('access-token errors are also recognised on 400 and 404', async () => {
    let n = 0
    const t = setup((call) => {
      if (call.url.endsWith('/renew_token')) return json(200, { access_token: 'access-new', expires_at: 'e', refresh_token: 'r', refresh_expires_at: 'r' })
      n += 1
      return n === 1 ? json(404, { error: { message: 'x', type: 'invalid_access_token' } }) : json(200, { done: true })
    })
    await expect(t.api.get('/payer/orders')).resolves.toEqual({ done: true })
  })

  test('a refresh-token error clears the tokens and profile selection and goes to sign-in', async () => {
    const t = setup((call) => {
      if (call.url.endsWith('/renew_token')) return json(401, { error: { message: 'Expired', type: 'expired_refresh_token' } })
      return json(401, { error: { message: 'Expired', type: 'expired_access_token' } })
    })
    await expect(Promise.all([t.api.get('/cabinet/orders'), t.api.get('/cabinet/products')])).rejects.toMatchObject({ type: 'expired_refresh_token' })
    await delay(20)
    expect(t.storage.getItem(TOKENS_KEY)).toBeNull()
    expect(t.storage.getItem(PROFILE_KEY)).toBeNull()
    expect(t.storage.getItem(FINGERPRINT_KEY)).toBe('fp-123456789')
    expect(t.navigations).toEqual(['/users/sign_in?return_to=%2Fcabinet%2Forders%3Fpage%3D2'])
    expect(t.sessionEnds()).toBe(1)
    expect(t.calls.filter((c) => c.url.endsWith('/renew_token'))).toHaveLength(1)
    expect(t.notices).toEqual([])
  })

  test('an access-token error without a refresh token goes to sign-in at once', async () => {
    const t = setup(() => json(401, { error: { message: 'Missing', type: 'missing_access_token' } }), { tokens: null })
    await expect(t.api.get('/cabinet')).rejects.toMatchObject({ type: 'missing_access_token' })
    expect(t.navigations).toEqual(['/users/sign_in?return_to=%2Fcabinet%2Forders%3Fpage%3D2'])
    expect(t.calls).toHaveLength(1)
  })

  test('a 429 shows "retry later" and keeps the tokens', async () => {
    const t = setup(() => json(429, { error: { message: 'Slow down', type: 'MS_MAX_CONCURRENT_REQ' } }))
    await expect(t.api.get('/payer/orders')).rejects.toMatchObject({ status: 429 })
    expect(JSON.parse(t.storage.getItem(TOKENS_KEY)!)).toEqual(oldTokens)
    expect(t.notices).toEqual([{ kind: 'retry_later', message: 'Too many requests. Please retry later.', autoClose: 4000 }])
    expect(t.navigations).toEqual([])
  })

  test('a 429 during renewal keeps the tokens too', async () => {
    const t = setup((call) => call.url.endsWith('/renew_token')
      ? json(429, { error: { message: 'Slow', type: 'MS_MAX_CONCURRENT_REQ' } })
      : json(401, { error: { message: 'Expired', type: 'expired_access_token' } }))
    await expect(t.api.get('/cabinet')).rejects.toMatchObject({ status: 429 })
    expect(JSON.parse(t.storage.getItem(TOKENS_KEY)!)).toEqual(oldTokens)
    expect(t.navigations).toEqual([])
  })
})

describe('route changes', () => {
  test('cancel in-flight requests with the spec message, except exempt ones', async () => {
    const t = setup(async () => { await delay(30); return json(200, { ok: true }) })
    const normal = t.api.get('/cabinet/orders')
    const exempt = t.api.get('/cabinet/products', { exempt: true })
    const me = t.api.get('/app/user/me')
    await delay(5)
    t.api.cancelRouteRequests()
    await expect(normal).rejects.toMatchObject({ message: ROUTE_CHANGE_MESSAGE, type: 'canceled' })
    await expect(exempt).resolves.toEqual({ ok: true })
    await expect(me).resolves.toEqual({ ok: true })
    expect(t.notices).toEqual([])
    // later requests run normally
    await expect(t.api.get('/cabinet/orders')).resolves.toEqual({ ok: true })
  })
})

describe('peeking at the session', () => {
  test('a call with redirectOnSessionEnd: false clears an ended session but stays on the page', async () => {
    const t = setup((call) => call.url.endsWith('/renew_token')
      ? json(401, { error: { message: 'Invalid', type: 'invalid_refresh_token' } })
      : json(401, { error: { message: 'Expired', type: 'expired_access_token' } }), { path: '/' })
    await expect(t.api.get('/app/user/me', { redirectOnSessionEnd: false })).rejects.toBeInstanceOf(ApiError)
    expect(t.storage.getItem(TOKENS_KEY)).toBeNull()
    expect(t.navigations).toEqual([])
  })
})

describe('uploads with progress', () => {
  function uploadClient(answer: () => Response) {
    const sent: { url: string; auth: string | undefined }[] = []
    let fetched = 0
    const api = createApiClient({
      fetch: (async () => {
        fetched += 1
        return json(200, { via: 'fetch' })
      }) as typeof fetch,
      upload: async (url, init, onProgress) => {
        sent.push({ url, auth: (init.headers as Record<string, string>).Authorization })
        if (init.signal?.aborted) throw new DOMException('canceled', 'AbortError')
        onProgress({ loaded: 50, total: 100 })
        onProgress({ loaded: 100, total: 100 })
        return answer()
      },
      storage: memoryStorage({ [TOKENS_KEY]: JSON.stringify(oldTokens) }),
      notify: () => undefined, navigate: () => undefined, currentPath: () => '/cabinet', locale: () => 'en',
    })
    return { api, sent, fetched: () => fetched }
  }

  test('a call with onUploadProgress goes through the upload transport with the session and reports its progress', async () => {
    const { api, sent, fetched } = uploadClient(() => json(201, { file_id: 3 }))
    const seen: number[] = []
    const answer = await api.post('/cabinet/uploads', new FormData(), { onUploadProgress: (p) => seen.push(p.loaded / p.total) })
    expect(answer).toEqual({ fileId: 3 })
    expect(seen).toEqual([0.5, 1])
    expect(sent).toEqual([{ url: '/api/v1/cabinet/uploads', auth: 'Bearer access-old' }])
    expect(fetched()).toBe(0)
    await api.post('/cabinet/other', {})
    expect(fetched()).toBe(1)
  })

  test('a canceled upload ends as aborted, not as an error to show', async () => {
    const { api } = uploadClient(() => json(201, {}))
    const controller = new AbortController()
    controller.abort()
    await expect(api.post('/cabinet/uploads', new FormData(), { signal: controller.signal, onUploadProgress: () => undefined })).rejects.toMatchObject({ type: 'aborted' })
  })
})
