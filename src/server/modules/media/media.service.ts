import type { Readable } from 'node:stream'
import sharp from 'sharp'
import { AppError } from '../../../shared/errors'
import {
  coverCropInput, coverOutputOf, coverVariantWidths, maxCoversPerProduct, maxFilesPerProduct,
  type CoverOutput, type CoverVariant, type DownloadFileOutput, type ReorderInput, type UploadKind, type UploadOutput,
} from '../../../shared/schemas/media'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import { profileImageWidths, type ProfileImageSlot, type SellerProfileOutput } from '../../../shared/schemas/seller-profile'
import * as sellerProfile from '../accounts/seller-profile.service'
import * as catalog from '../catalog/catalog.service'
import * as repo from './media.repository'
import { isStorageKey, newStorageKey, newStorageKeyLike, NotStoredError, type ByteRange, type PresignOptions, type Storage } from './storage'

// Download files, covers and media uploads (docs/decisions/0011-storage-keys-and-local-storage.md). Bytes are written to storage before the database
// transaction (disk work never holds a transaction open) and removed again when the transaction fails;
// removed rows take their bytes with them after the commit.

/** A file already written to storage by the route, waiting to be recorded. */
export type StoredFile = { key: string; name: string; size: number; contentType: string }

const fieldError = (path: string, message: string) => new AppError('validation_failed', message, [{ path, message }])
const fileNotFound = () => new AppError('not_found', 'This file does not exist')
const coverNotFound = () => new AppError('not_found', 'This cover does not exist')

async function removeAll(storage: Storage, keys: readonly string[]) {
  await Promise.all(keys.map((key) => storage.delete(key)))
}

/** Runs `write`; when it fails, the stored bytes it would have recorded are removed. */
async function recordOrRemove<T>(storage: Storage, keys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    await removeAll(storage, keys)
    throw error
  }
}

/** The ids given are exactly the ids of the list, each once. */
function assertSameIds(given: readonly number[], existing: readonly number[]) {
  const set = new Set(given)
  if (set.size !== given.length || set.size !== existing.length || existing.some((id) => !set.has(id))) throw fieldError('ids', 'ids_mismatch')
}

/** Checks the product before any bytes are received: the seller's, and of the form the route serves. */
export async function writableProduct(ctx: Ctx, productId: number, forms: readonly string[] | null, lock = false) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId, { lock })
  if (forms && !forms.includes(product.form)) throw new AppError('wrong_product_form', `Only ${forms.join(', ')} products have this`, [{ path: 'form', message: 'invalid_value' }])
  return product
}

// ------------------------------------------------------------------ download files

function fileOutput(row: repo.DownloadFileRow): DownloadFileOutput {
  return {
    id: row.id, name: row.name, size: row.size, content_type: row.contentType, position: row.position,
    created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString(),
  }
}

export async function listFiles(ctx: Ctx, productId: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId)
  const list = (await repo.listFiles(ctx.db, product.id)).map(fileOutput)
  return { list, total_count: list.length }
}

export async function addFiles(ctx: Ctx, productId: number, files: readonly StoredFile[]) {
  const { storage } = ctx.deps
  return recordOrRemove(storage, files.map((f) => f.key), () => ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    if (product.form !== 'download') throw new AppError('wrong_product_form', 'Only download products have files')
    const existing = await repo.listFiles(tx, product.id)
    if (existing.length + files.length > maxFilesPerProduct) throw fieldError('file', 'out_of_range')
    const start = await repo.nextFilePosition(tx, product.id)
    const rows = await repo.insertFiles(tx, files.map((f, i) => ({
      productId: product.id, storageKey: f.key, name: f.name, size: f.size, contentType: f.contentType, position: start + i,
      createdAt: ctx.now, updatedAt: ctx.now,
    })))
    return { list: rows.map(fileOutput), total_count: rows.length }
  }))
}

export async function replaceFile(ctx: Ctx, productId: number, fileId: number, file: StoredFile) {
  const { storage } = ctx.deps
  const { row, oldKey } = await recordOrRemove(storage, [file.key], () => ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const current = await repo.findFile(tx, product.id, fileId)
    if (!current) throw fileNotFound()
    const updated = await repo.updateFile(tx, current.id, { storageKey: file.key, name: file.name, size: file.size, contentType: file.contentType, updatedAt: ctx.now })
    return { row: updated, oldKey: current.storageKey }
  }))
  await storage.delete(oldKey)
  return fileOutput(row)
}

