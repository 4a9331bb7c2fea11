import { eq, sql } from 'drizzle-orm'
import { executeRows, type Executor } from '../../db/client'
import { downloadCounts, downloadSettings, orders, products, sellerEffectiveFeatures, sellers } from '../../db/schema'

// The SQL of downloads: the product's download settings, counts per file and order, and the one read of
// the order a download needs (whose it is, whether it still stands, the payer's name and email for the stamp).

export type DownloadSettingsRow = { stampPdf: boolean; downloadLimit: number | null }

export async function findSettings(db: Executor, productId: number): Promise<DownloadSettingsRow> {
  const [row] = await db.select({ stampPdf: downloadSettings.stampPdf, downloadLimit: downloadSettings.downloadLimit })
    .from(downloadSettings).where(eq(downloadSettings.productId, productId)).limit(1)
  return row ?? { stampPdf: false, downloadLimit: null }
}

export async function saveSettings(db: Executor, productId: number, values: DownloadSettingsRow, now: Date): Promise<void> {
  await db.insert(downloadSettings).values({ productId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: downloadSettings.productId, set: { ...values, updatedAt: now } })
}

/** The feature-flag overrides of the product's seller (a download link is served without a signed-in seller). */
export async function sellerFeaturesOfProduct(db: Executor, productId: number): Promise<Record<string, boolean>> {
  const [row] = await db.select({ features: sellerEffectiveFeatures }).from(products).innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(products.id, productId)).limit(1)
  return row?.features ?? {}
}

export type DownloadOrder = { id: number; payerUserId: number | null; paymentState: string; payer: Record<string, unknown> }

export async function findOrder(db: Executor, orderId: number): Promise<DownloadOrder | undefined> {
  const [row] = await db.select({ id: orders.id, payerUserId: orders.payerUserId, paymentState: orders.paymentState, payer: orders.payer })
    .from(orders).where(eq(orders.id, orderId)).limit(1)
  return row
}

/**
 * Counts one download of the file for the order while below `limit` (null: no limit), in one statement:
 * concurrent downloads queue on the row and each re-checks. Answers the new count, or null at the limit.
 */
export async function countDownload(db: Executor, fileId: number, orderId: number, limit: number | null, now: Date): Promise<number | null> {
  if (limit !== null && limit < 1) return null
  const rows = await executeRows<{ count: number }>(db, sql`
    insert into ${downloadCounts} (file_id, order_id, count, last_at) values (${fileId}, ${orderId}, 1, ${now})
    on conflict (file_id, order_id) do update set count = ${downloadCounts.count} + 1, last_at = ${now}
    ${limit === null ? sql`` : sql`where ${downloadCounts.count} < ${limit}`}
    returning count`)
  return rows[0] ? Number(rows[0].count) : null
}

export async function countsOfOrder(db: Executor, orderId: number): Promise<Map<number, number>> {
  const rows = await db.select({ fileId: downloadCounts.fileId, count: downloadCounts.count }).from(downloadCounts).where(eq(downloadCounts.orderId, orderId))
  return new Map(rows.map((r) => [r.fileId, r.count]))
}
