import type { Executor } from '../../db/client'
import * as repo from './social-proof.repository'

export type PurchaseProof = { total_purchases: number; recent_purchase: { first_name: string; at: string } | null }

/**
 * Per product: how many paid orders, and the latest one as a built page may show it: the initial of the first
 * name the payer entered ("A.") and when, nothing else (docs/decisions/0065-serving-built-pages.md).
 */
export async function purchaseProof(db: Executor, productIds: readonly number[]): Promise<Map<number, PurchaseProof>> {
  const out = new Map<number, PurchaseProof>()
  if (productIds.length === 0) return out
  for (const row of await repo.paidCounts(db, productIds)) {
    const latest = await repo.latestPaid(db, row.productId)
    const initial = latest?.firstName?.trim().charAt(0).toUpperCase()
    out.set(row.productId, {
      total_purchases: row.n,
      recent_purchase: latest?.paidAt && initial ? { first_name: `${initial}.`, at: latest.paidAt.toISOString() } : null,
    })
  }
  return out
}