export async function reorderFiles(ctx: Ctx, productId: number, input: ReorderInput) {
  return ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const rows = await repo.listFiles(tx, product.id)
    assertSameIds(input.ids, rows.map((r) => r.id))
    for (const [position, id] of input.ids.entries()) await repo.updateFile(tx, id, { position })
    const list = (await repo.listFiles(tx, product.id)).map(fileOutput)
    return { list, total_count: list.length }
  })
}

export async function deleteFile(ctx: Ctx, productId: number, fileId: number) {
  const key = await ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const row = await repo.findFile(tx, product.id, fileId)
    if (!row) throw fileNotFound()
    await repo.deleteFile(tx, row.id)
    return row.storageKey
  })
  await ctx.deps.storage.delete(key)
}

// ------------------------------------------------------------------ covers

const imageFormats = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])
const notAnImage = () => fieldError('file', 'not_an_image')
/** An image whose header reads but whose pixels do not decode: a parse error of the upload (400), not a wrong kind of file. */
const corruptImage = () => new AppError('invalid_upload', 'corrupt_image', [{ path: 'file', message: 'corrupt_image' }])

/** Width and height of an image as shown (EXIF orientation applied); a non-image is a field error. */
export async function imageSize(buffer: Buffer): Promise<{ width: number; height: number; format: string }> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>
  try {
    meta = await sharp(buffer).metadata()
  } catch {
    throw notAnImage()
  }
  if (!meta.format || !imageFormats.has(meta.format) || !meta.width || !meta.height) throw notAnImage()
  // The header alone can be whole while the pixels are not: decode every pixel (stats streams through
  // them without keeping the image), so a corrupt image is refused before anything is stored.
  try {
    await sharp(buffer, { failOn: 'warning' }).stats()
  } catch {
    throw corruptImage()
  }
  const oriented = meta.autoOrient ?? { width: meta.width, height: meta.height }
  return { width: oriented.width, height: oriented.height, format: meta.format }
}

export async function listCovers(ctx: Ctx, productId: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const product = await catalog.ownedProduct(ctx.db, sellerId, productId)
  const list = (await repo.listCovers(ctx.db, [product.id])).map(coverOutputOf)
  return { list, total_count: list.length }
}

/** Parses the optional `crop` form field (JSON) with the shared schema. */
export function parseCrop(raw: string | undefined) {
  if (raw === undefined || raw.trim() === '') return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw fieldError('crop', 'invalid_value')
  }
  const parsed = coverCropInput.safeParse(value)
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: ['crop', ...i.path.map(String)].join('.'), message: i.message }))
    throw new AppError('validation_failed', fields[0]!.message, fields)
  }
  return parsed.data
}

/**
 * Stores a cover: the image is checked by its content, oriented, cropped when asked, and written as webp
 * variants s100, s300, s640, s1200 and cover (1920) wide, never wider than the source.
 */
export async function addCover(ctx: Ctx, productId: number, buffer: Buffer, cropField: string | undefined): Promise<CoverOutput> {
  const crop = parseCrop(cropField)
  const size = await imageSize(buffer)
  if (crop && (crop.x + crop.width > size.width || crop.y + crop.height > size.height)) throw fieldError('crop', 'crop_outside_image')
  let source = sharp(buffer).rotate()
  if (crop) source = source.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
  const base = await source.toBuffer({ resolveWithObject: true })
  const { storage } = ctx.deps
  const variants: Record<string, string> = {}
  const keys: string[] = []
  try {
    for (const [name, width] of Object.entries(coverVariantWidths) as [CoverVariant, number][]) {
      const image = await sharp(base.data).resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer()
      const key = newStorageKey('cover', { suffix: name, ext: 'webp' })
      keys.push(key)
      await storage.put(key, image)
      variants[name] = key
    }
  } catch (error) {
    await removeAll(storage, keys)
    throw error
  }
  return recordOrRemove(storage, keys, () => ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const { count, nextPosition } = await repo.coverCount(tx, product.id)
    if (count >= maxCoversPerProduct) throw fieldError('file', 'out_of_range')
    const row = await repo.insertCover(tx, {
      productId: product.id, variants, width: base.info.width, height: base.info.height, crop, position: nextPosition, createdAt: ctx.now,
    })
    return coverOutputOf(row)
  }))
}

