import { accessTokenErrors, refreshTokenErrors, type FieldError } from '../../shared/errors'

// The one HTTP client of the back-office (docs/reference/accounts-and-orders.md §4 and §8, docs/DESIGN.md "Client behaviour").
// It is a factory over injected browser parts (fetch, storage, notifications, navigation) so the whole
// session behaviour runs in node tests with a fake fetch; `lib/api.ts` wires the browser instance.

export const API_BASE = '/api/v1'
export const TOKENS_KEY = 'sf.tokens'
export const FINGERPRINT_KEY = 'sf.fingerprint'
export const PROFILE_KEY = 'sf.profile'
export const RENEW_PATH = '/app/session/renew_token'
export const ROUTE_CHANGE_MESSAGE = 'Canceled request due to route change'
export const RETRY_WAIT_MS = 500
export const TOAST_AUTO_CLOSE_MS = 4000
/** Calls that outlive a route change: the session itself and what every layout needs. */
export const DEFAULT_EXEMPT_PATHS = ['/app/session', '/app/user/me', '/common/cookies_consent_categories']

// ---------------------------------------------------------------------------------------------------
// snake_case <-> camelCase

export function snakeToCamelKey(key: string): string {
  return key.replace(/([a-z0-9])_([a-z0-9])/gi, (_m, a: string, b: string) => a + b.toUpperCase())
}

export function camelToSnakeKey(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert))
  if (!isPlainObject(value)) return value // Date, File, Blob, FormData and primitives pass unchanged
  const out: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) out[convert(key)] = convertKeys(item, convert)
  return out
}

/** Deep-converts object keys to snake_case (requests). Values are never touched. */
export function toSnake<T>(value: T): unknown {
  return convertKeys(value, camelToSnakeKey)
}

/** Deep-converts object keys to camelCase (answers). Values are never touched. */
export function toCamel<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeToCamelKey) as T
}

type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S
/** The camelCase view of a snake_case answer type from `src/shared/schemas`. */
export type Camelize<T> = T extends readonly (infer U)[]
  ? Camelize<U>[]
  : T extends Date
    ? T
    : T extends object
      ? { [K in keyof T as K extends string ? CamelKey<K> : K]: Camelize<T[K]> }
      : T

// ---------------------------------------------------------------------------------------------------
// errors

export type ApiErrorInit = { message: string; type: string; status: number; fields?: FieldError[] | undefined; details?: Record<string, unknown> | undefined }

export class ApiError extends Error {
  readonly type: string
  readonly status: number
  readonly fields: FieldError[] | undefined
  /** The error's other keys besides message, type and fields (e.g. a ticket's first `used_at`), as sent. */
  readonly details: Record<string, unknown>
  constructor(init: ApiErrorInit) {
    super(init.message)
    this.name = 'ApiError'
    this.type = init.type
    this.status = init.status
    this.fields = init.fields
    this.details = init.details ?? {}
  }
}

export const CANCELED = 'canceled'
export const ABORTED = 'aborted'
export const NETWORK_ERROR = 'network_error'
export const ADMIN_MODE_ENDED = 'admin_mode_ended'

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

export function isCanceled(error: unknown): boolean {
  return isApiError(error) && (error.type === CANCELED || error.type === ABORTED)
}

const tokenErrorStatuses = new Set([400, 401, 404])

export function isAccessTokenError(error: { status: number; type: string }): boolean {
  return tokenErrorStatuses.has(error.status) && (accessTokenErrors as readonly string[]).includes(error.type)
}

export function isRefreshTokenError(error: { status: number; type: string }): boolean {
  return tokenErrorStatuses.has(error.status) && (refreshTokenErrors as readonly string[]).includes(error.type)
}

/** Reads `{ error: { message, type, fields } }` or `{ error: 'text' }` (docs/reference/accounts-and-orders.md §8). */
export function parseErrorBody(status: number, body: unknown, statusText = ''): ApiError {
  const fallbackMessage = statusText || `Request failed with status ${status}`
  const fallbackType = status === 429 ? 'MS_MAX_CONCURRENT_REQ' : `http_${status}`
  if (isPlainObject(body)) {
    const error = body.error
    if (typeof error === 'string') return new ApiError({ message: error, type: fallbackType, status })
    if (isPlainObject(error)) {
      const fields = Array.isArray(error.fields)
        ? error.fields.filter(isPlainObject).map((f) => ({ path: String(f.path ?? ''), message: String(f.message ?? '') }))
        : undefined
      const { message: _message, type: _type, fields: _fields, ...details } = error
      return new ApiError({
        message: typeof error.message === 'string' && error.message ? error.message : fallbackMessage,
        type: typeof error.type === 'string' && error.type ? error.type : fallbackType,
        status,
        fields,
        details,
      })
    }
  }
  if (typeof body === 'string' && body.trim() && body.length < 300) {
    return new ApiError({ message: body.trim(), type: fallbackType, status })
  }
  return new ApiError({ message: fallbackMessage, type: fallbackType, status })
}

