// Chart points from GET /publish/statistics: one point per period with clicks, sales, conversion (percent
// of clicks that became sales) and the earnings in one currency (amounts stay minor units; only the axis
// and tooltip format them).

export type StatisticsSeriesPoint = { periodStart: string; clicks: number; sales: number; earnings: { currency: string; amount: number }[] }
export type ChartPoint = { periodStart: string; clicks: number; sales: number; conversion: number; earnings: number }

/** The currencies that appear in the totals or the series, in a stable order. */
export function statisticsCurrencies(totals: { earnings: { currency: string }[] }, series: StatisticsSeriesPoint[]): string[] {
  const all = new Set<string>(totals.earnings.map((e) => e.currency))
  for (const point of series) for (const e of point.earnings) all.add(e.currency)
  return [...all].sort()
}

export function conversionPercent(clicks: number, sales: number): number {
  return clicks > 0 ? Math.round((sales / clicks) * 10_000) / 100 : 0
}

export function chartPoints(series: StatisticsSeriesPoint[], currency: string | undefined): ChartPoint[] {
  return series.map((p) => ({
    periodStart: p.periodStart,
    clicks: p.clicks,
    sales: p.sales,
    conversion: conversionPercent(p.clicks, p.sales),
    earnings: p.earnings.find((e) => e.currency === currency)?.amount ?? 0,
  }))
}

/** The last `days` days up to today as yyyy-mm-dd (UTC). */
export function lastDays(days: number, today = new Date()): { from: string; till: string } {
  const till = today.toISOString().slice(0, 10)
  const from = new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10)
  return { from, till }
}
