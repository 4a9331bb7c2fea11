import { and, asc, count, eq, inArray, max } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { downloadFiles, mediaUploads, productCovers } from '../../db/schema'

// The SQL of uploads. Download files and covers are reached through their product, which the service has
// already found among the acting seller's products; uploads are scoped by seller here.

export type DownloadFileRow = typeof downloadFiles.$inferSelect
export type CoverRow = typeof productCovers.$inferSelect
export type UploadRow = typeof mediaUploads.$inferSelect

// ------------------------------------------------------------------ download files

export async function listFiles(db: Executor, productId: number): Promise<DownloadFileRow[]> {
  return db.select().from(downloadFiles).where(eq(downloadFiles.productId, productId)).orderBy(asc(downloadFiles.position), asc(downloadFiles.id))
}

export async function findFile(db: Executor, productId: number, fileId: number): Promise<DownloadFileRow | undefined> {
  const [row] = await db.select().from(downloadFiles).where(and(eq(downloadFiles.id, fileId), eq(downloadFiles.productId, productId))).limit(1)
  return row
}

export async function nextFilePosition(db: Executor, productId: number): Promise<number> {
  const [row] = await db.select({ n: max(downloadFiles.position) }).from(downloadFiles).where(eq(downloadFiles.productId, productId))
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1
}

export async function insertFiles(db: Executor, values: (typeof downloadFiles.$inferInsert)[]): Promise<DownloadFileRow[]> {
  if (values.length === 0) return []
  return db.insert(downloadFiles).values(values).returning()
}

export async function updateFile(db: Executor, id: number, values: Partial<typeof downloadFiles.$inferInsert>): Promise<DownloadFileRow> {
  const [row] = await db.update(downloadFiles).set(values).where(eq(downloadFiles.id, id)).returning()
  return row!
}

export async function deleteFile(db: Executor, id: number) {
  await db.delete(downloadFiles).where(eq(downloadFiles.id, id))
}

// ------------------------------------------------------------------ covers

export async function listCovers(db: Executor, productIds: readonly number[]): Promise<CoverRow[]> {
  if (productIds.length === 0) return []
  return db.select().from(productCovers).where(inArray(productCovers.productId, [...productIds])).orderBy(asc(productCovers.position), asc(productCovers.id))
}

export async function findCover(db: Executor, productId: number, coverId: number): Promise<CoverRow | undefined> {
  const [row] = await db.select().from(productCovers).where(and(eq(productCovers.id, coverId), eq(productCovers.productId, productId))).limit(1)
  return row
}

export async function coverCount(db: Executor, productId: number): Promise<{ count: number; nextPosition: number }> {
  const [row] = await db.select({ n: count(), top: max(productCovers.position) }).from(productCovers).where(eq(productCovers.productId, productId))
  return { count: Number(row?.n ?? 0), nextPosition: row?.top === null || row?.top === undefined ? 0 : row.top + 1 }
}

export async function insertCover(db: Executor, values: typeof productCovers.$inferInsert): Promise<CoverRow> {
  const [row] = await db.insert(productCovers).values(values).returning()
  return row!
}

export async function setCoverPosition(db: Executor, id: number, position: number) {
  await db.update(productCovers).set({ position }).where(eq(productCovers.id, id))
}

export async function deleteCover(db: Executor, id: number) {
  await db.delete(productCovers).where(eq(productCovers.id, id))
}

// ------------------------------------------------------------------ uploads

export async function insertUpload(db: Executor, values: typeof mediaUploads.$inferInsert): Promise<UploadRow> {
  const [row] = await db.insert(mediaUploads).values(values).returning()
  return row!
}

export async function listUploads(db: Executor, sellerId: number, kind?: string): Promise<UploadRow[]> {
  return db.select().from(mediaUploads).where(and(eq(mediaUploads.sellerId, sellerId), kind ? eq(mediaUploads.kind, kind) : undefined))
    .orderBy(asc(mediaUploads.createdAt), asc(mediaUploads.id))
}

export async function uploadsByKeys(db: Executor, sellerId: number, keys: readonly string[]): Promise<UploadRow[]> {
  if (keys.length === 0) return []
  return db.select().from(mediaUploads).where(and(eq(mediaUploads.sellerId, sellerId), inArray(mediaUploads.storageKey, [...keys])))
}
