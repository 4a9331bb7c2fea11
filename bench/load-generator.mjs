// The load generator's own process (docs/QUALITY.md: never inside the server's event loop). Reads one
// autocannon run from argv as JSON: { url, connections, duration, headers?, method?, body?, uniqueQuery? }.
// `uniqueQuery` names a query parameter given a new value on every request, so each misses an HTML cache.
// Prints autocannon's result as JSON on stdout.
import autocannon from 'autocannon'

const options = JSON.parse(process.argv[2])
const { uniqueQuery, ...rest } = options
let n = 0
const path = new URL(options.url).pathname
const requests = uniqueQuery
  ? [{ method: options.method ?? 'GET', setupRequest: (req) => ({ ...req, path: `${path}?${uniqueQuery}=${n++}` }) }]
  : undefined
const result = await autocannon({ ...rest, ...(requests ? { requests } : {}) })
process.stdout.write(JSON.stringify({ requests: result.requests, latency: result.latency, non2xx: result.non2xx, errors: result.errors }))
