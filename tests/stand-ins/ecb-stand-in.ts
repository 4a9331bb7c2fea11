import { startServer, type StandInServer } from './server'

// A local stand-in of the European Central Bank's daily reference rates (src/server/modules/exchange-rates/README.md):
// GET /stats/eurofxref/eurofxref-daily.xml answers the bank's XML for `date` and `rates` (units per 1 EUR), which a
// test changes between refreshes; `failNext` makes it answer an error, `body` replaces the whole answer.

export type EcbStandIn = StandInServer & {
  /** The reference date (YYYY-MM-DD) the next answer carries. */
  date: string
  /** Currency (uppercase) -> rate per 1 EUR, as the bank writes them. */
  rates: Record<string, string>
  /** When set, answered as it is instead of the XML built from `date` and `rates` (a malformed answer). */
  body: string | null
  /** The address of the daily file: set it as the exchange-rate URL. */
  endpoint: string
}

export const ecbDailyPath = '/stats/eurofxref/eurofxref-daily.xml'

/** The bank's daily file for a date and rates, as it is published. */
export function ecbDailyXml(date: string, rates: Record<string, string>): string {
  const cubes = Object.entries(rates).map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='${date}'>
${cubes}
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`
}

export async function startEcbStandIn(date: string, rates: Record<string, string>): Promise<EcbStandIn> {
  const state = { date, rates: { ...rates }, body: null as string | null }
  const server = await startServer((request) => {
    if (request.method !== 'GET' || request.path !== ecbDailyPath) return { status: 404, body: 'Not Found', headers: { 'content-type': 'text/plain' } }
    return { status: 200, body: state.body ?? ecbDailyXml(state.date, state.rates), headers: { 'content-type': 'text/xml' } }
  })
  return Object.defineProperties(Object.assign(server, { endpoint: `${server.url}${ecbDailyPath}` }), {
    date: { get: () => state.date, set: (value: string) => { state.date = value }, enumerable: true },
    rates: { get: () => state.rates, set: (value: Record<string, string>) => { state.rates = value }, enumerable: true },
    body: { get: () => state.body, set: (value: string | null) => { state.body = value }, enumerable: true },
  }) as EcbStandIn
}
