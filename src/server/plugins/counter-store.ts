import { Redis } from 'ioredis'

// Counters for abuse limits (failed sign-ins per email, ...). In memory for one process; in Redis when
// REDIS_URL is set, so several API processes share them.
export interface CounterStore {
  /** Adds one to `key` and returns the count inside the current window. */
  increment(key: string, windowSeconds: number): Promise<number>
  get(key: string): Promise<number>
  /** Whole seconds until the window of `key` ends (at least 1); 0 when nothing is counted. */
  ttlSeconds(key: string): Promise<number>
  /** Takes one back from `key` inside its window (never below 0, never restarting or creating a window). */
  decrement(key: string): Promise<void>
  reset(key: string): Promise<void>
  close(): Promise<void>
  /** Answers once the store is reachable (readiness, docs/operations.md); throws otherwise. */
  ping(): Promise<void>
}

export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>()
  constructor(private readonly now: () => number = Date.now) {}
  async increment(key: string, windowSeconds: number) {
    const now = this.now()
    const entry = this.entries.get(key)
    if (!entry || entry.expiresAt <= now) {
      this.entries.set(key, { count: 1, expiresAt: now + windowSeconds * 1000 })
      if (this.entries.size > 100_000) this.sweep(now)
      return 1
    }
    entry.count++
    return entry.count
  }
  async get(key: string) {
    const entry = this.entries.get(key)
    return entry && entry.expiresAt > this.now() ? entry.count : 0
  }
  async ttlSeconds(key: string) {
    const entry = this.entries.get(key)
    const left = entry ? entry.expiresAt - this.now() : 0
    return left > 0 ? Math.max(1, Math.ceil(left / 1000)) : 0
  }
  async decrement(key: string) {
    const entry = this.entries.get(key)
    if (entry && entry.expiresAt > this.now() && entry.count > 0) entry.count--
  }
  async reset(key: string) {
    this.entries.delete(key)
  }
  async close() {}
  async ping() {}
  private sweep(now: number) {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key)
  }
}

const DECREMENT_IF_COUNTED = "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then redis.call('decr', KEYS[1]) end return 0"

export class RedisCounterStore implements CounterStore {
  constructor(readonly redis: Redis, private readonly prefix = 'sf:counter:') {}
  async increment(key: string, windowSeconds: number) {
    const k = this.prefix + key
    const [[, count]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[null, number]]
    return count
  }
  async get(key: string) {
    return Number((await this.redis.get(this.prefix + key)) ?? 0)
  }
  async ttlSeconds(key: string) {
    // TTL answers -2 for a missing key and -1 for one without expiry (not written by increment).
    const left = await this.redis.ttl(this.prefix + key)
    return left === -2 ? 0 : Math.max(1, left)
  }
  async decrement(key: string) {
    // One script, so a key that expires meanwhile is not recreated without a window (DECR alone would).
    await this.redis.eval(DECREMENT_IF_COUNTED, 1, this.prefix + key)
  }
  async reset(key: string) {
    await this.redis.del(this.prefix + key)
  }
  async close() {
    // Without an offline queue, QUIT fails while the client is not connected (Redis down, or not yet up); the
    // client would then go on reconnecting and keep the process alive, so it is cut instead.
    if (this.redis.status === 'ready') await this.redis.quit().catch(() => this.redis.disconnect())
    else this.redis.disconnect()
  }
  async ping() {
    // A client still connecting (just started, or reconnecting) gets a second to be ready: without an offline
    // queue its PING would otherwise fail at once, and a process that just started would read as degraded.
    if (this.redis.status === 'connecting' || this.redis.status === 'connect' || this.redis.status === 'reconnecting') {
      await new Promise<void>((resolve) => {
        const done = () => { clearTimeout(timer); this.redis.off('ready', done); resolve() }
        const timer = setTimeout(done, 1000)
        this.redis.once('ready', done)
      })
    }
    await this.redis.ping()
  }
}

/**
 * Redis while it answers, this process's memory while it does not (docs/decisions/0082-redis-down.md): a
 * sign-in never fails because Redis is down, and its limits still hold per process meanwhile (a guesser spread
 * over N processes gets N times the attempts until Redis is back, never unlimited ones). `ping` still throws,
 * so readiness reports Redis down.
 */
export class FallbackCounterStore implements CounterStore {
  private readonly memory = new MemoryCounterStore()
  constructor(readonly primary: RedisCounterStore, private readonly onFallback: (error: unknown) => void = () => {}) {}
  private async either<T>(use: (store: CounterStore) => Promise<T>): Promise<T> {
    try {
      return await use(this.primary)
    } catch (error) {
      this.onFallback(error)
      return use(this.memory)
    }
  }
  increment(key: string, windowSeconds: number) { return this.either((s) => s.increment(key, windowSeconds)) }
  get(key: string) { return this.either((s) => s.get(key)) }
  ttlSeconds(key: string) { return this.either((s) => s.ttlSeconds(key)) }
  decrement(key: string) { return this.either((s) => s.decrement(key)) }
  reset(key: string) { return this.either((s) => s.reset(key)) }
  async close() { await this.primary.close() }
  ping() { return this.primary.ping() }
}

/** The Redis client of a store, if it has one (the global rate limit shares it). */
export function redisOf(store: CounterStore): Redis | undefined {
  if (store instanceof RedisCounterStore) return store.redis
  if (store instanceof FallbackCounterStore) return store.primary.redis
  return undefined
}

export function createCounterStore(redisUrl: string | undefined, onFallback?: (error: unknown) => void): CounterStore {
  if (!redisUrl) return new MemoryCounterStore()
  // No offline queue and one retry: while Redis is down a command fails within its timeout instead of waiting
  // for a reconnect, and the fallback answers.
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500, connectTimeout: 2000, lazyConnect: false })
  // ioredis reports each failed reconnect as an 'error' event; without a listener it would be an unhandled error.
  redis.on('error', () => {})
  return new FallbackCounterStore(new RedisCounterStore(redis), onFallback)
}
