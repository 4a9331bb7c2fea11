import { readFile, stat } from 'node:fs/promises'
import { XMLParser } from 'fast-xml-parser'
import { isCurrencyId, isDecimalRate, type CurrencyId } from '../../../shared/money'

// Reading rates from their sources (README.md "Sources"): the European Central Bank's daily reference rates
// (eurofxref-daily.xml) over HTTP, or a file on the server in the same XML or as `currency,rate` lines. The
// parsers are pure; a malformed rate fails the whole reading so the stored rates stay as they were.

/** Rates per 1 EUR as read; `ratedAt` null when the source gave no date (the caller dates it at reading). */
export type ParsedRates = {
  ratedAt: Date | null
  rates: { currency: CurrencyId; perEur: string }[]
  /** Codes the source named that the platform does not know (src/shared/money/currencies.ts): left out. */
  skipped: string[]
}

/** A source that could not be read or parsed: its message is shown to the manager and logged with the refresh. */
export class RatesSourceError extends Error {}

/** How long the central bank (or the mirror a manager names) may take to answer. */
export const fetchTimeoutMs = 10_000
/** Larger answers or files are refused: the daily file is ~2 KB, the bank's whole history ~600 KB. */
const maxBytes = 5 * 1024 * 1024

/** A reference date `YYYY-MM-DD` at 15:00 UTC: the bank fixes its rates at 14:10 CET and publishes them about 16:00. */
export function referenceDate(text: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim())
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 15)) : null
  if (!date || date.toISOString().slice(0, 10) !== text.trim()) throw new RatesSourceError(`not a date (YYYY-MM-DD): ${text.trim().slice(0, 20)}`)
  return date
}

/** Collects one currency's rate: unknown codes skipped, eur never kept, a bad rate or a code twice fails. */
function collector() {
  const rates = new Map<CurrencyId, string>()
  const skipped: string[] = []
  return {
    add(code: string, rate: string, where: string) {
      const id = code.trim().toLowerCase()
      if (!/^[a-z]{3}$/.test(id)) throw new RatesSourceError(`${where}: not a currency code`)
      const value = rate.trim()
      if (!isDecimalRate(value)) throw new RatesSourceError(`${where}: malformed rate for ${id.toUpperCase()}`)
      if (id === 'eur') return
      if (!isCurrencyId(id)) { skipped.push(id.toUpperCase()); return }
      if (rates.has(id)) throw new RatesSourceError(`${where}: ${id.toUpperCase()} is named twice`)
      rates.set(id, value)
    },
    done(ratedAt: Date | null): ParsedRates {
      if (rates.size === 0) throw new RatesSourceError('no exchange rates found')
      return { ratedAt, rates: [...rates].map(([currency, perEur]) => ({ currency, perEur })), skipped }
    },
  }
}

const asArray = <T>(value: T | T[] | undefined): T[] => value === undefined ? [] : Array.isArray(value) ? value : [value]

/**
 * The central bank's XML: `<Cube><Cube time='2026-11-27'><Cube currency='USD' rate='1.0823'/>…`. With several
 * dates (the bank's history files) the latest is read. `requireDate` (the bank itself) refuses a file without one.
 */
export function parseEcbXml(xml: string, options: { requireDate?: boolean } = {}): ParsedRates {
  let doc: Record<string, any>
  try {
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, parseAttributeValue: false, processEntities: false })
    doc = parser.parse(xml, true) as Record<string, any>
  } catch (error) {
    // The parser's message may quote the text; only its position is told (a file may be any file on the server).
    const line = /:(\d+):\d+$/.exec((error as Error).message)?.[1]
    throw new RatesSourceError(`not well-formed XML${line ? ` (line ${line})` : ''}`)
  }
  const outer = asArray<any>(doc?.Envelope?.Cube ?? doc?.Cube)[0]
  if (!outer || typeof outer !== 'object') throw new RatesSourceError('not the central bank\'s format: no <Cube> element')
  const days = asArray<any>(outer.Cube).filter((c) => c && typeof c === 'object')
  // A file may leave the dated level out (only the currencies' cubes): no date then.
  const dated = days.filter((c) => c['@time'] !== undefined)
  let day: any
  let ratedAt: Date | null = null
  if (dated.length > 0) {
    const withDates = dated.map((c) => ({ cube: c, date: referenceDate(String(c['@time'])) }))
    const latest = withDates.reduce((a, b) => (b.date > a.date ? b : a))
    day = latest.cube
    ratedAt = latest.date
  } else {
    if (options.requireDate) throw new RatesSourceError('not the central bank\'s format: no reference date (<Cube time=…>)')
    day = outer
  }
  const rates = collector()
  asArray<any>(day.Cube).forEach((cube, index) => {
    if (!cube || typeof cube !== 'object') throw new RatesSourceError(`rate ${index + 1}: not a <Cube currency=… rate=…/>`)
    rates.add(String(cube['@currency'] ?? ''), String(cube['@rate'] ?? ''), `rate ${index + 1}`)
  })
  return rates.done(ratedAt)
}

