import { randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// The plumbing both provider stand-ins share: a node:http server on 127.0.0.1 that records every request.

export type RecordedRequest = {
  method: string
  path: string
  query: Record<string, any>
  headers: http.IncomingHttpHeaders
  /** The body parsed (JSON, or a form with Stripe's `a[b][0]` keys as nested objects and arrays). */
  body: any
  rawBody: string
}

export type Reply = { status: number; body: unknown; headers?: Record<string, string> }
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>

export type StandInServer = {
  url: string
  requests: RecordedRequest[]
  /** The last request to a route, e.g. `last('POST', '/v1/refunds')`; a prefix of the path matches too. */
  last(method: string, path: string): RecordedRequest | undefined
  /** Answers the next request with this status (5xx: the provider is down). */
  failNext(status?: number, body?: unknown): void
  /**
   * Requests to `method path` wait (recorded, unanswered) until `release()`: a test can hold a provider call
   * open while others arrive, instead of hoping the machine is slow enough.
   */
  hold(method: string, path: string): { release(): void }
  close(): Promise<void>
}

export async function startServer(handle: Handler): Promise<StandInServer> {
  const requests: RecordedRequest[] = []
  let failure: Reply | null = null
  const holds: { method: string; path: string; released: Promise<void> }[] = []

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://stand-in')
        const rawBody = Buffer.concat(chunks).toString('utf8')
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          path: url.pathname,
          query: parseForm(url.search.slice(1)),
          headers: req.headers,
          body: parseBody(rawBody, req.headers['content-type']),
          rawBody,
        }
        requests.push(recorded)
        for (const h of holds) if (h.method === recorded.method && recorded.path === h.path) await h.released
        let reply: Reply
        if (failure) {
          reply = failure
          failure = null
        } else {
          try {
            reply = await handle(recorded)
          } catch (error) {
            reply = { status: 500, body: { error: { type: 'api_error', message: `stand-in: ${(error as Error).message}` } } }
          }
        }
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body)
        res.writeHead(reply.status, {
          'content-type': typeof reply.body === 'string' ? 'text/html' : 'application/json',
          'request-id': `req_${randomId(10)}`,
          ...reply.headers,
        })
        res.end(text)
      })()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    last(method, path) {
      return requests.findLast((r) => r.method === method && (r.path === path || r.path.startsWith(path)))
    },
    failNext(status = 500, body = { error: { type: 'api_error', message: 'The stand-in is down' } }) {
      failure = { status, body }
    },
    hold(method, path) {
      let release = () => {}
      const released = new Promise<void>((resolve) => { release = resolve })
      const entry = { method, path, released }
      holds.push(entry)
      return { release() { holds.splice(holds.indexOf(entry), 1); release() } }
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
    },
  }
}

export function randomId(length = 14): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from(randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join('')
}

function parseBody(raw: string, contentType: string | undefined): any {
  if (!raw) return {}
  if (contentType?.includes('application/json')) {
    try {
      return JSON.parse(raw)
    } catch {
      return {}
    }
  }
  return parseForm(raw)
}

/** `a[b][0][c]=1&a[b][1]=x` -> `{ a: { b: [{ c: '1' }, 'x'] } }`: how Stripe's SDK encodes nested params. */
export function parseForm(text: string): Record<string, any> {
  const root: Record<string, any> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '')
    let node: any = root
    path.forEach((part, i) => {
      const last = i === path.length - 1
      if (last) {
        node[part] = value
        return
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? '')
      node[part] ??= nextIsIndex ? [] : {}
      node = node[part]
    })
  }
  return root
}