/** Where the client sends a user whose session ended, remembering the page. */
export function signInPath(currentPath: string): string {
  if (!currentPath || currentPath.startsWith('/users/sign_in')) return '/users/sign_in'
  return `/users/sign_in?return_to=${encodeURIComponent(currentPath)}`
}

// ---------------------------------------------------------------------------------------------------
// tokens

export type SessionTokens = { accessToken: string; expiresAt: string; refreshToken: string; refreshExpiresAt: string }

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

function readJson<T>(storage: KeyValueStorage, key: string): T | null {
  const raw = storage.getItem(key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

// ---------------------------------------------------------------------------------------------------
// the client

export type Notice = { kind: 'error' | 'retry_later' | 'network'; message: string; autoClose: number }

/** Bytes of a request body sent so far; `total` is 0 when the browser cannot tell. */
export type UploadProgress = { loaded: number; total: number }

export type ApiClientDeps = {
  fetch: typeof fetch
  /**
   * Sends like fetch and reports the request body's progress (fetch cannot): the browser wiring uses
   * XMLHttpRequest. Used only for calls with `onUploadProgress`; without it those go through fetch.
   */
  upload?: (url: string, init: RequestInit, onProgress: (progress: UploadProgress) => void) => Promise<Response>
  storage: KeyValueStorage
  /** Shows a toast; the browser wiring uses Mantine notifications. */
  notify: (notice: Notice) => void
  /** Goes to a path inside the app (router navigation or location change). */
  navigate: (path: string) => void | Promise<void>
  /** Path and search of the page the user is on, for `return_to`. */
  currentPath: () => string
  locale: () => string
  /** Texts the client itself shows. */
  texts?: { retryLater: () => string; network: () => string }
  /** Called once the navigation to sign-in after a session ended has settled (drop cached data). */
  onSessionEnd?: () => void
  /**
   * A manager's admin mode ended (expired, or ended elsewhere): the server cleared its cookie; the app
   * returns to /admin (docs/decisions/0056-managers-admin-mode.md). The manager's own session stays.
   */
  onAdminModeEnded?: () => void
  baseUrl?: string
  retryWaitMs?: number
  sleep?: (ms: number) => Promise<void>
  randomId?: () => string
  exemptPaths?: string[]
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[]

export type RequestOptions = {
  /** Query string parameters; keys are converted to snake_case. */
  query?: Record<string, QueryValue>
  /** Caller's abort signal (TanStack Query passes one). */
  signal?: AbortSignal
  /** Keep this call running across route changes. */
  exempt?: boolean
  /** Do not show a toast for errors of this call (the caller shows them). */
  silent?: boolean
  /** Send without Authorization and never renew (sign in, sign up, public reads). */
  auth?: boolean
  /**
   * When this call finds the session ended, clear it but stay on the page (public pages that only
   * peek at the session). Default: go to sign-in.
   */
  redirectOnSessionEnd?: boolean
  /** `blob`: a successful answer is read as a Blob (PDFs, images), not as JSON or text. Errors stay JSON. */
  responseType?: 'json' | 'blob'
  /**
   * Sent as the Idempotency-Key header (refunds, docs/decisions/0016-orders-exactly-once.md): the caller
   * makes one per action it means (newIdempotencyKey) and sends it again on each retry of that action.
   */
  idempotencyKey?: string
  /** Reports the upload of the body (large files); cancel it with `signal`. */
  onUploadProgress?: (progress: UploadProgress) => void
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** A new Idempotency-Key for one action the user means (a UUID, or a random id where there is none). */
export function newIdempotencyKey(): string {
  return defaultRandomId()
}

function defaultRandomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return ''
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue
    const name = camelToSnakeKey(key)
    if (Array.isArray(value)) for (const item of value) params.append(name, String(item))
    else params.append(name, String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/** AbortSignal.any where the browser has it, else the same by hand. */
function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals)
  const controller = new AbortController()
  for (const signal of signals) {
    if (signal.aborted) {
      controller.abort(signal.reason)
      break
    }
    signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true })
  }
  return controller.signal
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return null
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  return text
}

export function createApiClient(deps: ApiClientDeps) {
  const base = deps.baseUrl ?? API_BASE
  const retryWaitMs = deps.retryWaitMs ?? RETRY_WAIT_MS
  const sleep = deps.sleep ?? defaultSleep
  const randomId = deps.randomId ?? defaultRandomId
  const exemptPaths = deps.exemptPaths ?? DEFAULT_EXEMPT_PATHS
  const texts = deps.texts ?? { retryLater: () => 'Too many requests. Please retry later.', network: () => 'The server cannot be reached.' }

  let routeController = new AbortController()
  let renewing = false

  function getTokens(): SessionTokens | null {
    const tokens = readJson<SessionTokens>(deps.storage, TOKENS_KEY)
    return tokens && typeof tokens.accessToken === 'string' ? tokens : null
  }

  function setTokens(tokens: SessionTokens): void {
    const { accessToken, expiresAt, refreshToken, refreshExpiresAt } = tokens
    deps.storage.setItem(TOKENS_KEY, JSON.stringify({ accessToken, expiresAt, refreshToken, refreshExpiresAt }))
  }

  /** After a profile switch the access token changes and the refresh token stays. */
  function setAccessToken(accessToken: string, expiresAt: string): void {
    const current = getTokens()
    if (!current) return
    setTokens({ ...current, accessToken, expiresAt })
  }

  function clearSession(): void {
    deps.storage.removeItem(TOKENS_KEY)
    deps.storage.removeItem(PROFILE_KEY)
  }

  /** The profile chosen in this browser (cleared with the tokens). */
  function profileSelection(): number | null {
    const value = Number(deps.storage.getItem(PROFILE_KEY))
    return Number.isInteger(value) && value > 0 ? value : null
  }

  function setProfileSelection(profileId: number): void {
    deps.storage.setItem(PROFILE_KEY, String(profileId))
  }

  function fingerprint(): string {
    const existing = deps.storage.getItem(FINGERPRINT_KEY)
    if (existing && existing.length >= 8) return existing
    const created = randomId()
    deps.storage.setItem(FINGERPRINT_KEY, created)
    return created
  }

  /** Clears the session and sends the user to sign-in, remembering the page. */
  function endSession(redirect = true): void {
    clearSession()
    const path = deps.currentPath()
    const navigation = !redirect || path.startsWith('/users/sign_in') ? undefined : deps.navigate(signInPath(path))
    void Promise.resolve(navigation).finally(() => deps.onSessionEnd?.())
  }

  function cancelRouteRequests(): void {
    routeController.abort(new ApiError({ message: ROUTE_CHANGE_MESSAGE, type: CANCELED, status: 0 }))
    routeController = new AbortController()
  }

  async function waitForRenewal(): Promise<void> {
    while (renewing) await sleep(retryWaitMs)
  }

  function headers(withAuth: boolean, json: boolean, idempotencyKey: string | undefined): Record<string, string> {
    const locale = deps.locale()
    const out: Record<string, string> = {
      Accept: 'application/json',
      'Content-Language': locale,
      'Accept-Language': locale,
      'X-User-Session': fingerprint(),
    }
    if (json) out['Content-Type'] = 'application/json'
    const access = withAuth ? getTokens()?.accessToken : undefined
    if (access) out.Authorization = `Bearer ${access}`
    if (idempotencyKey) out['Idempotency-Key'] = idempotencyKey
    return out
  }

  function isExempt(path: string, opts: RequestOptions): boolean {
    return opts.exempt === true || exemptPaths.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))
  }

  function notifyError(error: ApiError, silent: boolean): void {
    if (error.status === 429) {
      deps.notify({ kind: 'retry_later', message: texts.retryLater(), autoClose: TOAST_AUTO_CLOSE_MS })
      return
    }
    if (silent) return
    deps.notify({
      kind: error.type === NETWORK_ERROR ? 'network' : 'error',
      message: error.message,
      autoClose: TOAST_AUTO_CLOSE_MS,
    })
  }

  type Sent = { ok: true; status: number; body: unknown } | { ok: false; error: ApiError }

  async function send(method: HttpMethod, path: string, body: unknown, opts: RequestOptions, withAuth: boolean): Promise<Sent> {
    const signals: AbortSignal[] = []
    const routeSignal = isExempt(path, opts) ? undefined : routeController.signal
    if (routeSignal) signals.push(routeSignal)
    if (opts.signal) signals.push(opts.signal)
    const signal = signals.length <= 1 ? signals[0] : anySignal(signals)

    const isForm = typeof FormData !== 'undefined' && body instanceof FormData
    const hasBody = body !== undefined && method !== 'GET'
    const init: RequestInit = {
      method,
      headers: headers(withAuth, hasBody && !isForm, opts.idempotencyKey),
      body: hasBody ? (isForm ? body : JSON.stringify(toSnake(body))) : undefined,
      signal,
    }
    try {
      const url = `${base}${path}${buildQuery(opts.query)}`
      const res = opts.onUploadProgress && deps.upload ? await deps.upload(url, init, opts.onUploadProgress) : await deps.fetch(url, init)
      if (res.status === 204) return { ok: true, status: 204, body: null }
      if (res.ok && opts.responseType === 'blob') return { ok: true, status: res.status, body: await res.blob() }
      const parsed = await readBody(res)
      if (res.ok) return { ok: true, status: res.status, body: parsed }
      return { ok: false, error: parseErrorBody(res.status, parsed, res.statusText) }
    } catch (caught) {
      if (routeSignal?.aborted) return { ok: false, error: new ApiError({ message: ROUTE_CHANGE_MESSAGE, type: CANCELED, status: 0 }) }
      if (opts.signal?.aborted) return { ok: false, error: new ApiError({ message: 'Request aborted', type: ABORTED, status: 0 }) }
      const detail = caught instanceof Error ? caught.message : String(caught)
      return { ok: false, error: new ApiError({ message: texts.network() || detail, type: NETWORK_ERROR, status: 0 }) }
    }
  }

  /**
   * Renews the session once. Returns null on success, or the error that ended it. A refresh-token error
   * (or any 401 from renewal) ends the session; a 429 keeps the tokens (docs/reference/readings.md 30).
   */
  async function renew(redirect: boolean): Promise<ApiError | null> {
    renewing = true
    try {
      const tokens = getTokens()
      if (!tokens?.refreshToken) {
        const error = new ApiError({ message: 'missing_refresh_token', type: 'missing_refresh_token', status: 401 })
        endSession(redirect)
        return error
      }
      const answer = await send('POST', RENEW_PATH, { refreshToken: tokens.refreshToken, fingerprint: fingerprint() }, { exempt: true }, false)
      if (answer.ok) {
        setTokens(toCamel<SessionTokens>(answer.body))
        return null
      }
      const error = answer.error
      if (isRefreshTokenError(error) || isAccessTokenError(error) || error.status === 401) {
        endSession(redirect)
      } else {
        notifyError(error, false)
      }
      return error
    } finally {
      renewing = false
    }
  }

  async function request<T = unknown>(method: HttpMethod, path: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
    const withAuth = opts.auth !== false
    const redirect = opts.redirectOnSessionEnd !== false
    if (withAuth) await waitForRenewal()
    let renewed = false
    for (;;) {
      const usedAccess = withAuth ? getTokens()?.accessToken : undefined
      const answer = await send(method, path, body, opts, withAuth)
      if (answer.ok) return (answer.body === null || opts.responseType === 'blob' ? answer.body : toCamel<T>(answer.body)) as T
      const error = answer.error
      if (error.type === CANCELED || error.type === ABORTED) throw error
      if (error.type === ADMIN_MODE_ENDED) {
        deps.onAdminModeEnded?.()
        throw error
      }

      if (withAuth && isAccessTokenError(error)) {
        if (renewing) {
          // another call is renewing: wait for it, then repeat with the new token
          await waitForRenewal()
          if (getTokens()?.accessToken && getTokens()?.accessToken !== usedAccess) continue
          throw error
        }
        const current = getTokens()
        if (current?.accessToken && current.accessToken !== usedAccess) continue // renewed meanwhile
        if (!current) {
          if (!usedAccess) endSession(redirect) // a signed-out call; a cleared session was already handled
          throw error
        }
        if (renewed) {
          // the renewed token was refused too: the session cannot continue
          endSession(redirect)
          throw error
        }
        const failure = await renew(redirect)
        if (failure) throw failure
        renewed = true
        continue
      }
      if (isRefreshTokenError(error)) {
        endSession(redirect)
        throw error
      }
      notifyError(error, opts.silent === true)
      throw error
    }
  }

  return {
    request,
    get: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body ?? {}, opts),
    put: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body ?? {}, opts),
    patch: <T = unknown>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body ?? {}, opts),
    delete: <T = unknown>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, undefined, opts),
    getTokens,
    setTokens,
    setAccessToken,
    clearSession,
    endSession,
    profileSelection,
    setProfileSelection,
    hasSession: () => getTokens() !== null,
    fingerprint,
    cancelRouteRequests,
    isRenewing: () => renewing,
  }
}

export type ApiClient = ReturnType<typeof createApiClient>
