import { describe, expect, test } from 'vitest'
import { jobDefinitions, jobsByModule } from './registry'

// The money path's jobs registered by a module other than the one their name starts with: the checkout
// works the orders module's reservation expiry and late refund. They keep their names (jobs already queued
// under them must still run) until the orders and checkout modules settle who registers them.
const registeredOutsideTheirPrefix = new Set(['orders.expire-reservation', 'orders.refund-late-payment'])

describe('the job registry', () => {
  test('every job name is registered once (a second definition would silently replace the first)', () => {
    const names = jobDefinitions.map((d) => d.name)
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
  })

  test("a job's name starts with the name of the module that registers it", () => {
    const misplaced = Object.entries(jobsByModule).flatMap(([module, jobs]) => jobs
      .filter((d) => !d.name.startsWith(`${module}.`) && !registeredOutsideTheirPrefix.has(d.name))
      .map((d) => `${module}: ${d.name}`))
    expect(misplaced).toEqual([])
  })
})
