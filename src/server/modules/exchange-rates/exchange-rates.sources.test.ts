import { describe, expect, test } from 'vitest'
import { ecbDailyXml } from '../../../../tests/stand-ins/ecb-stand-in'
import { parseEcbXml, parseRatesCsv, parseRatesFile, RatesSourceError, referenceDate, fetchRatesXml } from './exchange-rates.sources'

// The sources' parsers (README.md "Sources"): the central bank's XML and `currency,rate` files; unknown codes are
// left out, a malformed rate fails the whole reading.

/** The bank's daily file as published (abridged), single quotes and namespaces included. */
const sample = `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
	<gesmes:subject>Reference rates</gesmes:subject>
	<gesmes:Sender>
		<gesmes:name>European Central Bank</gesmes:name>
	</gesmes:Sender>
	<Cube>
		<Cube time='2026-11-27'>
			<Cube currency='USD' rate='1.0823'/>
			<Cube currency='JPY' rate='163.45'/>
			<Cube currency='PLN' rate='4.2931'/>
			<Cube currency='CHF' rate='0.9402'/>
			<Cube currency='IDR' rate='17654.34'/>
			<Cube currency='XYZ' rate='2.5'/>
		</Cube>
	</Cube>
</gesmes:Envelope>`

describe('the central bank\'s XML', () => {
  test('reads each currency per euro as published, lowercase, dated the reference day at 15:00 UTC', () => {
    const parsed = parseEcbXml(sample, { requireDate: true })
    expect(parsed.ratedAt).toEqual(new Date('2026-11-27T15:00:00Z'))
    expect(parsed.rates).toEqual([
      { currency: 'usd', perEur: '1.0823' }, { currency: 'jpy', perEur: '163.45' }, { currency: 'pln', perEur: '4.2931' },
      { currency: 'chf', perEur: '0.9402' }, { currency: 'idr', perEur: '17654.34' },
    ])
  })

  test('an unknown currency code is left out, not a failure', () => {
    expect(parseEcbXml(sample).skipped).toEqual(['XYZ'])
  })

  test('one currency only (an object, not a list, to the parser) is read too; the stand-in\'s XML is the same format', () => {
    expect(parseEcbXml(ecbDailyXml('2026-12-01', { USD: '1.1' })).rates).toEqual([{ currency: 'usd', perEur: '1.1' }])
  })

  test('a history file with several days gives the latest', () => {
    const history = `<gesmes:Envelope xmlns:gesmes="g" xmlns="e"><Cube>
      <Cube time='2026-11-27'><Cube currency='USD' rate='1.08'/></Cube>
      <Cube time='2026-11-26'><Cube currency='USD' rate='1.07'/></Cube></Cube></gesmes:Envelope>`
    const parsed = parseEcbXml(history)
    expect(parsed.ratedAt).toEqual(new Date('2026-11-27T15:00:00Z'))
    expect(parsed.rates).toEqual([{ currency: 'usd', perEur: '1.08' }])
  })

  test('a malformed rate fails the whole reading', () => {
    for (const rate of ['1,0823', '-1.2', '0', 'abc', '', '1e3']) {
      expect(() => parseEcbXml(sample.replace("rate='4.2931'", `rate='${rate}'`)), rate).toThrow(RatesSourceError)
    }
    expect(() => parseEcbXml(sample.replace("rate='4.2931'", "rate='x'"))).toThrow('malformed rate for PLN')
  })

  test('not XML, another XML, no date from the bank, or no rates at all: a failure', () => {
    expect(() => parseEcbXml('<html><body>Service unavailable</body>')).toThrow(RatesSourceError)
    expect(() => parseEcbXml('<rss><channel/></rss>')).toThrow('no <Cube> element')
    expect(() => parseEcbXml("<Envelope><Cube><Cube currency='USD' rate='1.1'/></Cube></Envelope>", { requireDate: true })).toThrow('no reference date')
    expect(() => parseEcbXml("<Envelope><Cube><Cube time='2026-11-27'></Cube></Cube></Envelope>")).toThrow('no exchange rates found')
    expect(() => parseEcbXml("<Envelope><Cube><Cube time='2026-13-40'><Cube currency='USD' rate='1.1'/></Cube></Cube></Envelope>")).toThrow('not a date')
  })

  test('an undated file in the bank\'s format has no date (the reading dates it)', () => {
    expect(parseEcbXml("<Envelope><Cube><Cube currency='USD' rate='1.1'/></Cube></Envelope>").ratedAt).toBeNull()
  })

  test('the euro itself is never kept (1 by definition)', () => {
    expect(parseEcbXml(ecbDailyXml('2026-12-01', { EUR: '1', USD: '1.1' })).rates.map((r) => r.currency)).toEqual(['usd'])
  })
})

