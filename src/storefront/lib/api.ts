import type { PageError } from '../props'
import type { PageTexts } from '../i18n/texts-context'

// The storefront's few calls to the shop API (JSON, snake_case). No client library: fetch and one answer
// shape. A network failure or a 5xx keeps the caller's Idempotency-Key so that trying again repeats the
// same attempt instead of making a second order. The errors the browser makes itself (no answer, an answer
// without an error) are in the page's words: every call takes the page's texts (useTexts()).

export type ApiResult<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: PageError; retry: boolean }

type CallOptions = { idempotencyKey?: string; signal?: AbortSignal }

async function call<T>(method: 'GET' | 'POST', url: string, body: unknown, texts: PageTexts, options: CallOptions): Promise<ApiResult<T>> {
  const t = texts.t.checkout.api
  // The page's language: the API's messages and an order made here use it (docs/decisions/0094-storefront-languages.md).
  const headers: Record<string, string> = { accept: 'application/json', 'content-language': texts.tag }
  if (body !== undefined) headers['content-type'] = 'application/json'
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey
  let response: Response
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: options.signal, credentials: 'same-origin' })
  } catch {
    return { ok: false, status: 0, error: { type: 'network', message: t.offline }, retry: true }
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
    error: error && typeof error.message === 'string' ? error : { type: 'http_error', message: texts.f(t.failed, { status: response.status }) },
  }
}

export const postJson = <T>(url: string, body: unknown, texts: PageTexts, options: CallOptions = {}) => call<T>('POST', url, body, texts, options)
export const getJson = <T>(url: string, texts: PageTexts, options: { signal?: AbortSignal } = {}) => call<T>('GET', url, undefined, texts, options)
