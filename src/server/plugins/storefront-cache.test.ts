import { describe, expect, test } from 'vitest'
import { TtlCache } from './storefront'

describe('the storefront caches (TtlCache)', () => {
  test('a value lives for its time to live, and the least recently used goes first when full', () => {
    const cache = new TtlCache<string>(1000, 2)
    cache.set('a', 'A', 0)
    cache.set('b', 'B', 0)
    expect(cache.get('a', 999)).toBe('A') // a is now the most recently used
    cache.set('c', 'C', 0)
    expect(cache.get('b', 10)).toBeUndefined()
    expect(cache.get('a', 10)).toBe('A')
    expect(cache.get('a', 1000)).toBeUndefined()
    cache.clear()
    expect(cache.size).toBe(0)
  })

  test('remember: callers at once share one read; a failed read is not kept', async () => {
    const cache = new TtlCache<Promise<number>>(10_000, 10)
    let reads = 0
    const read = () => new Promise<number>((resolve) => setTimeout(() => resolve(++reads), 5))
    const [one, two] = await Promise.all([cache.remember('k', read), cache.remember('k', read)])
    expect([one, two, reads]).toEqual([1, 1, 1])
    await expect(cache.remember('bad', () => Promise.reject(new Error('404')))).rejects.toThrow('404')
    expect(await cache.remember('bad', async () => 7)).toBe(7)
  })
})
