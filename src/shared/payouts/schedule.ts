// Payout schedules (docs/decisions/0049-money-out.md "Schedules"): manual (the party asks), weekly on a
// weekday, monthly on a start day of 1, 7, 14, 21 or 28 (docs/reference/accounts-and-orders.md §9 start days).

export const payoutSchedules = ['manual', 'weekly', 'monthly'] as const
export type PayoutSchedule = (typeof payoutSchedules)[number]
export const payoutStartDays = [1, 7, 14, 21, 28] as const

/** The calendar day (UTC) of a moment, as YYYY-MM-DD. */
export function dayOf(moment: Date): string {
  return moment.toISOString().slice(0, 10)
}

/** Whether the schedule pays out on `moment`'s day: weekly on ISO weekday `startDay`, monthly on day `startDay`. */
export function isPayoutDay(settings: { schedule: string; startDay: number }, moment: Date): boolean {
  if (settings.schedule === 'weekly') return (moment.getUTCDay() || 7) === settings.startDay
  if (settings.schedule === 'monthly') return moment.getUTCDate() === settings.startDay
  return false
}

/** The next day the schedule pays out, from `moment`'s day on (null for manual). */
export function nextPayoutDay(settings: { schedule: string; startDay: number }, moment: Date): string | null {
  if (settings.schedule !== 'weekly' && settings.schedule !== 'monthly') return null
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()))
  for (let i = 0; i < 62; i++) {
    if (isPayoutDay(settings, day)) return dayOf(day)
    day.setUTCDate(day.getUTCDate() + 1)
  }
  return null
}
