// ISO 3166-1 alpha-2: the 249 officially assigned codes (so not XK, which is user-assigned).
export const countryCodes = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AQ', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BE',
  'BF', 'BG', 'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BV', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD',
  'CF', 'CG', 'CH', 'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM',
  'DO', 'DZ', 'EC', 'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF',
  'GG', 'GH', 'GI', 'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GS', 'GT', 'GU', 'GW', 'GY', 'HK', 'HM', 'HN', 'HR', 'HT', 'HU',
  'ID', 'IE', 'IL', 'IM', 'IN', 'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN',
  'KP', 'KR', 'KW', 'KY', 'KZ', 'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME',
  'MF', 'MG', 'MH', 'MK', 'ML', 'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA',
  'NC', 'NE', 'NF', 'NG', 'NI', 'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM',
  'PN', 'PR', 'PS', 'PT', 'PW', 'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI',
  'SJ', 'SK', 'SL', 'SM', 'SN', 'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TF', 'TG', 'TH', 'TJ', 'TK',
  'TL', 'TM', 'TN', 'TO', 'TR', 'TT', 'TV', 'TW', 'TZ', 'UA', 'UG', 'UM', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI',
  'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA', 'ZM', 'ZW',
] as const

export type CountryCode = (typeof countryCodes)[number]

/** Uppercase only, as stored: "de" is not a country code. */
export function isCountryCode(value: string): value is CountryCode {
  return (countryCodes as readonly string[]).includes(value)
}

// docs/reference/readings.md 22: no checkout for payers in these countries (and no payouts): the storefront's
// country list leaves them out and the checkout API refuses them, both from this one list.
export const refusedPayerCountries = ['RU'] as const satisfies readonly CountryCode[]

/** The countries a payer may buy from: every country code except the refused ones. */
export const payerCountryCodes = countryCodes.filter((c) => !(refusedPayerCountries as readonly string[]).includes(c)) as [CountryCode, ...CountryCode[]]

export function isRefusedPayerCountry(countryCode: string): boolean {
  return (refusedPayerCountries as readonly string[]).includes(countryCode)
}

// docs/reference/readings.md 22: addresses in these countries need a state or province.
export const stateRequiredCountries = ['US', 'CA', 'MX', 'IN'] as const satisfies readonly CountryCode[]

export function requiresState(countryCode: string): boolean {
  return (stateRequiredCountries as readonly string[]).includes(countryCode)
}

/** docs/reference/readings.md 22: Greece is GR in addresses and EL in VAT ids; every other country uses its own code. */
export function vatPrefixOf(countryCode: CountryCode): string {
  return countryCode === 'GR' ? 'EL' : countryCode
}
