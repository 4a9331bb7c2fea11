import type { Executor } from '../../db/client'
import * as repo from './product-views.repository'

// Product page views for the total_views social proof (docs/decisions/0065-serving-built-pages.md). A view is
// counted in memory at once (also when the HTML cache answers) and the counts are added to the day's row in
// one statement every `flushMs`: a page view costs a map update, not a write.

export type ViewCounter = {
  count(productId: number): void
  /** Writes what was counted so far (also on close). */
  flush(): Promise<void>
}

export function viewCounter(db: Executor, options: { flushMs?: number; now?: () => Date; onError?: (error: unknown) => void } = {}): ViewCounter {
  const flushMs = options.flushMs ?? 5000
  const now = options.now ?? (() => new Date())
  let pending = new Map<number, number>()
  let timer: ReturnType<typeof setTimeout> | null = null
  const flush = async () => {
    if (timer) clearTimeout(timer)
    timer = null
    if (pending.size === 0) return
    const counts = [...pending].map(([productId, views]) => ({ productId, views }))
    pending = new Map()
    try {
      await repo.addViews(db, now().toISOString().slice(0, 10), counts)
    } catch (error) {
      options.onError?.(error)
    }
  }
  return {
    count(productId) {
      pending.set(productId, (pending.get(productId) ?? 0) + 1)
      if (!timer) {
        timer = setTimeout(() => void flush(), flushMs)
        timer.unref?.()
      }
    },
    flush,
  }
}

/** All views of each product so far. */
export async function viewTotals(db: Executor, productIds: readonly number[]): Promise<Map<number, number>> {
  return new Map((await repo.totals(db, productIds)).map((r) => [r.productId, r.views]))
}
