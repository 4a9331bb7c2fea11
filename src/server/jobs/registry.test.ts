import { describe, expect, test } from 'vitest'
import { jobDefinitions, jobsByModule } from './registry'

describe('the job registry', () => {
  test('every job name is registered once (a second definition would silently replace the first)', () => {
    const names = jobDefinitions.map((d) => d.name)
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([])
  })

  test("a job's name starts with the name of the module that registers it", () => {
    const misplaced = Object.entries(jobsByModule).flatMap(([module, jobs]) => jobs
      .filter((d) => !d.name.startsWith(`${module}.`))
      .map((d) => `${module}: ${d.name}`))
    expect(misplaced).toEqual([])
  })
})