export async function reorderCovers(ctx: Ctx, productId: number, input: ReorderInput) {
  return ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const rows = await repo.listCovers(tx, [product.id])
    assertSameIds(input.ids, rows.map((r) => r.id))
    for (const [position, id] of input.ids.entries()) await repo.setCoverPosition(tx, id, position)
    const list = (await repo.listCovers(tx, [product.id])).map(coverOutputOf)
    return { list, total_count: list.length }
  })
}

export async function deleteCover(ctx: Ctx, productId: number, coverId: number) {
  const row = await ctx.db.transaction(async (tx) => {
    const product = await catalog.ownedProduct(tx, actingSellerId(ctx.actor, 'products.write'), productId, { lock: true })
    const cover = await repo.findCover(tx, product.id, coverId)
    if (!cover) throw coverNotFound()
    await repo.deleteCover(tx, cover.id)
    return cover
  })
  await removeAll(ctx.deps.storage, Object.values(row.variants))
}

// ------------------------------------------------------------------ the seller's avatar and banner

/**
 * Stores the seller's avatar or banner (docs/decisions/0046-seller-presence.md) through the covers' checks:
 * decoded whole, oriented, written as webp variants never wider than the source (the avatar cropped square
 * at the centre); the original is not kept. The variants it replaces are removed after the commit.
 */
export async function setProfileImage(ctx: Ctx, slot: ProfileImageSlot, buffer: Buffer): Promise<SellerProfileOutput> {
  const sellerId = sellerProfile.profileImageSeller(ctx)
  await imageSize(buffer)
  const base = await sharp(buffer).rotate().toBuffer()
  const { storage } = ctx.deps
  const variants: Record<string, string> = {}
  const keys: string[] = []
  try {
    for (const [name, width] of Object.entries(profileImageWidths[slot]) as [string, number][]) {
      const resized = slot === 'avatar'
        ? sharp(base).resize({ width, height: width, fit: 'cover', position: 'centre', withoutEnlargement: true })
        : sharp(base).resize({ width, withoutEnlargement: true })
      const key = newStorageKey(slot, { suffix: name, ext: 'webp' })
      keys.push(key)
      await storage.put(key, await resized.webp({ quality: 82 }).toBuffer())
      variants[name] = key
    }
  } catch (error) {
    await removeAll(storage, keys)
    throw error
  }
  const replaced = await recordOrRemove(storage, keys, () => ctx.db.transaction((tx) => sellerProfile.replaceProfileImage(tx, sellerId, slot, variants)))
  await removeAll(storage, Object.values(replaced ?? {}))
  return sellerProfile.sellerProfileOf(ctx, sellerId)
}

/** Removes the seller's avatar or banner; the shop header falls back to initials or the gradient. Idempotent. */
export async function removeProfileImage(ctx: Ctx, slot: ProfileImageSlot): Promise<void> {
  const sellerId = sellerProfile.profileImageSeller(ctx)
  const replaced = await ctx.db.transaction((tx) => sellerProfile.replaceProfileImage(tx, sellerId, slot, null))
  await removeAll(ctx.deps.storage, Object.values(replaced ?? {}))
}

/** A public image variant: only generated `cover-`, `avatar-` and `banner-...webp` keys are served; everything else is private. */
export async function publicMedia(ctx: Ctx, key: string): Promise<{ stream: Readable; contentType: string }> {
  const missing = new AppError('not_found', 'This file does not exist')
  if (!isStorageKey(key) || !/^(cover|avatar|banner)-[0-9a-f]{32}-[a-z0-9]+\.webp$/.test(key)) throw missing
  if (!(await ctx.deps.storage.exists(key))) throw missing
  return { stream: await ctx.deps.storage.getStream(key), contentType: 'image/webp' }
}

// ------------------------------------------------------------------ a product deleted or duplicated

