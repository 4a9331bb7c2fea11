import { balanceFigures, type BalanceFigures } from '../../../shared/payouts/balance'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as affiliates from '../affiliates/publisher-reads.service'
import * as orders from '../orders/orders.service'
import { owedToParty, totalsOf } from './owed.service'
import { balanceAccountOf, type Party } from './parties'

// A party's balance per currency from the ledger alone (docs/decisions/0049-money-out.md "Balances").
// Held credits: a seller's sales inside the refund window (PAYOUT_HOLD_DAYS after the charge); a
// publisher's commissions until their program's hold days pass (the commission rows' available_at); a
// publisher's commissions and a reseller's fees a seller's own provider collected while the seller owes them
// (owed.service.ts: netted by the seller's platform balance, or settled by the seller).

export type CurrencyBalance = BalanceFigures & { currency: string }

/** Ledger kinds whose credits to a seller wait out the refund window. */
const sellerHeldKinds = ['charge', 'renewal'] as const

export async function balancesOf(deps: AppDeps, db: Executor, party: Pick<Party, 'kind' | 'id'>, now: Date): Promise<CurrencyBalance[]> {
  const account = balanceAccountOf(party)
  // A reseller's fee is reversed by refunds like the seller's share: it waits out the same window.
  const since = party.kind === 'seller' || party.kind === 'reseller' ? new Date(now.getTime() - deps.config.PAYOUT_HOLD_DAYS * 86_400_000) : null
  const figures = await orders.accountFigures(db, account, { kinds: sellerHeldKinds, since })
  const held = party.kind === 'publisher' ? await affiliates.pendingCommissionsOf(db, party.id, now) : new Map<string, number>()
  // Commissions a seller's own provider collected wait until that seller settles them ("Owed").
  if (party.kind === 'publisher') for (const owed of totalsOf(await owedToParty(db, { kind: 'publisher', id: party.id }))) held.set(owed.currency, (held.get(owed.currency) ?? 0) + owed.amount)
  // A reseller's fees of sales a seller's own provider collected, the same, on top of the refund window
  // (docs/decisions/0051-resellers.md "Money out").
  const direct = party.kind === 'reseller' ? totalsOf(await owedToParty(db, { kind: 'reseller', id: party.id })) : []
  const currencies = new Set([...figures.map((f) => f.currency), ...held.keys()])
  return [...currencies].sort().map((currency) => {
    const row = figures.find((f) => f.currency === currency)
    return {
      currency,
      ...balanceFigures({
        ledgerSum: row?.total ?? 0, paidOut: row?.paidOut ?? 0,
        heldCredits: party.kind === 'publisher' ? held.get(currency) ?? 0 : (row?.held ?? 0) + (direct.find((d) => d.currency === currency)?.amount ?? 0),
      }),
    }
  })
}

/** One currency's figures (zeros when the party never had money in it). */
export async function balanceIn(deps: AppDeps, db: Executor, party: Pick<Party, 'kind' | 'id'>, currency: string, now: Date): Promise<CurrencyBalance> {
  return (await balancesOf(deps, db, party, now)).find((b) => b.currency === currency) ?? { currency, pending: 0, available: 0, paid_out: 0 }
}
