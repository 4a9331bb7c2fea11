import { convertAmountBack, type CurrencyId } from '../money'
import type { LedgerEntry } from './postings'

// A converted order's ledger entries in both currencies (docs/decisions/0097-payer-currencies.md): the money moved
// is in the order's currency; each entry also carries its value in the plan's currency at the order's fixed rate,
// so a seller's books in their own currency reconcile. Each entry is converted and rounded alone; the rounding
// left over (a few minor units at most) goes to the largest entry, so the base amounts sum to 0 like the entries.

export type EntryWithBase = LedgerEntry & { baseAmount: number | null; baseCurrency: CurrencyId | null }

/** `exchange`: the order's conversion (base currency and rate from it into the order's currency); null: none. */
export function withBaseAmounts(entries: readonly LedgerEntry[], exchange: { base_currency: CurrencyId; currency: CurrencyId; rate: string } | null): EntryWithBase[] {
  if (!exchange) return entries.map((e) => ({ ...e, baseAmount: null, baseCurrency: null }))
  const out: EntryWithBase[] = entries.map((e) => (e.currency === exchange.currency
    ? { ...e, baseAmount: convertAmountBack(e.amount, exchange.base_currency, exchange.currency, exchange.rate), baseCurrency: exchange.base_currency }
    : { ...e, baseAmount: null, baseCurrency: null }))
  const converted = out.filter((e) => e.baseAmount !== null)
  const residual = converted.reduce((sum, e) => sum + e.baseAmount!, 0)
  if (residual !== 0 && converted.length > 0) {
    const largest = converted.reduce((a, b) => (Math.abs(b.amount) > Math.abs(a.amount) ? b : a))
    largest.baseAmount! -= residual
  }
  return out
}