describe('currency,rate files', () => {
  test('with a date line and a header', () => {
    const parsed = parseRatesCsv('date,2026-11-27\ncurrency,rate\nUSD,1.0823\r\npln, 4.2931\n\nKWD,0.3321\n')
    expect(parsed.ratedAt).toEqual(new Date('2026-11-27T15:00:00Z'))
    expect(parsed.rates).toEqual([{ currency: 'usd', perEur: '1.0823' }, { currency: 'pln', perEur: '4.2931' }, { currency: 'kwd', perEur: '0.3321' }])
  })

  test('without a date or header: no date (the time of reading is used)', () => {
    const parsed = parseRatesCsv('USD,1.0823\nCHF,0.9402')
    expect(parsed.ratedAt).toBeNull()
    expect(parsed.rates).toHaveLength(2)
  })

  test('a bad rate, a line that is not two fields, a code twice, a bad date: the whole file fails', () => {
    expect(() => parseRatesCsv('USD,1.0823\nPLN,4,29')).toThrow('line 2: expected currency,rate')
    expect(() => parseRatesCsv('USD,1.0823\nPLN,four')).toThrow('line 2: malformed rate for PLN')
    expect(() => parseRatesCsv('USD,1.0823\nusd,1.09')).toThrow('USD is named twice')
    expect(() => parseRatesCsv('date,27.11.2026\nUSD,1.0823')).toThrow('not a date')
    expect(() => parseRatesCsv('')).toThrow('no exchange rates found')
  })

  test('an unknown code is skipped; the failure never quotes the file (it may be any file on the server)', () => {
    expect(parseRatesCsv('USD,1.1\nABC,2').skipped).toEqual(['ABC'])
    const error = (() => { try { parseRatesCsv('root:x:0:0:root:/root:/bin/bash\n') } catch (e) { return e as Error } })()
    expect(error?.message).toBe('line 1: expected currency,rate')
  })

  test('a file is read as the bank\'s XML when it starts with <, as lines otherwise', () => {
    expect(parseRatesFile(sample).ratedAt).toEqual(new Date('2026-11-27T15:00:00Z'))
    expect(parseRatesFile('\uFEFFUSD,1.1').rates).toEqual([{ currency: 'usd', perEur: '1.1' }])
  })

  test('reference dates are checked, not rolled over', () => {
    expect(() => referenceDate('2026-02-30')).toThrow(RatesSourceError)
    expect(referenceDate('2028-02-29')).toEqual(new Date('2028-02-29T15:00:00Z'))
  })
})

describe('fetching', () => {
  test('a source that does not answer in time fails with a timeout, an error status with the status', async () => {
    const hanging = (_url: string, init: { signal: AbortSignal }) => new Promise<Response>((_resolve, reject) => {
      init.signal.addEventListener('abort', () => reject(init.signal.reason))
    })
    await expect(fetchRatesXml('http://rates.test/daily.xml', { fetch: hanging, timeoutMs: 50 })).rejects.toThrow('no answer from http://rates.test/daily.xml within 0.05 s')
    await expect(fetchRatesXml('http://rates.test/daily.xml', { fetch: async () => new Response('down', { status: 503 }) })).rejects.toThrow('answered HTTP 503')
    await expect(fetchRatesXml('http://rates.test/daily.xml', { fetch: async () => new Response(sample) })).resolves.toContain("currency='USD'")
  })
})
