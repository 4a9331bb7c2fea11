import { z } from 'zod'

// The currencies an amount can be in: ISO 4217 list one as published on 2026-01-01, less the fund codes
// (BOV, CHE, CHW, CLF, COU, MXV, USN, UYI, UYW), units of account (XAD, XDR, XSU, XUA, XBA-XBD), precious
// metals and the testing codes. Withdrawn codes (ANG -> XCG, BGN -> EUR, CUC, HRK, SLL, ZWL) are not here.
// Codes are lowercase, as the spec's API carries them ("about 150 lowercase codes, default eur").
//
// `exponent` is the ISO minor unit: an amount of 1234 is 12.34 eur, 1234 jpy, 1.234 kwd (docs/reference/readings.md 12).
// `symbol` is set where one is usual and does not collide with the spec's rules; every other currency
// shows its uppercase code. Other dollars and pounds keep their code (CAD, AUD, EGP...) so that "$" and
// "£" only ever mean usd and gbp.

type Row = { name: string; exponent: 0 | 2 | 3; symbol?: string }

const table = {
  aed: { name: 'UAE Dirham', exponent: 2 },
  afn: { name: 'Afghani', exponent: 2 },
  all: { name: 'Lek', exponent: 2 },
  amd: { name: 'Armenian Dram', exponent: 2 },
  aoa: { name: 'Kwanza', exponent: 2 },
  ars: { name: 'Argentine Peso', exponent: 2 },
  aud: { name: 'Australian Dollar', exponent: 2 },
  awg: { name: 'Aruban Florin', exponent: 2 },
  azn: { name: 'Azerbaijan Manat', exponent: 2, symbol: '₼' },
  bam: { name: 'Convertible Mark', exponent: 2, symbol: 'KM' },
  bbd: { name: 'Barbados Dollar', exponent: 2 },
  bdt: { name: 'Taka', exponent: 2, symbol: '৳' },
  bhd: { name: 'Bahraini Dinar', exponent: 3 },
  bif: { name: 'Burundi Franc', exponent: 0 },
  bmd: { name: 'Bermudian Dollar', exponent: 2 },
  bnd: { name: 'Brunei Dollar', exponent: 2 },
  bob: { name: 'Boliviano', exponent: 2, symbol: 'Bs' },
  brl: { name: 'Brazilian Real', exponent: 2, symbol: 'R$' },
  bsd: { name: 'Bahamian Dollar', exponent: 2 },
  btn: { name: 'Ngultrum', exponent: 2 },
  bwp: { name: 'Pula', exponent: 2 },
  byn: { name: 'Belarusian Ruble', exponent: 2, symbol: 'Br' },
  bzd: { name: 'Belize Dollar', exponent: 2 },
  cad: { name: 'Canadian Dollar', exponent: 2 },
  cdf: { name: 'Congolese Franc', exponent: 2 },
  chf: { name: 'Swiss Franc', exponent: 2, symbol: 'CHF' },
  clp: { name: 'Chilean Peso', exponent: 0 },
  cny: { name: 'Yuan Renminbi', exponent: 2, symbol: 'CN¥' },
  cop: { name: 'Colombian Peso', exponent: 2 },
  crc: { name: 'Costa Rican Colon', exponent: 2, symbol: '₡' },
  cup: { name: 'Cuban Peso', exponent: 2 },
  cve: { name: 'Cabo Verde Escudo', exponent: 2 },
  czk: { name: 'Czech Koruna', exponent: 2, symbol: 'Kč' },
  djf: { name: 'Djibouti Franc', exponent: 0 },
  dkk: { name: 'Danish Krone', exponent: 2, symbol: 'kr' },
  dop: { name: 'Dominican Peso', exponent: 2 },
  dzd: { name: 'Algerian Dinar', exponent: 2 },
  egp: { name: 'Egyptian Pound', exponent: 2 },
  ern: { name: 'Nakfa', exponent: 2 },
  etb: { name: 'Ethiopian Birr', exponent: 2 },
  eur: { name: 'Euro', exponent: 2, symbol: '€' },
  fjd: { name: 'Fiji Dollar', exponent: 2 },
  fkp: { name: 'Falkland Islands Pound', exponent: 2 },
  gbp: { name: 'Pound Sterling', exponent: 2, symbol: '£' },
  gel: { name: 'Lari', exponent: 2, symbol: '₾' },
  ghs: { name: 'Ghana Cedi', exponent: 2, symbol: 'GH₵' },
  gip: { name: 'Gibraltar Pound', exponent: 2 },
  gmd: { name: 'Dalasi', exponent: 2 },
  gnf: { name: 'Guinean Franc', exponent: 0 },
  gtq: { name: 'Quetzal', exponent: 2, symbol: 'Q' },
  gyd: { name: 'Guyana Dollar', exponent: 2 },
  hkd: { name: 'Hong Kong Dollar', exponent: 2 },
  hnl: { name: 'Lempira', exponent: 2 },
  htg: { name: 'Gourde', exponent: 2 },
  huf: { name: 'Forint', exponent: 2, symbol: 'Ft' },
  idr: { name: 'Rupiah', exponent: 2, symbol: 'Rp' },
  ils: { name: 'New Israeli Sheqel', exponent: 2, symbol: '₪' },
  inr: { name: 'Indian Rupee', exponent: 2, symbol: '₹' },
  iqd: { name: 'Iraqi Dinar', exponent: 3 },
  irr: { name: 'Iranian Rial', exponent: 2 },
  isk: { name: 'Iceland Krona', exponent: 0, symbol: 'kr' },
  jmd: { name: 'Jamaican Dollar', exponent: 2 },
  jod: { name: 'Jordanian Dinar', exponent: 3 },
  jpy: { name: 'Yen', exponent: 0, symbol: '¥' },
  kes: { name: 'Kenyan Shilling', exponent: 2, symbol: 'KSh' },
  kgs: { name: 'Som', exponent: 2 },
  khr: { name: 'Riel', exponent: 2, symbol: '៛' },
  kmf: { name: 'Comorian Franc', exponent: 0 },
  kpw: { name: 'North Korean Won', exponent: 2 },
  krw: { name: 'Won', exponent: 0, symbol: '₩' },
  kwd: { name: 'Kuwaiti Dinar', exponent: 3 },
  kyd: { name: 'Cayman Islands Dollar', exponent: 2 },
  kzt: { name: 'Tenge', exponent: 2, symbol: '₸' },
  lak: { name: 'Lao Kip', exponent: 2, symbol: '₭' },
  lbp: { name: 'Lebanese Pound', exponent: 2 },
  lkr: { name: 'Sri Lanka Rupee', exponent: 2 },
  lrd: { name: 'Liberian Dollar', exponent: 2 },
  lsl: { name: 'Loti', exponent: 2 },
  lyd: { name: 'Libyan Dinar', exponent: 3 },
  mad: { name: 'Moroccan Dirham', exponent: 2 },
  mdl: { name: 'Moldovan Leu', exponent: 2 },
  mga: { name: 'Malagasy Ariary', exponent: 2, symbol: 'Ar' },
  mkd: { name: 'Denar', exponent: 2 },
  mmk: { name: 'Kyat', exponent: 2, symbol: 'K' },
  mnt: { name: 'Tugrik', exponent: 2, symbol: '₮' },
  mop: { name: 'Pataca', exponent: 2 },
  mru: { name: 'Ouguiya', exponent: 2 },
  mur: { name: 'Mauritius Rupee', exponent: 2 },
  mvr: { name: 'Rufiyaa', exponent: 2 },
  mwk: { name: 'Malawi Kwacha', exponent: 2 },
  mxn: { name: 'Mexican Peso', exponent: 2 },
  myr: { name: 'Malaysian Ringgit', exponent: 2, symbol: 'RM' },
  mzn: { name: 'Mozambique Metical', exponent: 2 },
  nad: { name: 'Namibia Dollar', exponent: 2 },
  ngn: { name: 'Naira', exponent: 2, symbol: '₦' },
  nio: { name: 'Cordoba Oro', exponent: 2 },
  nok: { name: 'Norwegian Krone', exponent: 2, symbol: 'kr' },
  npr: { name: 'Nepalese Rupee', exponent: 2 },
  nzd: { name: 'New Zealand Dollar', exponent: 2 },
  omr: { name: 'Rial Omani', exponent: 3 },
  pab: { name: 'Balboa', exponent: 2 },
  pen: { name: 'Sol', exponent: 2, symbol: 'S/' },
  pgk: { name: 'Kina', exponent: 2 },
  php: { name: 'Philippine Peso', exponent: 2, symbol: '₱' },
  pkr: { name: 'Pakistan Rupee', exponent: 2 },
  pln: { name: 'Zloty', exponent: 2, symbol: 'zł' },
  pyg: { name: 'Guarani', exponent: 0, symbol: '₲' },
  qar: { name: 'Qatari Rial', exponent: 2 },
  ron: { name: 'Romanian Leu', exponent: 2, symbol: 'lei' },
  rsd: { name: 'Serbian Dinar', exponent: 2 },
  rub: { name: 'Russian Ruble', exponent: 2, symbol: '₽' },
  rwf: { name: 'Rwanda Franc', exponent: 0 },
  sar: { name: 'Saudi Riyal', exponent: 2 },
  sbd: { name: 'Solomon Islands Dollar', exponent: 2 },
  scr: { name: 'Seychelles Rupee', exponent: 2 },
  sdg: { name: 'Sudanese Pound', exponent: 2 },
  sek: { name: 'Swedish Krona', exponent: 2, symbol: 'kr' },
  sgd: { name: 'Singapore Dollar', exponent: 2 },
  shp: { name: 'Saint Helena Pound', exponent: 2 },
  sle: { name: 'Leone', exponent: 2 },
  sos: { name: 'Somali Shilling', exponent: 2 },
  srd: { name: 'Surinam Dollar', exponent: 2 },
  ssp: { name: 'South Sudanese Pound', exponent: 2 },
  stn: { name: 'Dobra', exponent: 2 },
  svc: { name: 'El Salvador Colon', exponent: 2 },
  syp: { name: 'Syrian Pound', exponent: 2 },
  szl: { name: 'Lilangeni', exponent: 2 },
  thb: { name: 'Baht', exponent: 2, symbol: '฿' },
  tjs: { name: 'Somoni', exponent: 2 },
  tmt: { name: 'Turkmenistan New Manat', exponent: 2 },
  tnd: { name: 'Tunisian Dinar', exponent: 3 },
  top: { name: 'Pa’anga', exponent: 2 },
  try: { name: 'Turkish Lira', exponent: 2, symbol: '₺' },
  ttd: { name: 'Trinidad and Tobago Dollar', exponent: 2 },
  twd: { name: 'New Taiwan Dollar', exponent: 2 },
  tzs: { name: 'Tanzanian Shilling', exponent: 2 },
  uah: { name: 'Hryvnia', exponent: 2, symbol: '₴' },
  ugx: { name: 'Uganda Shilling', exponent: 0 },
  usd: { name: 'US Dollar', exponent: 2, symbol: '$' },
  uyu: { name: 'Peso Uruguayo', exponent: 2 },
  uzs: { name: 'Uzbekistan Sum', exponent: 2 },
  ved: { name: 'Bolívar Soberano (digital)', exponent: 2 },
  ves: { name: 'Bolívar Soberano', exponent: 2 },
  vnd: { name: 'Dong', exponent: 0, symbol: '₫' },
  vuv: { name: 'Vatu', exponent: 0 },
  wst: { name: 'Tala', exponent: 2 },
  xaf: { name: 'CFA Franc BEAC', exponent: 0, symbol: 'FCFA' },
  xcd: { name: 'East Caribbean Dollar', exponent: 2 },
  xcg: { name: 'Caribbean Guilder', exponent: 2 },
  xof: { name: 'CFA Franc BCEAO', exponent: 0, symbol: 'CFA' },
  xpf: { name: 'CFP Franc', exponent: 0 },
  yer: { name: 'Yemeni Rial', exponent: 2 },
  zar: { name: 'Rand', exponent: 2, symbol: 'R' },
  zmw: { name: 'Zambian Kwacha', exponent: 2 },
  zwg: { name: 'Zimbabwe Gold', exponent: 2 },
} as const satisfies Record<string, Row>

