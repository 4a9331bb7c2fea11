import { Readable } from 'node:stream'
import { afterAll, describe, expect, test } from 'vitest'
import { tempDataDir } from '../../../../tests/factories/media'
import { isStorageKey, LocalStorage, newStorageKey, newStorageKeyLike, NotStoredError, TooLargeError } from './storage'

const temp = tempDataDir()
afterAll(() => temp.remove())
const storage = new LocalStorage(temp.dir)

describe('local storage', () => {
  test('put, exists, get stream and delete round-trip the bytes under a generated key', async () => {
    const key = newStorageKey('file', { ext: 'txt' })
    expect(isStorageKey(key)).toBe(true)
    expect(await storage.put(key, Readable.from([Buffer.from('hello '), Buffer.from('world')]))).toEqual({ key, size: 11 })
    expect(await storage.exists(key)).toBe(true)
    expect((await storage.get(key)).toString()).toBe('hello world')
    await storage.delete(key)
    expect(await storage.exists(key)).toBe(false)
    await expect(storage.getStream(key)).rejects.toBeInstanceOf(NotStoredError)
    await storage.delete(key) // deleting twice is fine
  })

  test('size and ranged streams of a large object: exact bytes from anywhere in it; a missing key is NotStoredError', async () => {
    const key = newStorageKey('file', { ext: 'bin' })
    const big = Buffer.alloc(9 * 1024 * 1024 + 3)
    for (let i = 0; i + 4 <= big.length; i += 1024) big.writeUInt32LE(i, i)
    await storage.put(key, big)
    expect(await storage.size(key)).toBe(big.length)
    const read = async (range?: { start: number; end: number }) => {
      const chunks: Buffer[] = []
      for await (const chunk of await storage.getStream(key, range)) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks)
    }
    expect((await read({ start: 5_000_000, end: 5_070_000 })).equals(big.subarray(5_000_000, 5_070_001))).toBe(true)
    expect((await read({ start: big.length - 1, end: big.length - 1 })).equals(big.subarray(big.length - 1))).toBe(true)
    expect((await read()).equals(big)).toBe(true)
    await storage.delete(key)
    await expect(storage.size(key)).rejects.toBeInstanceOf(NotStoredError)
    await expect(storage.size('../etc/passwd')).rejects.toBeInstanceOf(NotStoredError)
  })

  test('keys that could climb out of the root are never accepted: ../, absolute paths, separators', async () => {
    for (const key of ['../etc/passwd', '/etc/passwd', 'file-..', 'a/b', '..', 'file-0123456789abcdef0123456789abcdef/../../x', 'FILE-0123456789abcdef0123456789abcdef']) {
      expect(isStorageKey(key)).toBe(false)
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(NotStoredError)
      await expect(storage.getStream(key)).rejects.toBeInstanceOf(NotStoredError)
      expect(await storage.exists(key)).toBe(false)
    }
  })

  test('a stream longer than maxBytes fails with TooLargeError and leaves nothing behind', async () => {
    const key = newStorageKey('file')
    await expect(storage.put(key, Buffer.alloc(2048), { maxBytes: 1024 })).rejects.toBeInstanceOf(TooLargeError)
    expect(await storage.exists(key)).toBe(false)
    expect((await storage.put(key, Buffer.alloc(1024), { maxBytes: 1024 })).size).toBe(1024)
  })

  test('copy writes the same bytes under a new key of the same kind; the source stays; a missing source is NotStoredError', async () => {
    const key = newStorageKey('cover', { suffix: 's100', ext: 'webp' })
    await storage.put(key, Buffer.from('image bytes'))
    const copy = newStorageKeyLike(key)
    expect(copy).toMatch(/^cover-[0-9a-f]{32}-s100\.webp$/)
    expect(copy).not.toBe(key)
    expect(await storage.copy(key, copy)).toEqual({ key: copy, size: 11 })
    expect((await storage.get(copy)).toString()).toBe('image bytes')
    expect(await storage.exists(key)).toBe(true)
    await expect(storage.copy(newStorageKey('file'), newStorageKey('file'))).rejects.toBeInstanceOf(NotStoredError)
    expect(newStorageKeyLike(newStorageKey('file', { ext: 'pdf' }))).toMatch(/^file-[0-9a-f]{32}\.pdf$/)
  })

  test('generated keys are unguessable: 128 random bits, never repeated', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newStorageKey('cover', { suffix: 's100', ext: 'webp' })))
    expect(keys.size).toBe(1000)
    for (const key of keys) expect(key).toMatch(/^cover-[0-9a-f]{32}-s100\.webp$/)
  })
})
