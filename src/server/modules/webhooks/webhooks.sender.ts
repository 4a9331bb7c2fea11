import http from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import type { CheckedTarget } from './webhooks.address-guard'

// One HTTP attempt of a webhook (docs/decisions/0072-signed-webhooks.md): to the address the guard checked
// (the socket's lookup answers it, TLS still verifies the host's name), no redirects followed, one deadline
// for the whole exchange, and at most 64 KiB of the answer read before the socket is destroyed, so a slow or
// huge answer does not hold a worker.

export const answerReadCap = 64 * 1024
/** How much of an answer is kept in the log. */
export const answerExcerptLength = 2048

export type AttemptOutcome = {
  status: number | null
  answer: string | null
  durationMs: number
  error: string | null
  ok: boolean
}

export function sendWebhook(target: CheckedTarget, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptOutcome> {
  const started = performance.now()
  const pinned: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const transport = target.url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: Omit<AttemptOutcome, 'durationMs' | 'ok'>) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      const ok = outcome.error === null && outcome.status !== null && outcome.status >= 200 && outcome.status < 300
      resolve({ ...outcome, ok, durationMs: Math.round(performance.now() - started) })
    }
    const request = transport.request(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned,
      // TLS names the host it checks; an address literal has no name to send (SNI takes names only).
      ...(isIP(target.url.hostname.replace(/^\[|\]$/g, '')) ? {} : { servername: target.url.hostname }),
      agent: false,
    })
    const deadline = setTimeout(() => {
      request.destroy()
      finish({ status: null, answer: null, error: `No answer within ${timeoutMs} ms` })
    }, timeoutMs)
    request.on('error', (error) => finish({ status: null, answer: null, error: error.message }))
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      const chunks: Buffer[] = []
      let size = 0
      const done = () => {
        const answer = Buffer.concat(chunks).subarray(0, answerExcerptLength).toString('utf8')
        const redirect = status >= 300 && status < 400
        finish({ status, answer, error: redirect ? `Answered ${status}: redirects are not followed` : null })
      }
      response.on('data', (chunk: Buffer) => {
        if (size < answerReadCap) chunks.push(chunk)
        size += chunk.length
        if (size >= answerReadCap) {
          done()
          response.destroy()
          request.destroy()
        }
      })
      response.on('end', done)
      response.on('error', done)
      response.on('aborted', done)
    })
    request.end(body)
  })
}