/** A lowercase ISO 4217 code from the table above. */
export type CurrencyId = keyof typeof table

export type Currency = {
  id: CurrencyId
  /** The uppercase ISO code, e.g. "EUR". */
  code: string
  name: string
  /** ISO 4217 minor unit: how many decimal digits the integer amount carries (0, 2 or 3). */
  exponent: 0 | 2 | 3
  /** "€", "$", "CHF"...; the uppercase code where no symbol is usual. */
  symbol: string
  /** Spec section 9: dollar and pound symbols left, all others right. */
  symbolPosition: 'left' | 'right'
  /**
   * Whether a space separates symbol and number. The spec names only the Swiss franc ("CHF uses a
   * space"), so the sign symbols €, $, £ touch the number ("10,00€", "$10.00", "£10,00"). We read the
   * rule as: a symbol made of letters (CHF, kr, zł, and every code shown in place of a symbol) is
   * spaced, a sign is not. That gives "10,00 CHF" (right, as for all but dollar and pound).
   */
  symbolSpace: boolean
  /** Spec section 9: the dollar uses "." for decimals and "," for thousands, all others "," and ".". */
  decimalSeparator: '.' | ','
  groupSeparator: ',' | '.'
}

export const currencyIds = Object.keys(table) as [CurrencyId, ...CurrencyId[]]

