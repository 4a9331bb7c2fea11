import { and, asc, eq, isNull, or, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client'
import { affiliateNodes, affiliateProgramProducts, affiliatePrograms, embeddableItems, products, sellers, users } from '../../db/schema'

// The storefront's reads of the affiliate tables (docs/decisions/0048-affiliates.md): a node by its public
// token, a program for its landing page, an embeddable item. Reads only (the click is nodes.service.ts's).

const isSellerId = (value: string) => /^[0-9]{1,9}$/.test(value)

/** The shop path's seller (username, case-insensitive, or numeric id). */
function sellerMatch(value: string) {
  const byUsername = sql`lower(${sellers.username}) = lower(${value})`
  return isSellerId(value) ? or(eq(sellers.id, Number(value)), byUsername)! : byUsername
}

/** A node by its token with what attribution needs from its program. */
export async function findNodeByToken(db: Executor, token: string) {
  const [row] = await db.select({
    nodeId: affiliateNodes.id, state: affiliateNodes.state, token: affiliateNodes.token, publisherId: affiliateNodes.publisherId, sellerId: affiliateNodes.sellerId,
    programId: affiliatePrograms.id, cookiesExpire: affiliatePrograms.cookiesExpire, archivedAt: affiliatePrograms.archivedAt,
  }).from(affiliateNodes).innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateNodes.programId)).where(eq(affiliateNodes.token, token)).limit(1)
  return row
}

/** The seller a shop path names, with the names the pages show. */
export async function findSeller(db: Executor, username: string) {
  const [row] = await db.select({ id: sellers.id, username: sellers.username, company: sellers.company, firstName: users.firstName, lastName: users.lastName })
    .from(sellers).innerJoin(users, eq(users.id, sellers.userId)).where(sellerMatch(username)).limit(1)
  return row
}

/** The seller's program (not archived). */
export async function findLiveProgram(db: Executor, sellerId: number, programId: number) {
  const [row] = await db.select().from(affiliatePrograms)
    .where(and(eq(affiliatePrograms.id, programId), eq(affiliatePrograms.sellerId, sellerId), isNull(affiliatePrograms.archivedAt))).limit(1)
  return row
}

/** The slugs of the program's products, in id order. */
export async function programProductSlugs(db: Executor, programId: number) {
  return db.select({ id: products.id, slug: products.slug }).from(affiliateProgramProducts).innerJoin(products, eq(products.id, affiliateProgramProducts.productId))
    .where(eq(affiliateProgramProducts.programId, programId)).orderBy(asc(products.id))
}

/** An embeddable item with its node, program, product slug and shop. */
export async function findEmbeddableItem(db: Executor, id: number) {
  const [row] = await db.select({
    id: embeddableItems.id, kind: embeddableItems.kind, name: embeddableItems.name, settings: embeddableItems.settings,
    nodeState: affiliateNodes.state, token: affiliateNodes.token, programArchivedAt: affiliatePrograms.archivedAt,
    allowEmbedForms: affiliatePrograms.allowEmbedForms, embedFormsAllowed: affiliatePrograms.embedFormsAllowed,
    productId: products.id, productSellerId: products.sellerId, slug: products.slug, username: sellers.username,
  }).from(embeddableItems)
    .innerJoin(affiliateNodes, eq(affiliateNodes.id, embeddableItems.nodeId))
    .innerJoin(affiliatePrograms, eq(affiliatePrograms.id, affiliateNodes.programId))
    .innerJoin(products, eq(products.id, embeddableItems.productId))
    .innerJoin(sellers, eq(sellers.id, products.sellerId))
    .where(eq(embeddableItems.id, id)).limit(1)
  return row
}
