import iconv from 'iconv-lite'
import { stringify } from 'csv-stringify/sync'

// The DATEV "Buchungsstapel" file (EXTF format 700, category 21, version 13): a pure builder from a
// header and bookings to the bytes of one CSV file. Line 1 is the 31-field EXTF header, line 2 the
// 125 column headings, then one 125-field line per booking. `;` delimited, texts in double quotes
// (doubled inside), CRLF line ends, Windows-1252 bytes. Same input, same bytes: nothing here reads
// the clock; the caller passes the created-at timestamp.

export type DatevDebitCredit = 'S' | 'H'

export interface DatevHeader {
  consultantNumber: number
  clientNumber: number
  fiscalYearStart: Date
  accountLength: number
  periodFrom: Date
  periodTill: Date
  description: string
  currency: string
  createdAt: Date
}

export interface DatevBooking {
  /** minor units, positive */
  amount: number
  debitCredit: DatevDebitCredit
  account: string
  counterAccount: string
  bookingDate: Date
  /** Belegfeld 1, at most 36 characters */
  documentField1: string
  /** Buchungstext, at most 60 characters */
  text: string
}

export const DATEV_HEADER_FIELDS = 31
export const DATEV_COLUMNS = 125

const NAMED_COLUMNS = [
  'Umsatz (ohne Soll/Haben-Kz)',
  'Soll/Haben-Kennzeichen',
  'WKZ Umsatz',
  'Kurs',
  'Basis-Umsatz',
  'WKZ Basis-Umsatz',
  'Konto',
  'Gegenkonto (ohne BU-Schlüssel)',
  'BU-Schlüssel',
  'Belegdatum',
  'Belegfeld 1',
  'Belegfeld 2',
  'Skonto',
  'Buchungstext',
]

export const DATEV_COLUMN_HEADINGS: readonly string[] = [
  ...NAMED_COLUMNS,
  ...Array.from({ length: DATEV_COLUMNS - NAMED_COLUMNS.length }, (_, i) => `Feld ${NAMED_COLUMNS.length + 1 + i}`),
]

/** A quoted text field (the value is marked so the line writer quotes it). */
class Text {
  constructor(readonly value: string) {}
}
type Field = string | number | Text | null

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const ymd = (d: Date) => `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`
const timestamp = (d: Date) =>
  `${ymd(d)}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}${pad(d.getUTCMilliseconds(), 3)}`
const ddmm = (d: Date) => `${pad(d.getUTCDate())}${pad(d.getUTCMonth() + 1)}`

/** Minor units as a German decimal with two places: 9405 -> "94,05". */
export function germanAmount(minor: number): string {
  if (!Number.isInteger(minor) || minor < 0) throw new Error(`DATEV amount must be a non-negative integer: ${minor}`)
  return `${Math.floor(minor / 100)},${pad(minor % 100)}`
}

function line(fields: Field[]): string {
  // csv-stringify quotes only where needed; DATEV wants every text quoted, so the text fields are
  // written quoted by hand and the rest passed through unquoted.
  return fields
    .map((f) => {
      if (f === null) return ''
      if (f instanceof Text) return `"${f.value.replaceAll('"', '""')}"`
      return String(f)
    })
    .join(';')
}

export function headerFields(h: DatevHeader): Field[] {
  const t = (s: string) => new Text(s)
  return [
    t('EXTF'), 700, 21, t('Buchungsstapel'), 13, timestamp(h.createdAt), null, t('SF'), t('sellfront'), t(''),
    h.consultantNumber, h.clientNumber, ymd(h.fiscalYearStart), h.accountLength, ymd(h.periodFrom), ymd(h.periodTill),
    t(h.description), t(''), 1, 0, 0, t(h.currency.toUpperCase()), null, t(''), null, null, t(''), null, null, t(''), t(''),
  ]
}

function bookingFields(b: DatevBooking, currency: string): Field[] {
  const fields: Field[] = new Array<Field>(DATEV_COLUMNS).fill(null)
  fields[0] = germanAmount(b.amount)
  fields[1] = new Text(b.debitCredit)
  fields[2] = new Text(currency.toUpperCase())
  fields[6] = b.account
  fields[7] = b.counterAccount
  fields[9] = ddmm(b.bookingDate)
  fields[10] = new Text(b.documentField1.slice(0, 36))
  fields[13] = new Text(b.text.slice(0, 60))
  return fields
}

export function buildDatevFile(header: DatevHeader, bookings: readonly DatevBooking[]): Buffer {
  const lines = [
    line(headerFields(header)),
    stringify([DATEV_COLUMN_HEADINGS as string[]], { delimiter: ';', record_delimiter: '\r\n', eof: false }),
    ...bookings.map((b) => line(bookingFields(b, header.currency))),
  ]
  return iconv.encode(lines.join('\r\n') + '\r\n', 'win1252')
}
