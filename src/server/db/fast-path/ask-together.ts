import type { Executor } from '../executor'

// Questions asked in one turn of the event loop share one statement (docs/decisions/0023-read-once-and-checkout-slots.md: in a rush the
// payers waiting behind the last ticket are all told "sold out" by one insert). The batch closes when the
// turn ends (setImmediate runs after the turn's I/O callbacks and their promise jobs), so a lone question
// waits for no timer and a crowd of them costs one round trip.

export type AskTogetherOptions<TGroup, TQuestion, TAnswer> = {
  /** Questions of groups with the same key share a statement; by default the group's JSON. */
  groupKey?: (group: TGroup) => string
  /**
   * A question whose key came before in the same batch is not sent: it is answered `answer` at once (the
   * first one's statement decides, and the later one goes on knowing it was not the one).
   */
  once?: { key: (question: TQuestion) => string; answer: TAnswer }
}

/** One question of a batch and its caller's promise. */
type Waiting<TQuestion, TAnswer> = { question: TQuestion; resolve(answer: TAnswer): void; reject(error: unknown): void }

/**
 * Makes `ask` (which sends one statement for several questions and answers each, in their order) callable
 * one question at a time: the calls made in one turn of the event loop on the same executor and of the same
 * group are sent together, one `ask` per group. When `ask` throws, each of its questions is rejected with
 * the error.
 */
export function askTogether<TGroup, TQuestion, TAnswer>(
  ask: (executor: Executor, group: TGroup, questions: TQuestion[]) => Promise<readonly TAnswer[]>,
  options: AskTogetherOptions<TGroup, TQuestion, TAnswer> = {},
): (executor: Executor, group: TGroup, question: TQuestion) => Promise<TAnswer> {
  const groupKey = options.groupKey ?? ((group: TGroup) => JSON.stringify(group))
  type Batch = { group: TGroup; waiting: Waiting<TQuestion, TAnswer>[] }
  const open = new Map<Executor, Map<string, Batch>>()

  const send = async (executor: Executor, { group, waiting }: Batch) => {
    let asked = waiting
    if (options.once) {
      const { key, answer } = options.once
      const firsts = new Map<string, Waiting<TQuestion, TAnswer>>()
      for (const w of waiting) {
        const id = key(w.question)
        if (firsts.has(id)) w.resolve(answer)
        else firsts.set(id, w)
      }
      asked = [...firsts.values()]
    }
    try {
      const answers = await ask(executor, group, asked.map((w) => w.question))
      if (answers.length !== asked.length) throw new Error(`askTogether: ${answers.length} answers to ${asked.length} questions`)
      asked.forEach((w, i) => w.resolve(answers[i] as TAnswer))
    } catch (error) {
      for (const w of asked) w.reject(error)
    }
  }

  return (executor, group, question) => new Promise<TAnswer>((resolve, reject) => {
    let batches = open.get(executor)
    if (!batches) {
      open.set(executor, batches = new Map())
      const closing = batches
      setImmediate(() => {
        open.delete(executor)
        for (const batch of closing.values()) void send(executor, batch)
      })
    }
    const id = groupKey(group)
    let batch = batches.get(id)
    if (!batch) batches.set(id, batch = { group, waiting: [] })
    batch.waiting.push({ question, resolve, reject })
  })
}
