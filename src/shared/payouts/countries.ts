// Payout countries and their currencies (docs/reference/accounts-and-orders.md §9): DE, FR, NL, ES, IE by default (the
// platform may configure more: PAYOUT_COUNTRIES); EUR everywhere in the euro area, PLN for PL, CHF for CH,
// GBP for GB. RU has no payouts (docs/reference/readings.md 22).

export const defaultPayoutCountries = ['DE', 'FR', 'NL', 'ES', 'IE'] as const
export const noPayoutCountries: readonly string[] = ['RU']

const nonEuroCurrencies: Record<string, string> = { PL: 'pln', CH: 'chf', GB: 'gbp' }

/** The currency payouts to a bank account in `countryCode` are made in. */
export function payoutCurrencyOf(countryCode: string): string {
  return nonEuroCurrencies[countryCode.toUpperCase()] ?? 'eur'
}

/** Whether a country may receive payouts under the configured list. */
export function isPayoutCountry(countryCode: string, configured: readonly string[] = defaultPayoutCountries): boolean {
  const code = countryCode.toUpperCase()
  return !noPayoutCountries.includes(code) && configured.includes(code)
}
