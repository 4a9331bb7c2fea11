import { percentOf, type Money } from '../money/money'

// The affiliate rules shared by the server and the forms (docs/decisions/0048-affiliates.md): the spec's
// constants and how a sale's commission base is split over the levels of a recruitment chain.

export const affiliateLimits = {
  /** A click's cookie lives this many days unless the program says otherwise. */
  defaultCookieDays: 180,
  maxCookieDays: 3650,
  /** Levels of recruitment a program pays (the spec's tiers). */
  maxLevels: 5,
  /** The levels' whole percents together. */
  maxTotalPercent: 100,
  /** Level 1's whole percent in a new program. */
  defaultLevelOnePercent: 15,
  /** A publisher must be at least this old to join a program. */
  minimumAge: 18,
  /** Days a commission stays pending by default (the refund window). */
  defaultHoldDays: 14,
  maxHoldDays: 365,
  maxLifetimeDays: 3650,
} as const

export const commissionDurations = ['none', 'lifetime', 'days'] as const
export type CommissionDuration = (typeof commissionDurations)[number]

/**
 * Each level's commission of `base`: level N's basis points of the base, rounded half-up in the one
 * rounding function (`percentOf`). `cap` is the most the levels may take together (what is left of the
 * sale after VAT and fees); when the rounded parts would exceed it, the deepest levels give way first, so
 * the seller's share (what is left) is never negative and the ledger balances.
 */
export function splitCommissions(base: Money, levelsBps: readonly number[], cap: number = base.amount): Money[] {
  if (levelsBps.length > affiliateLimits.maxLevels) throw new RangeError(`at most ${affiliateLimits.maxLevels} levels, got ${levelsBps.length}`)
  if (!Number.isSafeInteger(cap) || cap < 0) throw new RangeError(`cap must be a non-negative integer, got ${cap}`)
  const parts = levelsBps.map((bps) => percentOf(base, bps).amount)
  let over = parts.reduce((sum, part) => sum + part, 0) - cap
  for (let level = parts.length - 1; level >= 0 && over > 0; level--) {
    const cut = Math.min(parts[level]!, over)
    parts[level] = parts[level]! - cut
    over -= cut
  }
  return parts.map((amount) => ({ amount, currency: base.currency }))
}

/** Whether a birthday (YYYY-MM-DD) is at least `minimumAge` years before `today`. */
export function oldEnough(birthday: string, today: Date, minimumAge: number = affiliateLimits.minimumAge): boolean {
  const [y, m, d] = birthday.split('-').map(Number)
  if (!y || !m || !d) return false
  const turns = new Date(Date.UTC(y + minimumAge, m - 1, d))
  return turns.getTime() <= Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate())
}
