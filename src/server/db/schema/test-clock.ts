import { bigint, integer, pgTable } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'

// The test-clock module's table: the offset that moves business time in test mode
// (docs/decisions/0026-billing-engine-and-test-clock.md).

/**
 * The billing clock's offset from real time (TEST_CLOCK=on only): one row, id 1. Billing, delivery and
 * reservation schedules read `deps.now()`, which adds it; sign-in sessions keep real time.
 */
export const testClock = pgTable('test_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
  updatedAt: updatedAt(),
})
