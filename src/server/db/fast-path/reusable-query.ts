import { is, Param, Placeholder, SQL, sql } from 'drizzle-orm'
import type { Executor } from '../executor'
import type { Statement } from './commit-behind'
import { driverClientOf, executePreparedOn, prepareUnnamed, type PreparedQuery } from './internals'

// Drizzle builds a query's SQL text again on every call: for a checkout's wide rows (an order has some fifty
// columns) that was about a quarter of the API's CPU per checkout (bench/checkout.bench.ts). A reusable
// query is built once per shape, with placeholders, as Drizzle's own prepared queries are, and then runs on
// whichever executor it is given: the database or an open transaction, on either driver (docs/decisions/0035-queries-built-once-and-prepared.md).

/** A Drizzle query builder that can be prepared (select, insert, update, delete). */
type Preparable = { prepare(name: string): unknown; execute(): Promise<unknown> }

/** A row (or the columns to set) whose keys decide the SQL text; several rows for a multi-row insert. */
type Shape = Record<string, unknown> | Record<string, unknown>[]

/** A fixed parameter of a reusable query, filled from the call's `params` by name. */
export const param = (name: string) => sql.placeholder(name)

const shapeName = (row: number | null, key: string) => (row === null ? `:${key}` : `${row}:${key}`)

function definedKeys(row: Record<string, unknown>): string[] {
  return Object.keys(row).filter((key) => row[key] !== undefined)
}

/** The cache key of a shape: its defined keys, per row. */
function shapeKey(shape: Shape | undefined): string {
  if (shape === undefined) return ''
  if (Array.isArray(shape)) return shape.map((row) => definedKeys(row).join(',')).join('|')
  return definedKeys(shape).join(',')
}

/** The shape with a placeholder in place of each defined value. */
function placeholdersOf(shape: Shape | undefined): Shape | undefined {
  const rowOf = (row: Record<string, unknown>, index: number | null) =>
    Object.fromEntries(definedKeys(row).map((key) => [key, sql.placeholder(shapeName(index, key))]))
  if (shape === undefined) return undefined
  return Array.isArray(shape) ? shape.map((row, i) => rowOf(row, i)) : rowOf(shape, null)
}

/** SQL expressions among the values cannot stand behind a placeholder: such a call is built as usual. */
function holdsSql(shape: Shape | undefined): boolean {
  if (shape === undefined) return false
  const rows = Array.isArray(shape) ? shape : [shape]
  return rows.some((row) => Object.values(row).some((value) => is(value, SQL) || is(value, Placeholder) || is(value, Param)))
}

function valueOf(name: string, params: Record<string, unknown>, shape: Shape | undefined): unknown {
  const colon = name.indexOf(':')
  const found = colon < 0 ? params : colon === 0 ? (shape as Record<string, unknown>) : (shape as Record<string, unknown>[])[Number(name.slice(0, colon))]!
  const key = colon < 0 ? name : name.slice(colon + 1)
  if (!found || !(key in found)) throw new Error(`no value for the query parameter "${name}"`)
  return found[key]
}

/**
 * The prepared query's parameters with the call's values, each through its column's encoder as Drizzle
 * would (a JSON column stringified, a timestamp as ISO text); null stays null, as in Drizzle's own build.
 */
function fill(prepared: PreparedQuery, params: Record<string, unknown>, shape: Shape | undefined): unknown[] {
  return prepared.params.map((p) => {
    if (is(p, Placeholder)) return valueOf(p.name, params, shape)
    if (is(p, Param) && is(p.value, Placeholder)) {
      const value = valueOf(p.value.name, params, shape)
      return value === null || value === undefined ? null : p.encoder.mapToDriverValue(value)
    }
    return p
  })
}

/** A reusable query: run on an executor, or taken as a statement to send with others. */
export type ReusableQuery<TResult, TShape> = {
  (executor: Executor, params: Record<string, unknown>, shape?: TShape): Promise<TResult>
  /** The text and values this call would run (a shape holding SQL values is refused: it has no fixed text). */
  statement(executor: Executor, params: Record<string, unknown>, shape?: TShape): Statement
}

/**
 * A query built once per shape and run on any executor with new values. `build` gets an executor (only to
 * build with) and the shape with placeholders in place of its values (typed as the values, so Drizzle checks
 * the columns); fixed parameters are written `param('name')` and given in `params`. The call answers what
 * the builder's own execution would. The shape's defined keys decide the SQL text, as they do in Drizzle:
 * an undefined value is left out (the column's default on insert, untouched on update).
 */
export function reusableQuery<TQuery extends Preparable, TShape extends Shape | undefined = undefined>(
  build: (db: Executor, shape: TShape) => TQuery,
): ReusableQuery<Awaited<ReturnType<TQuery['execute']>>, TShape> {
  type Result = Awaited<ReturnType<TQuery['execute']>>
  const prepared = new Map<string, PreparedQuery>()
  const preparedFor = (executor: Executor, shape: TShape | undefined): PreparedQuery => {
    const key = shapeKey(shape)
    let query = prepared.get(key)
    if (!query) {
      // Unnamed: the connection wrapper names statements by their text (prepared-statements.ts).
      query = prepareUnnamed(build(executor, placeholdersOf(shape) as TShape))
      prepared.set(key, query)
    }
    return query
  }
  const run = async (executor: Executor, params: Record<string, unknown>, shape?: TShape): Promise<Result> => {
    if (holdsSql(shape)) return (await build(executor, shape as TShape).execute()) as Result
    const query = preparedFor(executor, shape)
    return (await executePreparedOn(query, driverClientOf(executor), fill(query, params, shape))) as Result
  }
  return Object.assign(run, {
    statement(executor: Executor, params: Record<string, unknown>, shape?: TShape): Statement {
      if (holdsSql(shape)) throw new Error('a reusable query with SQL values has no fixed statement')
      const query = preparedFor(executor, shape)
      return { text: query.queryString, values: fill(query, params, shape) }
    },
  })
}
