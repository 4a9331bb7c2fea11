import { tooManyRequests } from '../../shared/errors'
import type { AppDeps } from '../deps'

/** Per-IP limit for sign-in, sign-up and the other account doors; off with RATE_LIMIT=off. */
export function authRateLimit(deps: AppDeps) {
  if (deps.config.RATE_LIMIT === 'off') return false as const
  return { max: deps.config.RATE_LIMIT_AUTH_IP_MAX, timeWindow: deps.config.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000 }
}

/**
 * A limit on wrong guesses of a secret (a product's access password, a coupon code: docs/QUALITY.md "abuse"):
 * at most `failures` wrong guesses per key inside `windowSeconds`, counted in the shared CounterStore
 * (Redis when REDIS_URL is set, so every API process counts the same guesses).
 */
export type GuessLimit = { name: string; failures: number; windowSeconds: number }

/**
 * Runs `attempt` (true: the guess was right) unless the key has used up its wrong guesses, which answers
 * 429 MS_MAX_CONCURRENT_REQ with Retry-After until the window ends. Each attempt takes a guess from the
 * count before it runs (one atomic increment), so concurrent guesses cannot slip past the limit; a right
 * guess clears the count. With RATE_LIMIT=off nothing is counted.
 */
export async function limitGuesses(deps: Pick<AppDeps, 'config' | 'counters'>, limit: GuessLimit, key: string, attempt: () => Promise<boolean>): Promise<boolean> {
  if (deps.config.RATE_LIMIT === 'off') return attempt()
  const counterKey = `guess:${limit.name}:${key}`
  if ((await deps.counters.increment(counterKey, limit.windowSeconds)) > limit.failures) {
    throw tooManyRequests('Too many wrong attempts; retry later', (await deps.counters.ttlSeconds(counterKey)) || limit.windowSeconds)
  }
  const right = await attempt()
  if (right) await deps.counters.reset(counterKey)
  return right
}
