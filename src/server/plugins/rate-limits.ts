import { tooManyRequests } from '../../shared/errors'
import type { AppDeps } from '../deps'

/** Per-IP limit for sign-in, sign-up and the other account doors; off with RATE_LIMIT=off. */
export function authRateLimit(deps: AppDeps) {
  if (deps.config.RATE_LIMIT === 'off') return false as const
  return { max: deps.config.RATE_LIMIT_AUTH_IP_MAX, timeWindow: deps.config.RATE_LIMIT_AUTH_WINDOW_SECONDS * 1000 }
}

/**
 * A limit on wrong guesses of a secret (a product's access password, a coupon code, an account's password:
 * docs/QUALITY.md "abuse", docs/decisions/0040-guess-limits.md): at most `failures` wrong guesses per key
 * inside `windowSeconds`, counted in the shared CounterStore (Redis when REDIS_URL is set, so every API
 * process counts the same guesses). The window starts at the first guess and ends by time only.
 */
export type GuessLimit = { name: string; failures: number; windowSeconds: number }

/** The counter a limit keeps for a key (the password reset clears the sign-in one: docs/decisions/0040-guess-limits.md). */
export function guessCounterKey(limit: Pick<GuessLimit, 'name'>, key: string): string {
  return `guess:${limit.name}:${key}`
}

/**
 * Runs `attempt` (true: the guess was right) unless the key has used up its wrong guesses, which answers
 * 429 MS_MAX_CONCURRENT_REQ with Retry-After until the window ends. Each attempt takes a guess from the
 * count before it runs (one atomic increment), so concurrent guesses cannot slip past the limit; a right
 * guess (or an attempt that fails before answering) gives back only the one it took, so the count holds
 * the wrong guesses and a right one never clears them (docs/decisions/0040-guess-limits.md). With
 * RATE_LIMIT=off nothing is counted.
 */
export async function limitGuesses(deps: Pick<AppDeps, 'config' | 'counters'>, limit: GuessLimit, key: string, attempt: () => Promise<boolean>): Promise<boolean> {
  if (deps.config.RATE_LIMIT === 'off') return attempt()
  const counterKey = guessCounterKey(limit, key)
  if ((await deps.counters.increment(counterKey, limit.windowSeconds)) > limit.failures) {
    throw tooManyRequests('Too many wrong attempts; retry later', (await deps.counters.ttlSeconds(counterKey)) || limit.windowSeconds)
  }
  let wrong = false
  try {
    const right = await attempt()
    wrong = !right
    return right
  } finally {
    if (!wrong) await deps.counters.decrement(counterKey)
  }
}

/**
 * The client part of a guess key: an IPv4 address as it is, an IPv6 address by its /64 prefix (one
 * subscriber's network hands out the rest freely, so whole addresses would give a guesser 2^64 keys).
 */
export function guessClientKey(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase()
  if (!address.includes(':')) return address
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address)
  if (mapped) return mapped[1]!
  const [head = '', tail] = address.split('::')
  const groups = (part: string | undefined) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [])
  const front = groups(head)
  const back = groups(tail)
  const all = tail === undefined ? front : [...front, ...Array(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back]
  return `${all.slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16)).join(':')}::/64`
}

/** A built page's contact form: a few messages per IP and ten minutes are plenty for people, few for a flood (decision 0065). */
export function contactFormRateLimit(deps: AppDeps) {
  if (deps.config.RATE_LIMIT === 'off') return false as const
  return { max: 5, timeWindow: 10 * 60 * 1000 }
}
