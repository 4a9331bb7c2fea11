// When a scheduled CSV export is sent (docs/decisions/0030-orders-list-detail-and-csv-exports.md): at 06:00 UTC on its day, so a seller finds
// yesterday's orders in the morning. daily: every day; weekly: on `day` 1..7 (Monday = 1); monthly: on
// `day` 1..28 (every month has it). The sweep runs every 15 minutes, so a mail leaves within 15 minutes.

export const sendHourUtc = 6

export type ExportFrequency = 'daily' | 'weekly' | 'monthly'

/** The first send time strictly after `after`. */
export function nextRunAt(frequency: ExportFrequency, day: number | null, after: Date): Date {
  const at = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), sendHourUtc))
  if (frequency === 'daily') {
    if (at <= after) at.setUTCDate(at.getUTCDate() + 1)
    return at
  }
  if (frequency === 'weekly') {
    const weekday = ((at.getUTCDay() + 6) % 7) + 1 // Monday = 1 .. Sunday = 7
    let ahead = ((day ?? 1) - weekday + 7) % 7
    if (ahead === 0 && at <= after) ahead = 7
    at.setUTCDate(at.getUTCDate() + ahead)
    return at
  }
  const monthDay = Math.min(Math.max(day ?? 1, 1), 28)
  const candidate = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), monthDay, sendHourUtc))
  if (candidate <= after) candidate.setUTCMonth(candidate.getUTCMonth() + 1)
  return candidate
}
