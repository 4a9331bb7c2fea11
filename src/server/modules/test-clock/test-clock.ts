import { eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { testClock } from '../../db/schema'

// The billing test clock (TEST_CLOCK=on, decision 0026): business time (`deps.now()`) is the real time plus
// an offset a manager moves forward, like a card provider's test clocks. The offset lives in `test_clock`
// (one row, id 1) so every process sees the same time; each process keeps it in memory and re-reads it
// where another process may have moved it (the sweeps, the clock's own routes). Sign-in sessions keep real
// time (`deps.realNow()`).

export const dayMs = 86_400_000

export class TestClock {
  /** How far business time runs ahead of real time, in milliseconds (0 when the clock is off). */
  offsetMs = 0

  constructor(readonly enabled: boolean) {}

  /** Re-reads the offset; a database without the table yet (before migrations) reads as 0. */
  async refresh(db: Executor): Promise<number> {
    if (!this.enabled) return 0
    try {
      this.offsetMs = await readOffset(db)
    } catch (error) {
      if (!/test_clock/.test(String((error as Error).message))) throw error
    }
    return this.offsetMs
  }

  /** Moves the offset forward by `ms` in the database (one row, so processes agree) and here. */
  async advance(db: Executor, ms: number): Promise<number> {
    const [row] = await db.insert(testClock).values({ id: 1, offsetMs: ms })
      .onConflictDoUpdate({ target: testClock.id, set: { offsetMs: sql`${testClock.offsetMs} + ${ms}`, updatedAt: sql`now()` } })
      .returning({ offsetMs: testClock.offsetMs })
    this.offsetMs = row!.offsetMs
    return this.offsetMs
  }
}

async function readOffset(db: Executor): Promise<number> {
  const [row] = await db.select({ offsetMs: testClock.offsetMs }).from(testClock).where(eq(testClock.id, 1)).limit(1)
  return row?.offsetMs ?? 0
}
