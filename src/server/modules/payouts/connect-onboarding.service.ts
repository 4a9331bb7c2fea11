import { AppError } from '../../../shared/errors'
import { isPayoutCountry, payoutCurrencyOf } from '../../../shared/payouts/countries'
import type { ConnectOnboardingOutput, StartConnectOnboardingInput } from '../../../shared/schemas/payouts'
import { bankAccountTransitions, type BankAccountState } from '../../../shared/states/bank-account'
import { providerAccountTransitions } from '../../../shared/states/provider-account'
import { assertTransition, canTransition, isStateOf } from '../../../shared/states/transitions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import { connectAccountStateOf, createConnectAccounts, type ConnectAccount, type ConnectAccounts } from '../../payments/connect-accounts'
import * as accounts from '../accounts/accounts.service'
import { bankAccountOutputOf } from './bank-accounts.service'
import * as bankRepo from './bank-accounts.repository'
import * as repo from './connect-onboarding.repository'
import type { BankAccountRow } from './money-out.repository'
import { partyOf } from './parties'

// Onboarding a party at the connect provider (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding"): an
// Express account is made once per party (its `acct_…` kept on a bank account row of the connect rail, which
// starts not_sent), the party finishes the provider's hosted onboarding through an Account Link, and the
// account's standing comes back on the return (asked of the provider, never read from the URL) and with each
// signed `account.updated` webhook. Once the provider lets the account be paid out to (kyc_2) the row is
// submitted for the managers' check like any new bank account; payouts then go by transfer (connect-rail.ts).

type Area = 'cabinet' | 'publish'

function connectOf(deps: AppDeps): ConnectAccounts {
  const connect = createConnectAccounts(deps.config)
  if (!connect) throw new AppError('not_found', 'The connect provider is not configured')
  return connect
}

/** POST /{area}/connect_onboarding: the party's connected account (made when it has none) and a fresh onboarding link. */
export async function startOnboarding(ctx: Ctx, area: Area, input: StartConnectOnboardingInput): Promise<ConnectOnboardingOutput> {
  const connect = connectOf(ctx.deps)
  const party = await partyOf(ctx, ctx.db, area, 'write')
  let row = await repo.connectAccountOfParty(ctx.db, party.kind, party.id)
  if (!row) {
    const country = (input.country_code ?? ctx.deps.settings.homeCountry).toUpperCase()
    if (!isPayoutCountry(country, ctx.deps.config.PAYOUT_COUNTRIES)) {
      throw new AppError('INVALID_INPUT', 'Payouts cannot go to this country', [{ path: 'country_code', message: 'invalid_value' }])
    }
    const contact = await accounts.userContact(ctx.db, party.userId)
    if (!contact) throw new AppError('not_found', 'No such user')
    // The key names the party, the country and how many accounts it started: a retry makes one account.
    const started = await repo.connectAccountCount(ctx.db, party.kind, party.id)
    const account = await connect.createAccount(
      { country, email: contact.email, partyTag: `${party.kind}-${party.id}` }, `sf-connect-account-${party.kind}-${party.id}-${country}-${started}`,
    )
    row = await ctx.db.transaction(async (tx) => {
      // Locked (as a new IBAN account does) so two starts at once agree on one row.
      const activated = await bankRepo.activatedOfParty(tx, party.kind, party.id, { lock: true })
      const existing = await repo.connectAccountOfParty(tx, party.kind, party.id)
      if (existing) return existing
      return bankRepo.insert(tx, {
        partyKind: party.kind, partyId: party.id, userId: party.userId, iban: '', bic: null, holder: `${contact.firstName} ${contact.lastName}`.trim() || contact.email,
        countryCode: country, currency: payoutCurrencyOf(country), state: 'not_sent', legitimationState: activated.length > 0 ? 'change' : 'init',
        providerRef: account.id, providerAccountState: connectAccountStateOf(account), createdAt: ctx.now, updatedAt: ctx.now,
      })
    })
  }
  const page = `${ctx.deps.config.appUrl}/${area}/bank_accounts`
  const url = await connect.onboardingLink(row.providerRef!, { returnUrl: `${page}?connect=return`, refreshUrl: `${page}?connect=refresh` })
  return { url, bank_account: bankAccountOutputOf(row) }
}

/** POST /{area}/connect_onboarding/refresh: the party is back from onboarding; its account is asked of the provider. */
export async function refreshOnboarding(ctx: Ctx, area: Area): Promise<{ bank_account: ReturnType<typeof bankAccountOutputOf> | null }> {
  const connect = connectOf(ctx.deps)
  const party = await partyOf(ctx, ctx.db, area, 'read')
  const row = await repo.connectAccountOfParty(ctx.db, party.kind, party.id)
  if (!row?.providerRef) return { bank_account: null }
  const updated = await applyConnectAccount(ctx.deps, await connect.retrieveAccount(row.providerRef))
  return { bank_account: bankAccountOutputOf(updated ?? row) }
}

/** POST /hooks/connect: a signed delivery of the connect provider; its `account.updated` events are applied. */
export async function receiveConnectWebhook(deps: AppDeps, rawBody: Buffer, signature: string | undefined): Promise<{ received: number }> {
  const updates = connectOf(deps).parseWebhook(rawBody, signature)
  let received = 0
  for (const account of updates) if (await applyConnectAccount(deps, account)) received++
  return { received }
}

/**
 * Records a connected account's standing on its bank account row (under the row's lock, through the
 * provider account table: a move it does not allow is old news). Reaching kyc_2 submits a row that was not
 * sent yet for the managers' check. Answers the row, or undefined for an account that is not ours.
 */
export async function applyConnectAccount(deps: AppDeps, account: ConnectAccount): Promise<BankAccountRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.bankAccountOfConnectAccount(tx, account.id, { lock: true })
    if (!row) return undefined
    const state = connectAccountStateOf(account)
    const from = row.providerAccountState
    if (from === state) return row
    if (from !== null && (!isStateOf(providerAccountTransitions, from) || !canTransition(providerAccountTransitions, from, state))) return row
    let bankState = row.state as BankAccountState
    if (state === 'kyc_2' && bankState === 'not_sent') {
      assertTransition(bankAccountTransitions, 'not_sent', 'waiting', 'bank account')
      bankState = 'waiting'
    }
    return repo.updateConnectState(tx, row.id, { providerAccountState: state, state: bankState }, deps.now())
  })
}
