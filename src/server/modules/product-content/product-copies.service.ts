import type { ProductOutput } from '../../../shared/schemas/catalog'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as catalog from '../catalog/catalog.service'
import * as certificates from '../certificates/certificates.service'
import * as courses from '../courses/courses.service'
import * as media from '../media/media.service'
import * as ticketDesigns from '../tickets/ticket-designs.service'

/**
 * A copy to edit: the catalogue's copy (unpublished, nothing sold, plans with fresh versions, tickets, add-ons,
 * categories, discount), copies of its download files and covers under new storage keys (docs/decisions/0011-storage-keys-and-local-storage.md;
 * the bytes are copied before the transaction and removed again if it fails), its course tree, its
 * certificate design and its ticket design.
 */
export async function duplicateProduct(ctx: Ctx, id: number): Promise<ProductOutput> {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  // Another seller's or a missing product answers 404 before any bytes are copied.
  await catalog.ownedProduct(ctx.db, sellerId, id)
  const mediaCopy = await media.copyProductMedia(ctx, id)
  try {
    return await ctx.db.transaction(async (tx) => {
      const { seller, source, product } = await catalog.copyProduct(ctx, tx, sellerId, id, ctx.now)
      await media.recordMediaCopy(tx, product.id, mediaCopy, ctx.now)
      if (source.form === 'course') await courses.copyCourse(tx, id, product.id, ctx.now)
      if (source.form === 'certificate') await certificates.copyDesign(tx, id, product.id, ctx.now)
      if (source.form === 'eventTickets') await ticketDesigns.copyDesign(tx, id, product.id, ctx.now)
      return catalog.productView(tx, seller, product)
    })
  } catch (error) {
    await media.discardMediaCopy(ctx, mediaCopy)
    throw error
  }
}
