import type { PageError } from '../props'

// The storefront's few calls to the shop API (JSON, snake_case). No client library: fetch and one answer
// shape. A network failure or a 5xx keeps the caller's Idempotency-Key so that trying again repeats the
// same attempt instead of making a second order.

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: PageError; retry: boolean }

const offline: PageError = { type: 'network', message: 'We could not reach the server. Check your connection and try again.' }

async function call<T>(method: 'GET' | 'POST', url: string, body: unknown, options: { idempotencyKey?: string; signal?: AbortSignal }): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { accept: 'application/json' }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let response: Response
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: options.signal, credentials: 'same-origin' })
  } catch {
    return { ok: false, status: 0, error: offline, retry: true }
  }
  let json: unknown = null
  try {
    json = await response.json()
  } catch {
    json = null
  }
  if (response.ok) return { ok: true, status: response.status, body: json as T }
  const error = (json as { error?: PageError } | null)?.error
  return {
    ok: false, status: response.status, retry: response.status >= 500 || response.status === 409,
    error: error && typeof error.message === 'string' ? error : { type: 'http_error', message: `Something went wrong (${response.status}). Please try again.` },
  }
}

export const postJson = <T>(url: string, body: unknown, options: { idempotencyKey?: string; signal?: AbortSignal } = {}) => call<T>('POST', url, body, options)
export const getJson = <T>(url: string, options: { signal?: AbortSignal } = {}) => call<T>('GET', url, undefined, options)
