import { AppError } from '../../../shared/errors'
import type { TestClockOutput } from '../../../shared/schemas/billing'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import * as installments from '../billing/charge-next-installment.service'
import * as publishing from '../courses/course-publishing.service'
import * as delivery from '../delivery/delivery.service'
import * as dunning from '../dunning/dunning.service'
import * as orders from '../orders/orders.service'
import * as platformPlans from '../platform-plans/platform-plans.service'
import * as webhooks from '../webhooks/webhooks.service'
import { dayMs } from './test-clock'

/** The business clock itself (bootstrap.ts makes one per process; tests drive it). */
export { dayMs, TestClock } from './test-clock'

// The test clock's sweep (TEST_CLOCK=on, decision 0026): it sits above the modules it drives (billing,
// dunning, the orders' reservations, delivery's grants, course publishing); nothing imports it but app.ts.

function clockOutput(deps: AppDeps): TestClockOutput {
  return { now: deps.now().toISOString(), offset_days: Math.round((deps.testClock.offsetMs / dayMs) * 1000) / 1000, enabled: true }
}

function assertClockOn(deps: AppDeps) {
  // Off, the clock's routes do not exist.
  if (!deps.testClock.enabled) throw new AppError('not_found', 'The test clock is off')
}

/** GET /admin/test_clock */
export async function testClockStatus(ctx: Ctx): Promise<TestClockOutput> {
  assertClockOn(ctx.deps)
  assertCan(ctx.actor, 'admin.read')
  await ctx.deps.testClock.refresh(ctx.db)
  return clockOutput(ctx.deps)
}

/**
 * Everything scheduled by business time that is due now, in order: rate charges (and their reconcile),
 * dunning retries, reservation expiry, grant expiry, lesson publishing; then the jobs they queued
 * (invoices, mails, delivery), so an advance answers once all of it ran.
 */
export async function runDueWork(deps: AppDeps): Promise<number> {
  const charged = await installments.chargeDueRates(deps)
  let done = charged.charged + charged.reconciled
  done += await dunning.runDueDunning(deps)
  done += await orders.expireDueReservations(deps)
  done += await delivery.expireGrants(deps)
  const lessons = await publishing.publishDueLessons(deps)
  done += lessons.created + lessons.published + lessons.canceled
  done += await platformPlans.endDuePeriods(deps)
  // Webhook retries and deliveries held behind an earlier one of their order (docs/decisions/0072-signed-webhooks.md).
  done += await webhooks.runDueDeliveries(deps)
  // The jobs they queued (a day with nothing due queued nothing; the advance drains once more at its end).
  if (done > 0) await deps.jobs.drain()
  return done
}

const advancing = new WeakMap<AppDeps, Promise<unknown>>()

/**
 * POST /admin/test_clock/advance: moves business time `days` forward one day at a time, running what fell
 * due after each day, so a month of renewals and retries happens in order. One advance at a time per
 * process; the offset itself is one row every process reads.
 */
export async function advanceTestClock(ctx: Ctx, days: number): Promise<{ now: string }> {
  const deps = ctx.deps
  assertClockOn(deps)
  assertCan(ctx.actor, 'admin.write')
  const previous = advancing.get(deps) ?? Promise.resolve()
  const run = previous.catch(() => undefined).then(async () => {
    await deps.testClock.refresh(deps.db)
    await deps.jobs.drain() // what was queued before, at the time it was queued
    for (let day = 0; day < days; day++) {
      await deps.testClock.advance(deps.db, dayMs)
      await runDueWork(deps)
    }
    await deps.jobs.drain()
  })
  advancing.set(deps, run)
  await run
  return { now: deps.now().toISOString() }
}
