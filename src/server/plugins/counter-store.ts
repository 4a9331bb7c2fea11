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
    await this.redis.quit()
  }
  async ping() {
    await this.redis.ping()
  }
}

export function createCounterStore(redisUrl: string | undefined): CounterStore {
  if (!redisUrl) return new MemoryCounterStore()
  return new RedisCounterStore(new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }))
}
