import iconv from 'iconv-lite'
import { describe, expect, test } from 'vitest'
import { buildDatevFile, DATEV_COLUMNS, DATEV_HEADER_FIELDS, germanAmount, type DatevBooking, type DatevHeader } from './datev.format'

const header: DatevHeader = {
  consultantNumber: 1001,
  clientNumber: 20002,
  fiscalYearStart: new Date('2026-01-01T00:00:00Z'),
  accountLength: 4,
  periodFrom: new Date('2026-03-01T00:00:00Z'),
  periodTill: new Date('2026-03-31T00:00:00Z'),
  description: 'Sellfront März',
  currency: 'eur',
  createdAt: new Date('2026-03-31T12:34:56.789Z'),
}
const bookings: DatevBooking[] = [
  { amount: 9405, debitCredit: 'S', account: '1360', counterAccount: '8400', bookingDate: new Date('2026-03-05T10:00:00Z'), documentField1: 'x'.repeat(40), text: 'Verkauf "Kurs" für Müller' },
  { amount: 5, debitCredit: 'H', account: '1360', counterAccount: '4970', bookingDate: new Date('2026-03-15T10:00:00Z'), documentField1: 'ledger-7', text: 'Gebühr' },
]

// Splits a line on `;` outside quotes.
function fields(lineText: string): string[] {
  const out: string[] = []
  let cur = ''
  let quoted = false
  for (const ch of lineText) {
    if (ch === '"') quoted = !quoted
    if (ch === ';' && !quoted) {
      out.push(cur)
      cur = ''
    } else cur += ch
  }
  out.push(cur)
  return out
}

describe('DATEV Buchungsstapel file', () => {
  const bytes = buildDatevFile(header, bookings)
  const text = iconv.decode(bytes, 'win1252')
  const lines = text.split('\r\n')

  test('CRLF line ends, header, headings and one line per booking', () => {
    expect(text.endsWith('\r\n')).toBe(true)
    expect(text.replaceAll('\r\n', '').includes('\n')).toBe(false)
    expect(lines).toHaveLength(2 + bookings.length + 1)
  })

  test('the header has 31 fields', () => {
    const h = fields(lines[0]!)
    expect(h).toHaveLength(DATEV_HEADER_FIELDS)
    expect(h.slice(0, 6)).toEqual(['"EXTF"', '700', '21', '"Buchungsstapel"', '13', '20260331123456789'])
    expect(h[10]).toBe('1001')
    expect(h[11]).toBe('20002')
    expect(h[12]).toBe('20260101')
    expect(h[14]).toBe('20260301')
    expect(h[15]).toBe('20260331')
    expect(h[21]).toBe('"EUR"')
  })

  test('125 columns on the headings and every booking line', () => {
    for (const l of lines.slice(1, -1)) expect(fields(l)).toHaveLength(DATEV_COLUMNS)
    expect(fields(lines[1]!)[0]).toBe('Umsatz (ohne Soll/Haben-Kz)')
  })

  test('German amounts, DDMM dates, quoted and cut texts', () => {
    const b = fields(lines[2]!)
    expect(b.slice(0, 10)).toEqual(['94,05', '"S"', '"EUR"', '', '', '', '1360', '8400', '', '0503'])
    expect(b[10]).toBe(`"${'x'.repeat(36)}"`)
    expect(b[13]).toBe('"Verkauf ""Kurs"" für Müller"')
    expect(fields(lines[3]!)[0]).toBe('0,05')
    expect(germanAmount(123456)).toBe('1234,56')
  })

  test('Windows-1252: ü is the byte 0xFC', () => {
    expect(bytes.includes(Buffer.from([0xfc]))).toBe(true)
    expect(bytes.includes(Buffer.from('ü', 'utf8'))).toBe(false)
  })

  test('same input, same bytes', () => {
    expect(buildDatevFile(header, bookings).equals(bytes)).toBe(true)
  })
})