/** The main currency: new products, shops and settings start in euro (spec section 9). */
export const defaultCurrency: CurrencyId = 'eur'

/** The spec's dollar and pound, the only currencies whose symbol stands left of the number. */
const leftSymbol: ReadonlySet<CurrencyId> = new Set<CurrencyId>(['usd', 'gbp'])

function build(id: CurrencyId): Currency {
  const row: Row = table[id]
  const code = id.toUpperCase()
  const symbol = row.symbol ?? code
  const dollar = id === 'usd'
  return Object.freeze({
    id,
    code,
    name: row.name,
    exponent: row.exponent,
    symbol,
    symbolPosition: leftSymbol.has(id) ? 'left' : 'right',
    symbolSpace: /\p{L}/u.test(symbol),
    decimalSeparator: dollar ? '.' : ',',
    groupSeparator: dollar ? ',' : '.',
  })
}

export const currencies: Readonly<Record<CurrencyId, Currency>> = Object.freeze(
  Object.fromEntries(currencyIds.map((id) => [id, build(id)])) as Record<CurrencyId, Currency>,
)

export function isCurrencyId(value: unknown): value is CurrencyId {
  return typeof value === 'string' && Object.hasOwn(table, value)
}

/** The table entry of a currency; throws on a code outside the table (a bug, not a user error). */
export function getCurrency(id: CurrencyId | string): Currency {
  if (!isCurrencyId(id)) throw new RangeError(`unknown currency: ${String(id)}`)
  return currencies[id]
}

/** A lowercase currency code from the table; "EUR" is refused, as the API speaks lowercase. */
export const zCurrencyId = z.enum(currencyIds)
