// docs/reference/accounts-and-orders.md §5 range filters: the bounds of list filters and of the number field.

export type NumericRange = { readonly min: number; readonly max?: number; readonly integer?: boolean }

export const rangeFilters = {
  vatPercent: { min: 0, max: 100 },
  ratePercent: { min: 0, max: 100 },
  /** Any other numeric filter (amounts, ids): no upper bound. */
  numeric: { min: 0 },
  chargesCount: { min: 0, max: 10_000, integer: true },
  overdueDays: { min: 0, max: 365, integer: true },
  numberField: { min: 1, max: 1_000_000, integer: true },
} as const satisfies Record<string, NumericRange>

export type RangeFilter = keyof typeof rangeFilters

/** Inclusive at both ends; NaN and infinities are out of every range. */
export function isInRange(value: number, range: NumericRange): boolean {
  if (!Number.isFinite(value) || (range.integer === true && !Number.isInteger(value))) return false
  return value >= range.min && (range.max === undefined || value <= range.max)
}
