import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { Readable, Transform } from 'node:stream'
import { contentDisposition, isStorageKey, NotStoredError, readWhole, TooLargeError, type ByteRange, type PresignOptions, type Storage, type StoredObject } from './storage'

// S3-compatible storage (docs/decisions/0081-s3-storage.md): every object under one bucket (and an optional key
// prefix), private (no ACL is ever set, so the bucket's own private default holds). Keys are the generated
// storage keys, checked here as the local store checks them. Writes stream through the SDK's multipart
// upload, so a large course video is never held in memory; an upload that fails or runs past its limit is
// aborted and leaves no object.

export type S3StorageOptions = {
  bucket: string
  region: string
  endpoint?: string
  /** Path-style addressing (`endpoint/bucket/key`): what MinIO, Ceph and local stand-ins need. */
  forcePathStyle?: boolean
  accessKeyId?: string
  secretAccessKey?: string
  /** Prepended to every key, e.g. `sellfront/`, to share a bucket. */
  prefix?: string
  /** Per request, so a store that stops answering fails a request instead of hanging it. */
  timeoutMs?: number
  /**
   * Set: the store hands out presigned GET URLs (docs/decisions/0101-presigned-downloads.md), signed for
   * `endpoint` (the address browsers reach the store at; unset, the store's own endpoint or AWS).
   */
  presign?: { endpoint?: string }
}

/** The first `count` bytes of `source`; the rest is not read. */
function firstBytes(source: Readable, count: number): Readable {
  let left = count
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (left <= 0) return done()
      const part = chunk.length > left ? chunk.subarray(0, left) : chunk
      left -= part.length
      this.push(part)
      if (left <= 0) {
        this.push(null)
        source.destroy()
      }
      done()
    },
  })
  source.on('error', (error) => { if (left > 0) cut.destroy(error) })
  return source.pipe(cut)
}

const missing = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404)

export class S3Storage implements Storage {
  readonly client: S3Client
  private readonly bucket: string
  private readonly prefix: string
  /** Only where presigning is configured; see `Storage.presignedUrl`. */
  readonly presignedUrl?: (key: string, options: PresignOptions) => Promise<string>

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket
    this.prefix = options.prefix ?? ''
    const credentials = options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? false,
      credentials,
      requestHandler: { requestTimeout: options.timeoutMs ?? 30_000, connectionTimeout: 5_000 },
      maxAttempts: 3,
    })
    if (options.presign) {
      // A signature covers the host, so URLs for browsers are signed by a client that names the public
      // address; that client only signs and never sends a request.
      const signer = options.presign.endpoint && options.presign.endpoint !== options.endpoint
        ? new S3Client({ region: options.region, endpoint: options.presign.endpoint, forcePathStyle: options.forcePathStyle ?? false, credentials })
        : this.client
      this.presignedUrl = (key, presign) => this.presign(signer, key, presign)
    }
  }

  /**
   * A GET URL of `key` that works for `expiresInSeconds` (SigV4 query signing, the real clock: a store checks
   * it against its own). Its answer carries the file's name, type and caching through S3's signed
   * `response-*` overrides, so whatever the object was stored with, the browser saves or shows it as asked.
   */
  private presign(signer: S3Client, key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket, Key: this.objectKey(key),
      ResponseContentDisposition: contentDisposition(options.fileName, options.inline),
      ResponseContentType: options.contentType,
      ResponseCacheControl: options.cacheControl ?? 'private, no-store',
    })
    return getSignedUrl(signer, command, { expiresIn: options.expiresInSeconds })
  }

  private objectKey(key: string): string {
    if (!isStorageKey(key)) throw new NotStoredError(key)
    return `${this.prefix}${key}`
  }

  async put(key: string, data: Buffer | Readable, options: { maxBytes?: number } = {}): Promise<StoredObject> {
    const objectKey = this.objectKey(key)
    const max = options.maxBytes
    if (Buffer.isBuffer(data) && max !== undefined && data.length > max) throw new TooLargeError(max)
    let size = 0
    let tooLarge = false
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (max !== undefined && size > max) {
          tooLarge = true
          done(new TooLargeError(max))
        } else done(null, chunk)
      },
    })
    const source = Buffer.isBuffer(data) ? Readable.from([data]) : data
    source.on('error', (error) => counter.destroy(error))
    const upload = new Upload({ client: this.client, params: { Bucket: this.bucket, Key: objectKey, Body: source.pipe(counter) }, leavePartsOnError: false })
    try {
      await upload.done()
    } catch (error) {
      // A single-part upload that failed wrote nothing; a multipart one is aborted by the SDK. Remove anything
      // a store kept anyway, so nothing half-written is ever visible.
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey })).catch(() => {})
      if (tooLarge) throw new TooLargeError(max!)
      throw error
    }
    return { key, size }
  }

  async copy(from: string, to: string): Promise<StoredObject> {
    const source = this.objectKey(from)
    const target = this.objectKey(to)
    const size = await this.size(from)
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: target, CopySource: `${this.bucket}/${encodeURIComponent(source).replace(/%2F/g, '/')}` }))
    return { key: to, size }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const objectKey = this.objectKey(key)
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, Range: range ? `bytes=${range.start}-${range.end}` : undefined }))
      const body = answer.Body as Readable
      if (!range) return body
      // A store that answers more than the range asked (some compatible stores read `bytes=0-0` as "from 0")
      // is cut to it, so a ranged download never sends bytes past its Content-Range.
      const wanted = range.end - range.start + 1
      return answer.ContentLength !== undefined && answer.ContentLength > wanted ? firstBytes(body, wanted) : body
    } catch (error) {
      if (missing(error)) throw new NotStoredError(key)
      throw error
    }
  }

  async size(key: string): Promise<number> {
    const objectKey = this.objectKey(key)
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey }))
      return head.ContentLength ?? 0
    } catch (error) {
      if (missing(error)) throw new NotStoredError(key)
      throw error
    }
  }

  get(key: string): Promise<Buffer> {
    return readWhole(this, key)
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }))
  }

  /** Whether `key` is stored; any answer but found or not found (the store down) is thrown, so readiness sees it. */
  async exists(key: string): Promise<boolean> {
    if (!isStorageKey(key)) {
      // The readiness probe asks for a key that is never stored: the bucket answering is what it checks.
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }))
      return false
    }
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }))
      return true
    } catch (error) {
      if (missing(error)) return false
      throw error
    }
  }
}
