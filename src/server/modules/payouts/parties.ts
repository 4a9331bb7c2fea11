import { AppError } from '../../../shared/errors'
import type { PartyKind } from '../../../shared/ledger/accounts'
import { partyBalance } from '../../../shared/ledger/accounts'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from '../accounts/accounts.service'
import * as affiliates from '../affiliates/publishers.service'
import * as resellers from '../resellers/resellers.service'
import * as teams from '../teams/teams.service'

// Who a money-out request is about (docs/decisions/0049-money-out.md "Parties"): the area of the route
// decides: /cabinet is the seller the request acts for, /publish the signed-in user's publisher, /reseller the
// signed-in user's reseller (docs/decisions/0051-resellers.md), /team_member the team member the request acts
// through (docs/decisions/0053-team-members.md). The party
// is never taken from the request's body or URL, so another party's documents, accounts, balances and
// payouts cannot be named.

export const partyAreas = ['cabinet', 'publish', 'reseller', 'team_member'] as const
export type PartyArea = (typeof partyAreas)[number]

/** How an area's money-out routes name their party in the OpenAPI texts, and the tag prefix they are listed under. */
export const areaTexts: Record<PartyArea, { party: string; partyShort: string; tag: string }> = {
  cabinet: { party: 'the seller the request acts for', partyShort: 'the seller', tag: 'payouts' },
  publish: { party: 'the signed-in publisher', partyShort: 'the publisher', tag: 'publisher area' },
  reseller: { party: 'the signed-in reseller', partyShort: 'the reseller', tag: 'reseller area' },
  team_member: { party: 'the team member the request acts through', partyShort: 'the team member', tag: 'team member area' },
}
export type Party = { kind: PartyKind; id: number; /** The user the party belongs to (mails, deletion). */ userId: number }

export async function partyOf(ctx: Ctx, tx: Executor, area: PartyArea, access: 'read' | 'write' = 'read'): Promise<Party> {
  if (area === 'cabinet') {
    const sellerId = actingSellerId(ctx.actor, access === 'read' ? 'payouts.read' : 'payouts.write')
    const userId = await accounts.sellerOwnerUserId(tx, sellerId)
    if (userId === null) throw new AppError('not_found', 'No such seller')
    return { kind: 'seller', id: sellerId, userId }
  }
  if (area === 'publish') {
    const publisher = await affiliates.requirePublisher(ctx, tx)
    return { kind: 'publisher', id: publisher.id, userId: publisher.userId }
  }
  if (area === 'reseller') {
    const reseller = await resellers.resellerPartyOf(ctx, tx)
    return { kind: 'reseller', id: reseller.id, userId: reseller.userId }
  }
  const member = await teams.requireTeamMember(ctx, tx)
  return { kind: 'team_member', id: member.id, userId: member.userId }
}

/** The ledger account of a party's balance. */
export function balanceAccountOf(party: Pick<Party, 'kind' | 'id'>) {
  return partyBalance(party.kind, party.id)
}

/** The areas' URL prefixes, for links in mails. */
export const areaOfParty: Record<PartyKind, string> = { seller: 'cabinet', publisher: 'publish', team_member: 'team_member', reseller: 'reseller' }
