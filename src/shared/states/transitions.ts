import { AppError } from '../errors'

// A state machine is a table: each state lists the states it may move to. A state with an empty list is
// terminal. Only one function writes a state column, and it checks its table (docs/STYLE.md section 6); what a
// transition causes (mail, webhook, revoking access) is a job, not part of the table.

export type Transitions<S extends string> = { readonly [K in S]: readonly S[] }

/** The states of a table, in the table's order. */
export function statesOf<S extends string>(table: Transitions<S>): S[] {
  return Object.keys(table) as S[]
}

/** Whether `value` is a state of the table (for a string read from the database or a request). */
export function isStateOf<S extends string>(table: Transitions<S>, value: unknown): value is S {
  return typeof value === 'string' && Object.hasOwn(table, value)
}

/** The states `from` may move to; none for a terminal state or a string that is no state. */
export function nextStates<S extends string>(table: Transitions<S>, from: S): readonly S[] {
  return Object.hasOwn(table, from) ? table[from] : []
}

/** Whether the table allows `from` -> `to`. Staying in the same state is not a transition. */
export function canTransition<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return nextStates(table, from).includes(to)
}

/** Throws AppError('conflict') (409) unless the table allows `from` -> `to`. `what` names the machine in the message. */
export function assertTransition<S extends string>(table: Transitions<S>, from: S, to: S, what = 'state'): void {
  if (!canTransition(table, from, to)) throw new AppError('conflict', `${what} cannot change from ${from} to ${to}`)
}

/** The states with no way out. */
export function terminalStates<S extends string>(table: Transitions<S>): S[] {
  return statesOf(table).filter((state) => table[state].length === 0)
}

/** Every state `from` can reach in one or more steps. */
export function reachableStates<S extends string>(table: Transitions<S>, from: S): Set<S> {
  const seen = new Set<S>()
  const queue = [...nextStates(table, from)]
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    if (seen.has(state)) continue
    seen.add(state)
    queue.push(...nextStates(table, state))
  }
  return seen
}
