import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { openTestDatabase } from '../../../../tests/helpers/test-db'
import { executeRows, type Database, type Executor } from '../client'
import { askTogether } from './index'

// Questions asked in one turn of the event loop share one statement, per executor and group, each caller
// getting its own answer (docs/decisions/0023-read-once-and-checkout-slots.md); on both databases.

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(async () => {
  await database.close()
})

/** Multiplies each question by the group's factor in one statement, and records what it was asked. */
function multiplier() {
  const asked: { executor: Executor; factor: number; questions: number[] }[] = []
  const times = askTogether(async (executor, group: { factor: number }, questions: number[]) => {
    asked.push({ executor, factor: group.factor, questions })
    const rows = await executeRows<{ y: number }>(executor, sql`select (a.value::int * ${group.factor})::int as y from jsonb_array_elements_text(${JSON.stringify(questions)}::jsonb) with ordinality as a(value, n) order by a.n`)
    return rows.map((r) => Number(r.y))
  })
  return { times, asked }
}

describe('asking together', () => {
  test('questions of one turn and group share one statement; each hears its own answer', async () => {
    const { times, asked } = multiplier()
    const answers = await Promise.all([times(database.db, { factor: 2 }, 1), times(database.db, { factor: 2 }, 5), times(database.db, { factor: 3 }, 5), times(database.db, { factor: 2 }, 7)])
    expect(answers).toEqual([2, 10, 15, 14])
    expect(asked.map((a) => [a.factor, a.questions])).toEqual([[2, [1, 5, 7]], [3, [5]]])
  })

  test('a later turn is a new batch', async () => {
    const { times, asked } = multiplier()
    expect(await times(database.db, { factor: 2 }, 1)).toBe(2)
    expect(await times(database.db, { factor: 2 }, 2)).toBe(4)
    expect(asked.map((a) => a.questions)).toEqual([[1], [2]])
  })

  test('inside a transaction the batch runs on the transaction', async () => {
    const { times, asked } = multiplier()
    const answers = await database.db.transaction(async (tx) => Promise.all([times(tx, { factor: 4 }, 1), times(tx, { factor: 4 }, 2)]))
    expect(answers).toEqual([4, 8])
    expect(asked).toHaveLength(1)
    expect(asked[0]!.executor).not.toBe(database.db)
  })

  test('a question whose key came before in the batch is answered at once, not sent', async () => {
    const asked: string[][] = []
    const first = askTogether(async (_executor, _group: object, questions: string[]) => {
      asked.push(questions)
      return questions.map(() => true)
    }, { once: { key: (q) => q, answer: false } })
    expect(await Promise.all([first(database.db, {}, 'a'), first(database.db, {}, 'b'), first(database.db, {}, 'a')])).toEqual([true, true, false])
    expect(asked).toEqual([['a', 'b']])
  })

  test('a failed statement rejects each of its questions, and only those', async () => {
    const { times } = multiplier()
    const failing = times(database.db, { factor: 'x' as unknown as number }, 1)
    const other = times(database.db, { factor: 2 }, 3)
    await expect(failing).rejects.toThrow()
    expect(await other).toBe(6)
    // the batcher is fit for the next turn
    expect(await times(database.db, { factor: 2 }, 4)).toBe(8)
  })

  test('an ask that answers a different number of questions is refused', async () => {
    const short = askTogether(async () => [1], {})
    await expect(Promise.all([short(database.db, {}, 'a'), short(database.db, {}, 'b')])).rejects.toThrow(/1 answers to 2 questions/)
  })
})