/**
 * The storage keys of a product's download files and cover variants. Deleting a product (product-content)
 * reads them in the deleting transaction and removes the bytes once it has committed (`removeStored`), so no file outlives
 * its row and no row loses its file to a deletion that rolled back.
 */
export async function productStorageKeys(db: Executor, productId: number): Promise<string[]> {
  const files = await repo.listFiles(db, productId)
  const covers = await repo.listCovers(db, [productId])
  return [...files.map((f) => f.storageKey), ...covers.flatMap((c) => Object.values(c.variants))]
}

/**
 * Removes bytes whose rows are already gone (after a commit). A key that cannot be removed is logged, not
 * answered: the deletion itself has happened.
 */
export async function removeStored(ctx: Ctx, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => ctx.deps.storage.delete(key)))
  results.forEach((result, i) => {
    if (result.status === 'rejected') ctx.deps.logger.warn({ err: result.reason, key: keys[i] }, 'stored file not removed')
  })
}

/** A product's files and covers copied to new keys, waiting to be recorded for the copy of the product. */
export type MediaCopy = {
  files: Omit<repo.DownloadFileRow, 'id' | 'productId' | 'createdAt' | 'updatedAt'>[]
  covers: Omit<repo.CoverRow, 'id' | 'productId' | 'createdAt'>[]
  keys: string[]
}

/**
 * Copies the bytes of a product's download files and cover variants to new keys, before the duplicating
 * transaction (disk work never holds a transaction open). A file removed meanwhile answers 409 and leaves
 * no copies behind.
 */
export async function copyProductMedia(ctx: Ctx, productId: number): Promise<MediaCopy> {
  const { storage } = ctx.deps
  const copy: MediaCopy = { files: [], covers: [], keys: [] }
  const copyKey = async (key: string) => {
    const to = newStorageKeyLike(key)
    await storage.copy(key, to)
    copy.keys.push(to)
    return to
  }
  try {
    for (const { id: _id, productId: _p, createdAt: _c, updatedAt: _u, ...file } of await repo.listFiles(ctx.db, productId)) {
      copy.files.push({ ...file, storageKey: await copyKey(file.storageKey) })
    }
    for (const { id: _id, productId: _p, createdAt: _c, ...cover } of await repo.listCovers(ctx.db, [productId])) {
      const variants: Record<string, string> = {}
      for (const [name, key] of Object.entries(cover.variants)) variants[name] = await copyKey(key)
      copy.covers.push({ ...cover, variants })
    }
  } catch (error) {
    await removeAll(storage, copy.keys)
    if (error instanceof NotStoredError) throw new AppError('conflict', 'The product changed while it was copied; try again')
    throw error
  }
  return copy
}

/** Records copied files and covers for the new product, inside the duplicating transaction. */
export async function recordMediaCopy(tx: Executor, productId: number, copy: MediaCopy, now: Date): Promise<void> {
  await repo.insertFiles(tx, copy.files.map((f) => ({ ...f, productId, createdAt: now, updatedAt: now })))
  for (const cover of copy.covers) await repo.insertCover(tx, { ...cover, productId, createdAt: now })
}

/** Removes copied bytes whose duplicating transaction failed. */
export async function discardMediaCopy(ctx: Ctx, copy: MediaCopy): Promise<void> {
  await removeAll(ctx.deps.storage, copy.keys)
}

// ------------------------------------------------------------------ media uploads (course media, backgrounds)

/** Checks that the actor may upload for its seller, before any bytes are received. */
export function assertCanUpload(ctx: Ctx): void {
  actingSellerId(ctx.actor, 'products.write')
}

function uploadOutput(row: repo.UploadRow): UploadOutput {
  return {
    id: row.id, key: row.storageKey, kind: row.kind as UploadKind, name: row.name, size: row.size, content_type: row.contentType,
    created_at: row.createdAt.toISOString(),
  }
}

