import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { owedSettlementPostings, partyBalance, sellerBalance } from '../../../shared/ledger'
import { isCurrencyId } from '../../../shared/money/currencies'
import type { createOwedSettlementInput } from '../../../shared/schemas/payouts'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as orders from '../orders/orders.service'
import * as repo from './owed.repository'
import { partyOf, type Party } from './parties'

// Money a seller owes a publisher (its commissions) or its reseller (its fees) for sales the seller's own
// provider account collected (docs/decisions/0049-money-out.md "Owed", docs/decisions/0051-resellers.md
// "Money out"). The ledger's direct_collection counterparts leave the seller's balance owing them; the
// seller's platform balance (its connect sales) nets them first. What the seller still owes (its balance is
// above zero) is shown on both sides, and the seller can settle it outside the platform and mark it with a
// reference.

/** The parties a seller can owe money its own provider collected. */
export type OwedPartyKind = 'publisher' | 'reseller'
const owedPartyKinds: readonly OwedPartyKind[] = ['publisher', 'reseller']

export type OwedLine = { partyKind: OwedPartyKind; partyId: number; currency: string; amount: number }

/** Per currency, what the seller owes (its balance account above zero), or nothing. */
async function sellerOwes(db: Executor, sellerId: number): Promise<Map<string, number>> {
  const figures = await orders.accountFigures(db, sellerBalance(sellerId), { kinds: [], since: null })
  return new Map(figures.filter((f) => f.total > 0).map((f) => [f.currency, f.total]))
}

/** What sellers still owe one publisher or reseller for direct-collected sales, per seller and currency. */
export async function owedToParty(db: Executor, party: { kind: OwedPartyKind; id: number }): Promise<(OwedLine & { sellerId: number })[]> {
  const direct = await orders.directCommissionsOf(db, partyBalance(party.kind, party.id))
  const settled = await repo.settledBy(db, { partyKind: party.kind, partyId: party.id })
  const lines: (OwedLine & { sellerId: number })[] = []
  const owesBySeller = new Map<number, Map<string, number>>()
  for (const row of direct) {
    if (!owesBySeller.has(row.sellerId)) owesBySeller.set(row.sellerId, await sellerOwes(db, row.sellerId))
    const paid = settled.filter((s) => s.sellerId === row.sellerId && s.currency === row.currency).reduce((sum, s) => sum + s.total, 0)
    const amount = Math.min(row.amount - paid, owesBySeller.get(row.sellerId)?.get(row.currency) ?? 0)
    if (amount > 0) lines.push({ sellerId: row.sellerId, partyKind: party.kind, partyId: party.id, currency: row.currency, amount })
  }
  return lines
}

/** Per currency, the total of lines. */
export function totalsOf(lines: readonly { currency: string; amount: number }[]): { currency: string; amount: number }[] {
  const totals = new Map<string, number>()
  for (const line of lines) totals.set(line.currency, (totals.get(line.currency) ?? 0) + line.amount)
  return [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }))
}

/** What one party is owed by sellers (publishers, resellers), or what a seller owes in total (sellers), per currency. */
export async function owedOf(db: Executor, party: Pick<Party, 'kind' | 'id'>): Promise<{ currency: string; amount: number }[]> {
  if (party.kind === 'publisher' || party.kind === 'reseller') return totalsOf(await owedToParty(db, { kind: party.kind, id: party.id }))
  if (party.kind === 'seller') return [...await sellerOwes(db, party.id)].map(([currency, amount]) => ({ currency, amount }))
  return []
}

/** The seller marks money it paid a publisher or its reseller outside the platform: both sides' owed amounts shrink. */
export async function settleOwed(ctx: Ctx, input: z.output<typeof createOwedSettlementInput>) {
  return ctx.db.transaction(async (tx) => {
    const seller = await partyOf(ctx, tx, 'cabinet', 'write')
    const kind = owedPartyKinds.find((k) => k === input.party_kind)
    if (kind === undefined) throw new AppError('not_found', 'Nothing is owed to this party')
    if (!isCurrencyId(input.currency)) throw new AppError('INVALID_INPUT', 'Unknown currency', [{ path: 'currency', message: 'invalid_value' }])
    const owed = (await owedToParty(tx, { kind, id: input.party_id })).find((l) => l.sellerId === seller.id && l.currency === input.currency)
    if (!owed) throw new AppError('not_found', `Nothing is owed to this ${kind} in this currency`)
    if (input.amount > owed.amount) throw new AppError('INVALID_INPUT', `At most ${owed.amount} is owed`, [{ path: 'amount', message: 'out_of_range' }])
    const row = await repo.insertSettlement(tx, {
      sellerId: seller.id, partyKind: input.party_kind, partyId: input.party_id, amount: input.amount, currency: input.currency,
      reference: input.reference, createdBy: ctx.actor?.userId ?? null, createdAt: ctx.now,
    })
    await orders.bookPartyTransaction(tx, owedSettlementPostings({ sellerId: seller.id, to: partyBalance(kind, input.party_id), amount: { amount: input.amount, currency: input.currency } }), 'owed_settlement', ctx.now)
    return { id: row.id, party_kind: row.partyKind, party_id: row.partyId, amount: row.amount, currency: row.currency, reference: row.reference, created_at: row.createdAt.toISOString() }
  })
}

/** What the seller owes each publisher and reseller now, and its settlements. */
export async function sellerOwedList(ctx: Ctx) {
  const seller = await ctx.db.transaction((tx) => partyOf(ctx, tx, 'cabinet', 'read'))
  const lines: OwedLine[] = []
  for (const kind of owedPartyKinds) {
    for (const partyId of await orders.partiesPaidBy(ctx.db, seller.id, kind)) {
      for (const line of await owedToParty(ctx.db, { kind, id: partyId })) if (line.sellerId === seller.id) lines.push({ partyKind: kind, partyId, currency: line.currency, amount: line.amount })
    }
  }
  const settlements = await repo.settlementsOf(ctx.db, { sellerId: seller.id })
  return {
    owed: lines.map((l) => ({ party_kind: l.partyKind, party_id: l.partyId, currency: l.currency, amount: l.amount })),
    settlements: settlements.map((s) => ({ id: s.id, party_kind: s.partyKind, party_id: s.partyId, amount: s.amount, currency: s.currency, reference: s.reference, created_at: s.createdAt.toISOString() })),
  }
}
