import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { MoneyOutPort } from '../../ports/money-out'
import { balancesOf } from './balances.service'
import * as repo from './money-out.repository'
import * as orders from '../orders/orders.service'
import * as affiliates from '../affiliates/publishers.service'
import * as resellers from '../resellers/resellers.service'
import * as accounts from '../accounts/accounts.service'
import { emoneyAccountOf, emoneyReceivingSql } from './emoney.service'

// What account deletion asks money out (ports/money-out.ts; docs/decisions/0049-money-out.md "Deletion"):
// an account is not deleted while money is owed either way, a payout is on its way, or a plan still runs;
// deleting it removes the identity documents (files first) and scrambles the bank details.

async function partiesOfUser(tx: Executor, userId: number) {
  const parties: { kind: 'seller' | 'publisher' | 'reseller'; id: number }[] = []
  const seller = await accounts.sellerOfUser(tx, userId)
  if (seller !== null) parties.push({ kind: 'seller', id: seller })
  const publisher = await affiliates.publisherIdOfUser(tx, userId)
  if (publisher !== null) parties.push({ kind: 'publisher', id: publisher })
  const reseller = await resellers.resellerIdOfUser(tx, userId)
  if (reseller !== null) parties.push({ kind: 'reseller', id: reseller })
  return parties
}

async function deletionBlockers(deps: AppDeps, tx: Executor, userId: number): Promise<string[]> {
  const blockers: string[] = []
  const now = deps.now()
  const parties = await partiesOfUser(tx, userId)
  for (const party of parties) {
    const balances = await balancesOf(deps, tx, party, now)
    if (balances.some((b) => b.pending !== 0 || b.available !== 0)) {
      blockers.push('positive_balance')
      break
    }
  }
  if ((await repo.payoutsInFlightOfUser(tx, userId)) > 0) blockers.push('pending_payouts')
  const seller = parties.find((p) => p.kind === 'seller')
  if (seller && await orders.hasOpenPlans(tx, seller.id)) blockers.push('active_subscriptions')
  return blockers
}

async function forgetUser(deps: AppDeps, tx: Executor, userId: number): Promise<void> {
  for (const legitimation of await repo.legitimationsOfUser(tx, userId)) {
    const documents = await repo.documentsOf(tx, legitimation.id)
    // The files go first: a failed delete leaves the rows (and a retry), never an orphaned file.
    for (const document of documents) await deps.storage.delete(document.storageKey).catch(() => undefined)
    await repo.deleteDocuments(tx, documents.map((d) => d.id))
  }
  await repo.scrambleBankAccountsOfUser(tx, userId, deps.now())
}

export const moneyOutPort: MoneyOutPort = { deletionBlockers, forgetUser, emoneyAccountOf, emoneyReceivingSql }
