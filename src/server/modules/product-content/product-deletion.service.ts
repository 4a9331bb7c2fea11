import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as media from '../media/media.service'

/**
 * Deletes a product without orders with everything attached to it (rows cascade). Its download files and
 * cover variants are removed from storage after the commit: a rolled-back deletion keeps its files, and a
 * committed one leaves no orphan bytes.
 */
export async function deleteProduct(ctx: Ctx, id: number): Promise<void> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  const keys = await ctx.db.transaction(async (tx) => {
    // The product row is locked before its keys are read, so no file or cover is added in between.
    await catalog.ownedProduct(tx, sellerId, id, { lock: true })
    const stored = await media.productStorageKeys(tx, id)
    await catalog.deleteProductWithoutOrders(tx, sellerId, id)
    return stored
  })
  await media.removeStored(ctx, keys)
}
