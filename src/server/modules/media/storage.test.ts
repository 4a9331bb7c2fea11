import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadConfig } from '../../config'
import { tempDataDir } from '../../../../tests/factories/media'
import { startS3StandIn, type S3StandIn } from '../../../../tests/stand-ins/s3-stand-in'
import { s3StorageOf } from './storage-config'
import { isStorageKey, LocalStorage, newStorageKey, newStorageKeyLike, NotStoredError, TooLargeError, type Storage } from './storage'
import { copyStore } from './storage-copy'

// The storage contract, run on both stores (docs/decisions/0081-s3-storage.md): local disk, and the S3 adapter
// against a local S3 stand-in. Then the copy of a local store to S3, checked object by object.

const temp = tempDataDir()
let s3: S3StandIn
beforeAll(async () => { s3 = await startS3StandIn() })
afterAll(async () => {
  temp.remove()
  await s3?.close()
})
const s3Storage = () => s3StorageOf(loadConfig({ ...s3.env, DATA_DIR: temp.dir }))

describe.each([
  ['local disk', () => new LocalStorage(temp.dir) as Storage],
  ['S3', () => s3Storage() as Storage],
])('%s storage', (_name, open) => {
  let storage: Storage
  beforeAll(() => { storage = open() })

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
    expect((await read({ start: 0, end: 0 })).equals(big.subarray(0, 1))).toBe(true)
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

  test('a stream that fails midway stores nothing', async () => {
    const key = newStorageKey('file')
    const failing = new Readable({ read() { this.push(Buffer.alloc(1024)); this.destroy(new Error('the client went away')) } })
    await expect(storage.put(key, failing)).rejects.toThrow()
    expect(await storage.exists(key)).toBe(false)
  })
})

describe('keys and the copy to S3', () => {
  test('generated keys are unguessable: 128 random bits, never repeated', () => {
    const keys = new Set(Array.from({ length: 1000 }, () => newStorageKey('cover', { suffix: 's100', ext: 'webp' })))
    expect(keys.size).toBe(1000)
    for (const key of keys) expect(key).toMatch(/^cover-[0-9a-f]{32}-s100\.webp$/)
  })

  test('a local store is copied to S3 and checked object by object; a second run copies nothing; a damaged copy is copied again', async () => {
    const sourceDir = tempDataDir()
    const source = new LocalStorage(sourceDir.dir)
    const target = s3Storage()
    const keys = [newStorageKey('file', { ext: 'pdf' }), newStorageKey('cover', { suffix: 's100', ext: 'webp' }), newStorageKey('media', { ext: 'mp4' })]
    const big = Buffer.alloc(6 * 1024 * 1024 + 5, 7)
    await source.put(keys[0]!, Buffer.from('%PDF-1.7 a download'))
    await source.put(keys[1]!, Buffer.from('image bytes'))
    await source.put(keys[2]!, big)
    expect(await copyStore(source, target)).toEqual({ copied: 3, alreadyThere: 0, failed: [] })
    expect((await target.get(keys[0]!)).toString()).toBe('%PDF-1.7 a download')
    expect((await target.get(keys[2]!)).equals(big)).toBe(true)
    expect(await copyStore(source, target)).toEqual({ copied: 0, alreadyThere: 3, failed: [] })
    await target.put(keys[1]!, Buffer.from('image bytez'))
    expect(await copyStore(source, target)).toEqual({ copied: 1, alreadyThere: 2, failed: [] })
    expect((await target.get(keys[1]!)).toString()).toBe('image bytes')
    sourceDir.remove()
  })

  test('STORAGE=s3 without a bucket is refused at start', () => {
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/)
  })
})
