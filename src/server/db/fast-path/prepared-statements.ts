import type pg from 'pg'
import { answerAfterCommitBehind } from './commit-behind'
import { wrapConnectionQuery, type QueryFunction } from './internals'

// Every parameterised statement is prepared once per PostgreSQL connection under a name made from its text
// (docs/decisions/0035-queries-built-once-and-prepared.md): PostgreSQL parses and plans it once and then only binds and executes it, as
// postgres.js does by default. A checkout runs some thirty statements; parsing and planning them again on
// every call was most of the database's work per checkout. node-postgres keeps the prepared names per
// connection and sends Parse only the first time.

/** How many distinct statement texts a pool names; later ones run unnamed (PostgreSQL memory stays bounded). */
const namedStatementsMax = 1000

/**
 * Wraps the `query` of every connection the pool opens: a statement after commitBehind's COMMIT is answered
 * or refused (commit-behind.ts), and a parameterised statement is sent under its text's name.
 */
export function prepareStatementsOnConnect(pool: pg.Pool): void {
  const names = new Map<string, string>()
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text)
    if (name === undefined && names.size < namedStatementsMax) names.set(text, name = `sf_${names.size.toString(36)}`)
    return name
  }
  pool.on('connect', (connection) => wrapConnectionQuery(connection, (query) => namingQuery(connection, query, nameOf)))
}

function namingQuery(connection: pg.PoolClient, query: QueryFunction, nameOf: (text: string) => string | undefined): QueryFunction {
  return (config, values, callback) => {
    const afterCommit = answerAfterCommitBehind(connection, config)
    if (afterCommit) return afterCommit
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = nameOf(config)
      if (name) return query({ text: config, values, name }, callback)
    } else if (config !== null && typeof config === 'object' && !('submit' in config)) {
      // Drizzle passes its parameters beside the config, not in it.
      const q = config as { text?: unknown; values?: unknown; name?: unknown }
      const given = q.values ?? values
      if (typeof q.text === 'string' && q.name === undefined && Array.isArray(given) && given.length > 0) {
        const name = nameOf(q.text)
        if (name) return query({ ...q, name }, values, callback)
      }
    }
    return query(config, values, callback)
  }
}