/** Whether the first bytes of a file fit the kind the seller says it is (checked by content, not by name). */
export function headFitsKind(head: Buffer, kind: UploadKind): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1')
  const isoMedia = ascii(4, 8) === 'ftyp'
  const matroska = head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3
  const ogg = ascii(0, 4) === 'OggS'
  switch (kind) {
    case 'pdf':
      return ascii(0, 5) === '%PDF-'
    case 'video':
      return (isoMedia && ascii(8, 12) !== 'M4A ') || matroska || ogg || (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'AVI ')
    case 'audio':
      return ascii(0, 3) === 'ID3' || (head.length >= 2 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) || ogg || matroska
        || ascii(0, 4) === 'fLaC' || (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') || (isoMedia && ascii(8, 11) === 'M4A')
    case 'image':
    case 'file':
      return true
  }
}

/** Records an upload already in storage; an image is checked with sharp, other kinds by their first bytes. */
export async function addUpload(ctx: Ctx, kind: UploadKind, file: StoredFile, head: Buffer): Promise<UploadOutput> {
  const { storage } = ctx.deps
  return recordOrRemove(storage, [file.key], async () => {
    const sellerId = actingSellerId(ctx.actor, 'products.write')
    if (kind === 'image') {
      if (file.size > ctx.deps.config.IMAGE_MAX_BYTES) throw new AppError('payload_too_large', 'file_too_large')
      await imageSize(await storage.get(file.key))
    } else if (!headFitsKind(head, kind)) {
      throw fieldError('file', 'invalid_value')
    }
    const row = await repo.insertUpload(ctx.db, {
      sellerId, storageKey: file.key, kind, name: file.name, size: file.size, contentType: file.contentType, createdAt: ctx.now,
    })
    return uploadOutput(row)
  })
}

export async function listUploads(ctx: Ctx, kind: UploadKind | undefined) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const list = (await repo.listUploads(ctx.db, sellerId, kind)).map(uploadOutput)
  return { list, total_count: list.length }
}

/** The kinds of the seller's uploads among `keys` (another seller's key is simply absent). */
export async function uploadKinds(db: Executor, sellerId: number, keys: readonly string[]): Promise<Map<string, UploadKind>> {
  const rows = await repo.uploadsByKeys(db, sellerId, [...new Set(keys)])
  return new Map(rows.map((r) => [r.storageKey, r.kind as UploadKind]))
}

/** The bytes of one of the seller's uploads (a certificate background when rendering). */
export async function readUpload(ctx: Ctx, sellerId: number, key: string): Promise<Buffer | null> {
  const kinds = await uploadKinds(ctx.db, sellerId, [key])
  if (!kinds.has(key)) return null
  return ctx.deps.storage.get(key)
}

export { byteRange } from './byte-range'
export { redirectToBucket } from './storage'
export type { ByteRange, PresignOptions } from './storage'

/**
 * One of the seller's uploads to stream: its size, and its bytes or one range of them (never whole in memory);
 * with presigning on, also a short-lived URL of it in the bucket (docs/decisions/0101-presigned-downloads.md).
 */
export type UploadReader = { size: number; stream: (range?: ByteRange) => Promise<Readable>; presignedUrl?: (options: PresignOptions) => Promise<string> }

/** A reader of one of the seller's uploads (lesson video, audio, PDF, files); null when it is not theirs or gone. */
export async function openUpload(ctx: Ctx, sellerId: number, key: string): Promise<UploadReader | null> {
  const kinds = await uploadKinds(ctx.db, sellerId, [key])
  if (!kinds.has(key)) return null
  const { storage } = ctx.deps
  let size: number
  try {
    size = await storage.size(key)
  } catch (error) {
    if (error instanceof NotStoredError) return null
    throw error
  }
  const presign = storage.presignedUrl?.bind(storage)
  return { size, stream: (range) => storage.getStream(key, range), presignedUrl: presign && ((options) => presign(key, options)) }
}

// ------------------------------------------------------------------ downloads (downloads.service.ts)

export { downloadLinksOf } from './downloads.service'

/** The seller's uploads among `keys` with their names and types (a built page names them; docs/decisions/0065-serving-built-pages.md). */
export async function uploadsByKeys(db: Executor, sellerId: number, keys: readonly string[]) {
  const rows = await repo.uploadsByKeys(db, sellerId, [...new Set(keys)])
  return rows.map((r) => ({ key: r.storageKey, name: r.name, kind: r.kind as UploadKind, contentType: r.contentType }))
}
