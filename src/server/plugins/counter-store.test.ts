import { describe, expect, test } from 'vitest'
import { Redis } from 'ioredis'
import { randomBytes } from 'node:crypto'
import { MemoryCounterStore, RedisCounterStore } from './counter-store'

describe('memory counters', () => {
  test('count inside the window and start again after it', async () => {
    let now = 0
    const store = new MemoryCounterStore(() => now)
    expect(await store.increment('k', 10)).toBe(1)
    expect(await store.increment('k', 10)).toBe(2)
    now = 2_500
    expect(await store.ttlSeconds('k')).toBe(8)
    now = 10_001
    expect(await store.get('k')).toBe(0)
    expect(await store.ttlSeconds('k')).toBe(0)
    expect(await store.increment('k', 10)).toBe(1)
  })
})

// Shared counters for several API processes; runs where Redis is (CI sets REDIS_URL).
describe.runIf(process.env.REDIS_URL)('redis counters', () => {
  test('two stores on one Redis share a count, and reset clears it', async () => {
    const prefix = `sf:test:${randomBytes(4).toString('hex')}:`
    const a = new RedisCounterStore(new Redis(process.env.REDIS_URL!), prefix)
    const b = new RedisCounterStore(new Redis(process.env.REDIS_URL!), prefix)
    try {
      await a.increment('email', 60)
      expect(await b.increment('email', 60)).toBe(2)
      expect(await b.ttlSeconds('email')).toBeGreaterThan(55)
      await b.reset('email')
      expect(await a.get('email')).toBe(0)
    } finally {
      await a.close()
      await b.close()
    }
  })
})

// A right guess gives back the one guess it took (docs/decisions/0040-guess-limits.md): never below 0, and
// never a count without a window.
describe('decrement', () => {
  test('in memory: takes one back inside the window, nothing once it ended or from nothing', async () => {
    let now = 0
    const store = new MemoryCounterStore(() => now)
    await store.decrement('k')
    expect(await store.get('k')).toBe(0)
    await store.increment('k', 10)
    await store.increment('k', 10)
    await store.decrement('k')
    expect(await store.get('k')).toBe(1)
    now = 11_000
    await store.decrement('k')
    expect(await store.increment('k', 10)).toBe(1)
  })

  test.runIf(process.env.REDIS_URL)('in Redis: takes one back, never creating a key without expiry', async () => {
    const store = new RedisCounterStore(new Redis(process.env.REDIS_URL!), `sf:test:${randomBytes(4).toString('hex')}:`)
    try {
      await store.decrement('k')
      expect(await store.get('k')).toBe(0)
      expect(await store.ttlSeconds('k')).toBe(0)
      await store.increment('k', 60)
      await store.increment('k', 60)
      await store.decrement('k')
      expect(await store.get('k')).toBe(1)
      expect(await store.ttlSeconds('k')).toBeGreaterThan(55)
    } finally {
      await store.close()
    }
  })
})
