import { randomBytes } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { constants } from 'node:fs'
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'

// Where uploaded bytes live (docs/DESIGN.md "Scale": local disk or S3-compatible storage by configuration). Keys
// are generated here, never taken from a user: a prefix, 32 random hex characters and an optional
// extension (`file-9f...e1.pdf`). A key is one path segment, so no key can point outside the root.

export type StoredObject = { key: string; size: number }
/** Bytes `start` to `end` of an object, both inclusive (as in an HTTP `Range` header). */
export type ByteRange = { start: number; end: number }

/** What a presigned URL's answer says (S3's `response-*` overrides): the file's name, type and caching. */
export type PresignOptions = {
  /** How long the URL works; kept short (docs/decisions/0101-presigned-downloads.md). */
  expiresInSeconds: number
  fileName: string
  contentType: string
  /** `inline` for what a page shows (lesson video, audio, PDF); `attachment` (the default) saves the file. */
  inline?: boolean
  /** Default `private, no-store`: the bytes are a payer's, and the URL dies soon. */
  cacheControl?: string
}

export interface Storage {
  /** Writes the bytes under `key`; with `maxBytes`, a longer stream fails with `TooLargeError` and leaves nothing. */
  put(key: string, data: Buffer | Readable, options?: { maxBytes?: number }): Promise<StoredObject>
  /** The bytes of `key` (or of one range of them) as a stream; `NotStoredError` when there is no such object. */
  getStream(key: string, range?: ByteRange): Promise<Readable>
  /** The size of `key` in bytes; `NotStoredError` when there is no such object. */
  size(key: string): Promise<number>
  get(key: string): Promise<Buffer>
  /** Copies the bytes of `from` to the new key `to` (duplicating a product); `NotStoredError` when `from` is missing. */
  copy(from: string, to: string): Promise<StoredObject>
  /** Removes `key`; removing a missing key is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /**
   * A short-lived URL the browser fetches `key` from directly (an S3 presigned GET), for a caller that has
   * already checked the access. Absent where the store cannot hand one out (local disk) or presigning is off:
   * the bytes then stream through the API (docs/decisions/0101-presigned-downloads.md).
   */
  presignedUrl?(key: string, options: PresignOptions): Promise<string>
}

/** `attachment` or `inline` with the file's name: an ASCII fallback plus the UTF-8 form (RFC 6266). */
export function contentDisposition(name: string, inline = false): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/**
 * Sends the browser to a presigned URL of the bucket: the URL dies soon, so neither the browser nor a proxy
 * keeps the redirect, and it is not handed on as a referrer (docs/decisions/0101-presigned-downloads.md).
 */
export function redirectToBucket<R extends { header(name: string, value: string): R; redirect(url: string, code: number): R }>(reply: R, url: string): R {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(url, 302)
}

/**
 * The origin a store's presigned URLs point at (the bucket's public address), or null when it hands none out:
 * the pages' Content-Security-Policy lets video, audio and PDF frames load from it, since a browser checks a
 * redirect's target against the policy too. Found by signing one URL (no request is sent), so it is the
 * address the SDK really builds (virtual-hosted or path style, the region's AWS host).
 */
export async function presignedOrigin(storage: Storage): Promise<string | null> {
  if (!storage.presignedUrl) return null
  const probe = await storage.presignedUrl(newStorageKey('probe'), { expiresInSeconds: 1, fileName: 'probe', contentType: 'application/octet-stream' })
  return new URL(probe).origin
}

export class NotStoredError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`)
  }
}

export class TooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The object is larger than ${maxBytes} bytes`)
  }
}

/** The whole object as one buffer, read through the store's stream (both stores' `get`). */
export async function readWhole(storage: Pick<Storage, 'getStream'>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const keyPattern = /^[a-z0-9]{1,16}-[0-9a-f]{32}(-[a-z0-9]{1,16})?(\.[a-z0-9]{1,8})?$/

/** Whether `key` has the shape of a generated key (the only keys storage accepts). */
export function isStorageKey(key: string): boolean {
  return keyPattern.test(key)
}

/** A new unguessable key: `prefix-<128 random bits>[-suffix][.ext]`. */
export function newStorageKey(prefix: string, options: { suffix?: string; ext?: string } = {}): string {
  const key = `${prefix}-${randomBytes(16).toString('hex')}${options.suffix ? `-${options.suffix}` : ''}${options.ext ? `.${options.ext}` : ''}`
  if (!isStorageKey(key)) throw new Error(`Invalid storage key parts: ${key}`)
  return key
}

/** A new key of the same kind as `key` (same prefix, suffix and extension): where a copy of it goes. */
export function newStorageKeyLike(key: string): string {
  const match = keyPattern.exec(key)
  if (!match) throw new NotStoredError(key)
  const prefix = key.slice(0, key.indexOf('-'))
  return newStorageKey(prefix, { suffix: match[1]?.slice(1), ext: match[2]?.slice(1) })
}

/** Files under one directory, spread over 256 sub-folders by the key's random part. */
export class LocalStorage implements Storage {
  private readonly root: string

  constructor(root: string) {
    this.root = resolve(root)
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new NotStoredError(key)
    const random = key.slice(key.indexOf('-') + 1)
    const path = resolve(join(this.root, random.slice(0, 2), key))
    // Belt and braces: the pattern has no separators or dots to climb with, and the path stays inside.
    if (!path.startsWith(this.root + sep)) throw new NotStoredError(key)
    return path
  }

  async put(key: string, data: Buffer | Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const path = this.pathOf(key)
    await mkdir(resolve(path, '..'), { recursive: true })
    const temp = `${path}.${randomBytes(6).toString('hex')}.part`
    let size = 0
    const max = options.maxBytes
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (max !== undefined && size > max) done(new TooLargeError(max))
        else done(null, chunk)
      },
    })
    try {
      await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, counter, createWriteStream(temp, { flags: 'wx' }))
      await rename(temp, path)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return { key, size }
  }

  async copy(from: string, to: string): Promise<StoredObject> {
    const source = this.pathOf(from)
    const path = this.pathOf(to)
    if (!(await this.exists(from))) throw new NotStoredError(from)
    await mkdir(resolve(path, '..'), { recursive: true })
    const temp = `${path}.${randomBytes(6).toString('hex')}.part`
    try {
      await copyFile(source, temp, constants.COPYFILE_EXCL)
      await rename(temp, path)
    } catch (error) {
      await rm(temp, { force: true })
      throw error
    }
    return { key: to, size: (await stat(path)).size }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key)
    if (!(await this.exists(key))) throw new NotStoredError(key)
    return createReadStream(path, range ? { start: range.start, end: range.end } : {})
  }

  async size(key: string): Promise<number> {
    try {
      const info = await stat(this.pathOf(key))
      if (info.isFile()) return info.size
    } catch {
      // missing: answered below like any key that is not stored
    }
    throw new NotStoredError(key)
  }

  get(key: string): Promise<Buffer> {
    return readWhole(this, key)
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    await rm(this.pathOf(key), { force: true })
  }

  /** Every stored key, folder by folder (unfinished `.part` writes are not objects). */
  async *keys(): AsyncIterable<string> {
    let folders: string[]
    try {
      folders = (await readdir(this.root)).sort()
    } catch {
      return
    }
    for (const folder of folders) {
      if (!/^[0-9a-f]{2}$/.test(folder)) continue
      for (const name of (await readdir(join(this.root, folder))).sort()) if (isStorageKey(name)) yield name
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) return false
    try {
      return (await stat(this.pathOf(key))).isFile()
    } catch {
      return false
    }
  }
}
