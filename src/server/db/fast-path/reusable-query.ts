import { is, Param, Placeholder, SQL, sql } from 'drizzle-orm'
import type { Executor } from '../executor'
import type { Statement } from './commit-behind'
import { driverClientOf, executePreparedOn, prepareRawUnnamed, prepareUnnamed, type PreparedQuery } from './internals'

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
  return rows.some((row) => Object.values(row).some(isSqlValue))
}

/** Whether a value is a Drizzle SQL expression; plain values (text, numbers, dates, JSON) are told apart first, cheaply. */
function isSqlValue(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || value instanceof Date || Array.isArray(value)) return false
  const prototype = Object.getPrototypeOf(value) as unknown
  if (prototype === Object.prototype || prototype === null) return false
  return is(value, SQL) || is(value, Placeholder) || is(value, Param)
}

function valueOf(name: string, params: Record<string, unknown>, shape: Shape | undefined): unknown {
  const colon = name.indexOf(':')
  const found = colon < 0 ? params : colon === 0 ? (shape as Record<string, unknown>) : (shape as Record<string, unknown>[])[Number(name.slice(0, colon))]!
  const key = colon < 0 ? name : name.slice(colon + 1)
  if (!found || !(key in found)) throw new Error(`no value for the query parameter "${name}"`)
  return found[key]
}

/**
 * How each of a prepared query's parameters is filled, worked out once per prepared query: a plain
 * placeholder takes the call's value, a column's placeholder its value through the column's encoder, any
 * other parameter stays as built. Asking Drizzle's `is()` per parameter on every call cost more than the
 * call's own work for an order's fifty columns (docs/decisions/0102-checkout-cpu-without-runtime-builds.md).
 */
type Filler = { name: string; encode: ((value: unknown) => unknown) | null } | { fixed: unknown }

function fillersOf(prepared: PreparedQuery): Filler[] {
  return prepared.params.map((p): Filler => {
    if (is(p, Placeholder)) return { name: p.name, encode: null }
    if (is(p, Param) && is(p.value, Placeholder)) {
      const encoder = p.encoder
      return { name: p.value.name, encode: (value) => encoder.mapToDriverValue(value) }
    }
    return { fixed: p }
  })
}

/**
 * The prepared query's parameters with the call's values, each through its column's encoder as Drizzle
 * would (a JSON column stringified, a timestamp as ISO text); null stays null, as in Drizzle's own build.
 */
function fill(fillers: Filler[], params: Record<string, unknown>, shape: Shape | undefined): unknown[] {
  return fillers.map((filler) => {
    if ('fixed' in filler) return filler.fixed
    const value = valueOf(filler.name, params, shape)
    if (!filler.encode) return value
    return value === null || value === undefined ? null : filler.encode(value)
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
  const prepared = new Map<string, { query: PreparedQuery; fillers: Filler[] }>()
  const preparedFor = (executor: Executor, shape: TShape | undefined) => {
    const key = shapeKey(shape)
    let found = prepared.get(key)
    if (!found) {
      // Unnamed: the connection wrapper names statements by their text (prepared-statements.ts).
      const query = prepareUnnamed(build(executor, placeholdersOf(shape) as TShape))
      prepared.set(key, found = { query, fillers: fillersOf(query) })
    }
    return found
  }
  const run = async (executor: Executor, params: Record<string, unknown>, shape?: TShape): Promise<Result> => {
    if (holdsSql(shape)) return (await build(executor, shape as TShape).execute()) as Result
    const { query, fillers } = preparedFor(executor, shape)
    return (await executePreparedOn(query, driverClientOf(executor), fill(fillers, params, shape))) as Result
  }
  return Object.assign(run, {
    statement(executor: Executor, params: Record<string, unknown>, shape?: TShape): Statement {
      if (holdsSql(shape)) throw new Error('a reusable query with SQL values has no fixed statement')
      const { query, fillers } = preparedFor(executor, shape)
      return { text: query.queryString, values: fill(fillers, params, shape) }
    },
  })
}

/** A reusable raw SQL: run on an executor with its named values, answering the rows. */
export type ReusableSql<TRow> = (executor: Executor, params: Record<string, unknown>) => Promise<TRow[]>

/**
 * A raw SQL (Drizzle's `sql` template with `param('name')` in place of its values) built into its text once
 * and run on any executor with new values, as `executor.execute(sql)` would run it: the same driver call,
 * the same rows. For the hot paths' hand-written statements, whose template Drizzle turns into text again
 * on every call otherwise.
 */
export function reusableSql<TRow = Record<string, unknown>>(build: () => SQL): ReusableSql<TRow> {
  let prepared: { query: PreparedQuery; fillers: Filler[] } | null = null
  return async (executor, params) => {
    if (!prepared) {
      const query = prepareRawUnnamed(executor, build())
      prepared = { query, fillers: fillersOf(query) }
    }
    const result = (await executePreparedOn(prepared.query, driverClientOf(executor), fill(prepared.fillers, params, undefined))) as { rows: TRow[] }
    return result.rows
  }
}

/** How many raw `$n` texts keep their built statement (pg-boss's and the jobs' texts are a few dozen). */
const textStatementsMax = 500
const textStatements = new Map<string, { run: ReusableSql<Record<string, unknown>>; count: number }>()

/**
 * Rows of a raw `$n` text with its values on any executor, its statement built once per text (the
 * first `textStatementsMax` texts; later ones are built per call).
 */
export function runSqlText(executor: Executor, text: string, values: readonly unknown[], parameterised: (text: string, values: unknown[]) => SQL): Promise<Record<string, unknown>[]> {
  let found = textStatements.get(text)
  if (!found) {
    const count = Math.max(0, ...[...text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])))
    const placeholders = Array.from({ length: count }, (_, i) => sql.placeholder(String(i)))
    found = { run: reusableSql(() => parameterised(text, placeholders)), count }
    if (textStatements.size < textStatementsMax) textStatements.set(text, found)
  }
  const params: Record<string, unknown> = {}
  for (let i = 0; i < found.count; i++) params[String(i)] = values[i] ?? null
  return found.run(executor, params)
}
