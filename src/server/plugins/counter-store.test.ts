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
