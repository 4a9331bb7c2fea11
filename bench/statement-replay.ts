import { createRequire } from 'node:module'
import pg from 'pg'

// node-postgres's own conversion of a parameter to the text it sends (dates, arrays, JSON): the replay
// writes the same text as a literal.
const pgUtils = createRequire(import.meta.url)('pg/lib/utils.js') as { prepareValue(value: unknown): unknown }

// The checkout benchmark's denominator: every SQL statement one checkout sent, recorded from a real checkout
// and written out as a pgbench script, so pgbench runs exactly the statements the full stack runs (the same
// texts, the values as literals) and the ratio measures what the stack adds around them.

export type Statement = { text: string; values: unknown[] }

/**
 * Records the statements of every node-postgres client of this process while `recording` is on. Install
 * it before the database is opened (pool clients bind their query method when they connect).
 */
export function statementRecorder() {
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const query = proto.query
  let recorded: Statement[] | null = null
  proto.query = function (this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    if (recorded) {
      if (typeof config === 'string') recorded.push({ text: config, values: Array.isArray(values) ? values : [] })
      else if (config && typeof config === 'object' && typeof (config as { text?: unknown }).text === 'string') {
        const q = config as { text: string; values?: unknown[] }
        recorded.push({ text: q.text, values: q.values ?? (Array.isArray(values) ? values : []) })
      }
    }
    return query.call(this, config, values, callback)
  }
  return {
    /** Runs `work` and answers the statements it sent. */
    async record(work: () => Promise<void>): Promise<Statement[]> {
      recorded = []
      try {
        await work()
        return recorded
      } finally {
        recorded = null
      }
    },
    uninstall() {
      proto.query = query
    },
  }
}

/**
 * A value that differs per checkout: where the recorded one appears, the replay writes `sql` instead (spliced
 * into a string parameter by concatenation, cast back to the parameter's type).
 */
export type Substitution = { recorded: string | number; sql: string }

/**
 * A string literal. One with a colon is written as an escape string with the colon as \x3a: pgbench would
 * read ":name" as a variable even inside quotes.
 */
function quote(text: string): string {
  if (!text.includes(':')) return `'${text.replaceAll("'", "''")}'`
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''").replaceAll(':', '\\x3a')}'`
}

/** A recorded string as concatenated pieces: literals, and the substitutions' expressions where they appear. */
function stringPieces(text: string, substitutions: Substitution[]): string[] {
  for (const s of substitutions) {
    const found = String(s.recorded)
    const at = text.indexOf(found)
    if (at >= 0) return [...stringPieces(text.slice(0, at), substitutions), s.sql, ...stringPieces(text.slice(at + found.length), substitutions)]
  }
  return text === '' ? [] : [quote(text)]
}

function valueSql(value: unknown, type: string, substitutions: Substitution[], freshToken: boolean): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' || typeof value === 'bigint') {
    const exact = substitutions.find((s) => s.recorded === value)
    if (exact) return exact.sql
    return value < 0 ? `(${value})` : String(value)
  }
  if (typeof value === 'boolean') return String(value)
  const text = pgUtils.prepareValue(value) as unknown
  if (typeof text !== 'string') throw new Error(`a parameter the replay cannot write: ${typeof text}`)
  if (text === '') return `''::${type}`
  const pieces = stringPieces(text, substitutions)
  if (pieces.length <= 1 && pieces[0] === quote(text)) {
    // A unique token no substitution names (a mail's token): a fresh one per replay.
    return freshToken ? `md5(random()::text || clock_timestamp()::text)` : pieces[0]
  }
  return `(${pieces.map((p) => (p.startsWith("'") ? p : `(${p})::text`)).join(' || ')})::${type}`
}

/** Of an `insert into t (cols) values (...)` text: which placeholder number fills the column "token". */
function tokenPlaceholder(text: string): number | null {
  const insert = /^\s*insert into "?\w+"?\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)/i.exec(text)
  if (!insert) return null
  const columns = insert[1]!.split(',').map((c) => c.trim().replaceAll('"', ''))
  const values = insert[2]!.split(',').map((v) => v.trim())
  const at = columns.indexOf('token')
  const placeholder = at >= 0 ? /^\$(\d+)$/.exec(values[at] ?? '') : null
  return placeholder ? Number(placeholder[1]) : null
}

/**
 * The parameter types PostgreSQL infers for each statement (PREPARE, then pg_prepared_statements), so a
 * spliced string is cast back to what its parameter was.
 */
export async function parameterTypes(client: pg.ClientBase, statements: Statement[]): Promise<string[][]> {
  const types: string[][] = []
  for (const [i, { text, values }] of statements.entries()) {
    if (values.length === 0) {
      types.push([])
      continue
    }
    await client.query(`prepare sf_replay_${i} as ${text}`)
    const { rows } = await client.query<{ types: string[] }>(`select parameter_types::text[] as types from pg_prepared_statements where name = $1`, [`sf_replay_${i}`])
    await client.query(`deallocate sf_replay_${i}`)
    types.push(rows[0]!.types)
  }
  return types
}

/**
 * The recorded statements as one pgbench transaction script: `$n` replaced by the literal values (or their
 * substitutions), whitespace folded, and `\gset <prefix>` after the inserts whose returned row later
 * statements use (`gsets`: table name to prefix). Variables appear only outside quoted text, so the script
 * also runs with pgbench -M prepared.
 */
export function pgbenchScript(statements: Statement[], types: string[][], substitutions: Substitution[], gsets: Record<string, string>, preamble: string[] = []): string {
  const lines = [...preamble]
  for (const [i, { text, values }] of statements.entries()) {
    const token = tokenPlaceholder(text)
    let sqlText = text.replace(/\$(\d+)/g, (_, n: string) => valueSql(values[Number(n) - 1], types[i]![Number(n) - 1] ?? 'text', substitutions, Number(n) === token))
    sqlText = sqlText.replace(/\s+/g, ' ').trim().replace(/;$/, '')
    const table = /^insert into "?(\w+)"?/i.exec(sqlText)?.[1]
    const gset = table && gsets[table] && /\breturning\b/i.test(sqlText) ? ` \\gset ${gsets[table]}` : ''
    lines.push(`${sqlText}${gset}${gset ? '' : ';'}`)
  }
  return `${lines.join('\n')}\n`
}
