import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as repo from './commissions.repository'

// Which publisher a new order is attributed to (docs/decisions/0048-affiliates.md "Attribution"): the node
// token the checkout carries (`affiliate`, from the `?aff=` cookie), else a payer remembered by email for a
// lifetime or days program. Whatever is not valid is ignored: the sale happens, unattributed.

export type Attribution = { publisherId: number; programId: number; nodeId: number }

export type AttributionInput = {
  /** The node token the order body carried, if any. */
  token?: string | null | undefined
  sellerId: number
  productId: number
  payerEmail: string
  payerUserId: number | null
  now: Date
}

/**
 * The order's attribution, or null. A token counts when its node is accepted, its program not archived,
 * the program the seller's and the product in it, and the publisher is neither the payer (by user or
 * email: self-referral earns nothing) nor the seller. Without a valid token, a remembered payer of a
 * lifetime or days program (not run out) is attributed to the node that made their first sale.
 */
export async function resolveAttribution(_deps: AppDeps, tx: Executor, input: AttributionInput): Promise<Attribution | null> {
  const program = await repo.programOfProduct(tx, input.productId)
  if (!program || program.archivedAt !== null || program.sellerId !== input.sellerId) return null
  const token = input.token?.trim()
  if (token) {
    const node = await repo.nodeByToken(tx, token)
    if (node && node.programId === program.id && await payable(tx, node, input)) return { publisherId: node.publisherId, programId: program.id, nodeId: node.id }
  }
  if (program.lifetime === 'none') return null
  const remembered = await repo.attributionOf(tx, program.id, input.payerEmail)
  if (!remembered || (remembered.expiresAt !== null && remembered.expiresAt.getTime() <= input.now.getTime())) return null
  const node = await repo.nodeById(tx, remembered.nodeId)
  if (!node || node.programId !== program.id || !(await payable(tx, node, input))) return null
  return { publisherId: node.publisherId, programId: program.id, nodeId: node.id }
}

/** An accepted node of the seller whose publisher is neither the payer nor the seller. */
async function payable(tx: Executor, node: repo.NodeRow, input: AttributionInput): Promise<boolean> {
  if (node.state !== 'accepted' || node.sellerId !== input.sellerId) return false
  const user = await repo.publisherUser(tx, node.publisherId)
  if (!user) return false
  if (input.payerUserId !== null && user.userId === input.payerUserId) return false
  if (user.email.toLowerCase() === input.payerEmail.toLowerCase()) return false
  return user.userId !== (await repo.sellerUserId(tx, input.sellerId))
}

/**
 * An upsell's or bump order's attribution: the parent order's, when the new order's product is in the
 * same program (and the parent's node still pays).
 */
export async function inheritAttribution(tx: Executor, parent: { affiliateProgramId: number | null; affiliateNodeId: number | null; publisherId: number | null }, productId: number): Promise<Attribution | null> {
  if (parent.affiliateProgramId === null || parent.affiliateNodeId === null || parent.publisherId === null) return null
  const program = await repo.programOfProduct(tx, productId)
  if (!program || program.id !== parent.affiliateProgramId || program.archivedAt !== null) return null
  const node = await repo.nodeById(tx, parent.affiliateNodeId)
  if (!node || node.state !== 'accepted') return null
  return { publisherId: parent.publisherId, programId: program.id, nodeId: node.id }
}
