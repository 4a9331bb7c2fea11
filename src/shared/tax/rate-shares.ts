import { allocate, type CurrencyId } from '../money'

// How a later charge of a plan splits over the order's lines (docs/decisions/0038-money-edges.md): the ledger
// books its VAT and the invoice prints its lines from this one split, so the two never differ by a cent.

/** An order line as a later charge sees it: its gross at purchase, its VAT rate (both frozen on the order) and whether its plan charges again. */
export type RateShareLine = { grossAmount: number; vatRateBps: number; recurring: boolean }

/** Whether an order line's plan charges again: the main line's always does, a bump's when its plan as bought is not one-time. */
export function chargesAgain(kind: string, planForm: string | null): boolean {
  return kind === 'main' || (planForm !== null && planForm !== 'one_time')
}

/** One line's share of a later charge: the line (its index in the lines given), its gross share and VAT rate. */
export type RateShare = { index: number; gross: number; vatRateBps: number }

/**
 * The charged gross split over the lines that charge again (the main product and each bump with a plan of
 * rates) in proportion to their gross at purchase, with `allocate` (the one split of src/shared/money), so the
 * shares add up to the charge exactly; each share keeps its own line's VAT rate. Lines without a later charge
 * (a one-time bump) take no share; when no line has a weight the first line (the main one) takes it all.
 */
export function splitRate(lines: readonly RateShareLine[], gross: number, currency: CurrencyId): RateShare[] {
  const sharing = lines.map((line, index) => ({ line, index })).filter(({ line }) => line.recurring && line.grossAmount > 0)
  if (sharing.length === 0) return [{ index: 0, gross, vatRateBps: lines[0]?.vatRateBps ?? 0 }]
  const shares = allocate({ amount: gross, currency }, sharing.map(({ line }) => line.grossAmount))
  return sharing.map(({ line, index }, i) => ({ index, gross: shares[i]!.amount, vatRateBps: line.vatRateBps }))
}