/**
 * `currency,rate` lines (units per 1 EUR, e.g. `USD,1.0823`): an optional first line `date,YYYY-MM-DD`, an
 * optional header line `currency,rate`, blank lines ignored. Without a date, `ratedAt` is null.
 */
export function parseRatesCsv(text: string): ParsedRates {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/).map((line, index) => ({ line: line.trim(), number: index + 1 })).filter((l) => l.line !== '')
  let ratedAt: Date | null = null
  const rates = collector()
  lines.forEach(({ line, number }, index) => {
    const fields = line.split(',').map((field) => field.trim())
    if (fields.length !== 2) throw new RatesSourceError(`line ${number}: expected currency,rate`)
    const [first, second] = fields as [string, string]
    if (index === 0 && first.toLowerCase() === 'date') { ratedAt = referenceDate(second); return }
    const isHeader = first.toLowerCase() === 'currency' && (index === 0 || (index === 1 && ratedAt !== null))
    if (isHeader) return
    rates.add(first, second, `line ${number}`)
  })
  return rates.done(ratedAt)
}

/** A file's rates: the bank's XML when it starts with `<`, `currency,rate` lines otherwise. */
export function parseRatesFile(text: string): ParsedRates {
  return /^\uFEFF?\s*</.test(text) ? parseEcbXml(text) : parseRatesCsv(text)
}

export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<Response>

/** GETs the bank's daily XML (or the address the manager set), giving up after `timeoutMs`. */
export async function fetchRatesXml(url: string, options: { fetch?: FetchLike; timeoutMs?: number } = {}): Promise<string> {
  const get = options.fetch ?? ((u, init) => fetch(u, init))
  const timeoutMs = options.timeoutMs ?? fetchTimeoutMs
  let response: Response
  try {
    response = await get(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' } })
  } catch (error) {
    const name = (error as Error).name
    if (name === 'TimeoutError' || name === 'AbortError') throw new RatesSourceError(`no answer from ${url} within ${timeoutMs / 1000} s`)
    throw new RatesSourceError(`${url} cannot be reached: ${(error as Error).message}`)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new RatesSourceError(`${url} answered HTTP ${response.status}`)
  }
  const length = Number(response.headers.get('content-length') ?? 0)
  if (length > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw new RatesSourceError(`${url} answered more than ${maxBytes / 1024 / 1024} MB`)
  }
  const text = await response.text()
  if (text.length > maxBytes) throw new RatesSourceError(`${url} answered more than ${maxBytes / 1024 / 1024} MB`)
  return text
}

/** Reads the file a manager named (its content is never quoted in errors: the path may be any file on the server). */
export async function readRatesFile(path: string): Promise<string> {
  if (path.trim() === '') throw new RatesSourceError('no exchange-rate file is set')
  try {
    const info = await stat(path)
    if (!info.isFile()) throw new RatesSourceError(`${path} is not a file`)
    if (info.size > maxBytes) throw new RatesSourceError(`${path} is larger than ${maxBytes / 1024 / 1024} MB`)
    return await readFile(path, 'utf8')
  } catch (error) {
    if (error instanceof RatesSourceError) throw error
    throw new RatesSourceError(`${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
}
