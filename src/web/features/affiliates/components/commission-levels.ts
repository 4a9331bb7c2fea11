import { affiliateLimits } from '../../../../shared/affiliates/commissions'

// The commission levels as the program form edits them (docs/decisions/0048-affiliates.md): whole percents
// typed as text, level 1 first, 1 to 5 levels whose sum is at most 100. The sum is counted in hundredths
// (basis points) like the shared schema, so 33.33 + 33.33 + 33.34 is exactly 100.

export type LevelsCheck = { total: number; exceeded: boolean; invalid: boolean }

/** A level's text as a number of percent; NaN when it is not one (empty, letters, more than two decimals). */
export function parsePercent(text: string): number {
  const trimmed = text.trim().replace(',', '.')
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return Number.NaN
  return Number(trimmed)
}

/** The levels' sum in percent, whether it exceeds the most a program may pay, and whether a level is not a number. */
export function checkLevels(levels: readonly string[]): LevelsCheck {
  const values = levels.map(parsePercent)
  const valid = values.filter((v) => !Number.isNaN(v))
  const hundredths = valid.reduce((sum, v) => sum + Math.round(v * 100), 0)
  return { total: hundredths / 100, exceeded: hundredths > affiliateLimits.maxTotalPercent * 100, invalid: valid.length !== values.length }
}

/** One more level (empty) while fewer than the most levels a program may have. */
export function addLevel(levels: readonly string[]): string[] {
  return levels.length >= affiliateLimits.maxLevels ? [...levels] : [...levels, '']
}

/** The levels without the one at `index`; level 1 always stays. */
export function removeLevel(levels: readonly string[], index: number): string[] {
  return levels.length <= 1 ? [...levels] : levels.filter((_, i) => i !== index)
}

/** The form's levels as the API's whole percents (NaN stays, so the schema reports it). */
export function levelsInput(levels: readonly string[]): number[] {
  return levels.map(parsePercent)
}

/** A new program's levels: level 1 at the default percent. */
export const defaultLevels = (): string[] => [String(affiliateLimits.defaultLevelOnePercent)]
