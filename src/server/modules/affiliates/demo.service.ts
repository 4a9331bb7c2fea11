import type { Actor } from '../../auth/permissions'
import { systemContext } from '../../context'
import type { AppDeps } from '../../deps'
import { acceptProgram } from './nodes.service'
import { createProgram, listPrograms } from './programs.service'
import { updateDetails } from './publishers.service'

// The demo's affiliate side (docs/decisions/0048-affiliates.md): the demo seller's partner program with two
// levels, listed in the marketplace and accepting publishers at once, and the demo publisher taking part.
// Safe to run twice: nothing is made when the seller already has a program.

export const demoProgramName = 'Partner programme'

export async function seedDemoAffiliates(deps: AppDeps, input: { sellerUserId: number; sellerId: number; publisherUserId: number; productIds: number[] }) {
  const seller: Actor = { userId: input.sellerUserId, sessionId: 'demo-seed', profileId: null, profileType: 'seller', sellerId: input.sellerId, permissions: [], confirmed: true }
  const sellerCtx = systemContext(deps, { actor: seller })
  if ((await listPrograms(sellerCtx, { page: 1, per: 1 })).total_count > 0) return { created: false }
  const { affiliate_program: program } = await createProgram(sellerCtx, {
    name: demoProgramName,
    description: 'Recommend the courses and presets of this shop: 20 % of every sale through your link, and 5 % of the sales of the publishers you bring in.',
    product_ids: input.productIds, commissions: [20, 5], cookies_expire: 180, lifetime: 'lifetime',
    bonus: 1000, bonus_currency: 'eur', auto_accept: true, listed_in_marketplace: true, hold_days: 14,
  })
  const publisher: Actor = { userId: input.publisherUserId, sessionId: 'demo-seed', profileId: null, profileType: 'publisher', sellerId: null, permissions: [], confirmed: true }
  const publisherCtx = systemContext(deps, { actor: publisher })
  await updateDetails(publisherCtx, { birthday: '15.05.1990', website: 'https://example.com' })
  await acceptProgram(publisherCtx, program.id, {})
  return { created: true, programId: program.id }
}
