import type { KycDocumentKind } from '../../../shared/payouts/documents'
import { requiredDocumentKinds } from '../../../shared/payouts/documents'
import { bankAccountTransitions } from '../../../shared/states/bank-account'
import { kycDocumentTransitions, type KycDocumentState } from '../../../shared/states/kyc-document'
import { legitimationTransitions, type LegitimationStep } from '../../../shared/states/legitimation'
import { providerAccountTransitions, type ProviderAccountState } from '../../../shared/states/provider-account'
import { assertTransition, canTransition, isStateOf } from '../../../shared/states/transitions'
import type { SQL, SQLWrapper } from 'drizzle-orm'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { createEmoneyClient, EmoneyError, idempotencyKeyOf, type EmoneyAddress, type EmoneyClient, type EmoneyPerson, type EmoneyUbo, type EmoneyUserInput } from '../../payments/emoney/mangopay'
import { documentVerdict, eventKindOf, payInOutcomeOf, paymentTokenOfPayIn, payoutAnswerOf, providerAccountStateOf, providerDocumentType, refundedOf, uboDeclarationStateOf,
  uboDeclarationVerdict, type ProviderDocumentType, type ProviderUboDeclaration,
} from '../../payments/emoney/mangopay-states'
import type { EmoneyAccount } from '../../ports/money-out'
import * as accounts from '../accounts/accounts.service'
import * as providerEvents from '../refunds/provider-events.service'
import * as email from '../email/email.service'
import * as repo from './emoney.repository'
import { bankAccountsOf, documentsOf, emoneyReceivingSql as receivingSql, findLegitimation, type KycDocumentRow, type LegitimationRow } from './money-out.repository'
import { areaOfParty } from './parties'
import type { PayoutRailAdapter, RailAnswer } from './rails'

// The e-money provider's side of money out (docs/decisions/0049-money-out.md "Rails", "Availability"): the
// party's user, wallet, documents and bank account are copied to the provider by a job (`syncLegitimation`),
// the provider's hooks are fetched back and applied (`applyProviderEvent`), and its rail pays out from the
// party's wallet (`emoneyRail`). Provider calls run outside transactions; each write after one is a short
// transaction that locks its row and checks it still needs the write, so a job that runs twice does nothing
// the second time.

export const emoneySyncJob = 'payouts.emoney-sync'
export const emoneyEventJob = 'payouts.emoney-event'

/** The statuses a hook names; `RessourceId` is the provider's spelling. */
export type EmoneyEvent = { eventType: string; resourceId: string; date?: number | undefined }

/** The steps in which the party is still filling in its identity: nothing goes to the provider yet. */
const fillingIn: readonly LegitimationStep[] = ['head_quarter', 'legal_representative', 'documents', 'ubo']

function clientOf(deps: AppDeps): EmoneyClient | null {
  return createEmoneyClient(deps.config)
}

// ------------------------------------------------------------------ enqueueing

/** After a legitimation is submitted: copies it to the provider (when the provider is on). */
export async function enqueueSync(deps: AppDeps, tx: Executor, legitimationId: number): Promise<void> {
  if (!deps.config.MANGOPAY_CLIENT_ID) return
  await deps.jobs.enqueue(tx, emoneySyncJob, { legitimationId })
}

/** After a bank account is added: the same job for the party's legitimation, if it has one. */
export async function enqueueSyncOfParty(deps: AppDeps, tx: Executor, partyKind: string, partyId: number): Promise<void> {
  if (!deps.config.MANGOPAY_CLIENT_ID) return
  const legitimation = await findLegitimation(tx, partyKind, partyId)
  if (legitimation) await enqueueSync(deps, tx, legitimation.id)
}

// ------------------------------------------------------------------ the provider's copy of a party

type Details = { head_quarter?: Record<string, unknown>; legal_representative?: Record<string, unknown> }
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined)

function addressOf(source: Record<string, unknown> | undefined, fallbackCountry: string): EmoneyAddress | undefined {
  const line1 = text(source?.street)
  const city = text(source?.city)
  const postalCode = text(source?.zip)
  if (!line1 || !city || !postalCode) return undefined
  return { line1, city, postalCode, country: text(source?.country_code) ?? fallbackCountry }
}

/** The provider's user for a legitimation: the natural person, or the entity with its legal representative. */
export function emoneyUserInputOf(legitimation: LegitimationRow, contact: { email: string; firstName: string; lastName: string }, fallbackCountry: string): EmoneyUserInput {
  const details = legitimation.details as Details
  const person = details.legal_representative
  const headQuarter = details.head_quarter
  const country = text(person?.country_code) ?? text(headQuarter?.country_code) ?? fallbackCountry
  const representative: EmoneyPerson = {
    firstName: text(person?.first_name) ?? contact.firstName,
    lastName: text(person?.last_name) ?? contact.lastName,
    birthday: text(person?.birthday),
    nationality: text(person?.nationality),
    countryOfResidence: country,
    address: addressOf(person, country),
  }
  const tag = `${legitimation.partyKind}-${legitimation.partyId}`
  if (legitimation.businessType === 'entity') {
    return {
      kind: 'legal', email: contact.email, tag, representative,
      name: text(headQuarter?.company) ?? `${representative.firstName} ${representative.lastName}`,
      companyNumber: text(headQuarter?.registration_number), headquarters: addressOf(headQuarter, country),
    }
  }
  return { kind: 'natural', email: contact.email, person: representative, tag }
}

/** Our documents in the provider's: one provider document per type, both sides of an identity card as its pages. */
export function documentGroups(documents: readonly KycDocumentRow[]): { type: ProviderDocumentType; documents: KycDocumentRow[] }[] {
  const groups: { type: ProviderDocumentType; documents: KycDocumentRow[] }[] = []
  const sideOrder: Partial<Record<string, number>> = { id_from_front: 0, id_from_back: 1 }
  for (const document of documents) {
    const type = providerDocumentType(document.kind)
    if (!type) continue
    // A second document of a kind (a newer upload) goes in a document of its own; only front and back share one.
    const group = groups.find((g) => g.type === type && !g.documents.some((d) => d.kind === document.kind))
    if (group) group.documents.push(document)
    else groups.push({ type, documents: [document] })
  }
  for (const group of groups) group.documents.sort((a, b) => (sideOrder[a.kind] ?? 0) - (sideOrder[b.kind] ?? 0))
  return groups
}

/**
 * The job `payouts.emoney-sync`: creates the party's provider user and wallet when missing, sends the
 * documents waiting for a check that the provider has not got, and registers the party's new bank account.
 * Idempotent: what has a provider id is never sent again, and each creation carries an idempotency key.
 */
export async function syncLegitimation(deps: AppDeps, legitimationId: number): Promise<void> {
  const client = clientOf(deps)
  if (!client) return
  let legitimation = await repo.legitimationById(deps.db, legitimationId)
  if (!legitimation || fillingIn.includes(legitimation.step as LegitimationStep) || legitimation.providerAccountState === 'closed') return
  const contact = await accounts.userContact(deps.db, legitimation.userId)
  if (!contact) return
  const [bankAccount] = await bankAccountsOf(deps.db, legitimation.partyKind, legitimation.partyId)
  const country = bankAccount?.countryCode ?? deps.settings.homeCountry

  if (!legitimation.providerUserRef) {
    const userRef = await client.createUser(emoneyUserInputOf(legitimation, contact, country), idempotencyKeyOf('user', legitimation.id))
    legitimation = await writeLegitimation(deps, legitimation.id, (row) => row.providerUserRef ? {} : { providerUserRef: userRef, providerAccountState: row.providerAccountState ?? 'kyc_1' })
  }
  const userRef = legitimation.providerUserRef!

  if (!legitimation.providerWalletRef) {
    const walletRef = await client.createWallet(userRef, bankAccount?.currency ?? 'eur', idempotencyKeyOf('wallet', legitimation.id))
    legitimation = await writeLegitimation(deps, legitimation.id, (row) => row.providerWalletRef ? {} : { providerWalletRef: walletRef })
  }

  if (legitimation.businessType === 'entity') await declareOwners(deps, client, legitimation, userRef)

  for (const group of documentGroups(await repo.documentsToSend(deps.db, legitimation.id))) {
    const pages = await Promise.all(group.documents.map((d) => deps.storage.get(d.storageKey)))
    const ids = group.documents.map((d) => d.id)
    const documentRef = await client.uploadKycDocument(userRef, { type: group.type, pages, tag: `kyc-${ids.join('-')}` }, idempotencyKeyOf('document', ids[0]!))
    await deps.db.transaction((tx) => repo.setDocumentsProviderRef(tx, ids, documentRef, deps.now()))
  }

  const account = await repo.bankAccountToRegister(deps.db, legitimation.partyKind, legitimation.partyId)
  if (account) {
    const address = addressOf((legitimation.details as Details).legal_representative, country)
      ?? addressOf((legitimation.details as Details).head_quarter, country)
      // The provider asks for the holder's address; a party that gave none is registered with its country.
      ?? { line1: '-', city: '-', postalCode: '-', country: account.countryCode }
    const accountRef = await client.createIbanBankAccount(userRef, { holder: account.holder, iban: account.iban, bic: account.bic, address, tag: `bank-account-${account.id}` }, idempotencyKeyOf('bank-account', account.id))
    await deps.db.transaction(async (tx) => {
      const row = await repo.bankAccountById(tx, account.id, { lock: true })
      if (!row || row.providerRef) return
      // Sending it is the start of its check (docs/decisions/0049-money-out.md "Bank accounts").
      if (row.state === 'not_sent') assertTransition(bankAccountTransitions, 'not_sent', 'waiting', 'bank account')
      await repo.updateBankAccount(tx, row.id, { providerRef: accountRef, ...(row.state === 'not_sent' ? { state: 'waiting' } : {}) }, deps.now())
    })
  }
}

// ------------------------------------------------------------------ beneficial owners

/** What the provider needs of each owner beyond the name (docs/decisions/0052-emoney-pay-ins.md "Beneficial owners"). */
const uboFields = ['birthday', 'nationality', 'street', 'zip', 'city', 'country_code', 'birthplace_city', 'birthplace_country'] as const

/**
 * The owners' fields the provider needs and the party has not given, as field errors of the identity
 * submission (`ubos.<index>.<field>`); none while the provider is off or for a natural person.
 */
export function uboProblems(deps: AppDeps, legitimation: Pick<LegitimationRow, 'businessType' | 'ubos'>): { path: string; message: string }[] {
  if (!deps.config.MANGOPAY_CLIENT_ID || legitimation.businessType !== 'entity') return []
  return (legitimation.ubos as Record<string, unknown>[]).flatMap((ubo, index) =>
    uboFields.filter((field) => !text(ubo[field])).map((field) => ({ path: `ubos.${index}.${field}`, message: 'required' })))
}

/** The owners as the provider takes them, or null when there are none or one lacks what the provider needs. */
export function emoneyUbosOf(legitimation: Pick<LegitimationRow, 'ubos'>): EmoneyUbo[] | null {
  const ubos = legitimation.ubos as Record<string, unknown>[]
  if (ubos.length === 0) return null
  const out: EmoneyUbo[] = []
  for (const ubo of ubos) {
    const [birthday, nationality, street, zip, city, country, birthCity, birthCountry] = uboFields.map((field) => text(ubo[field]))
    const firstName = text(ubo.first_name)
    const lastName = text(ubo.last_name)
    if (!firstName || !lastName || !birthday || !nationality || !street || !zip || !city || !country || !birthCity || !birthCountry) return null
    out.push({ firstName, lastName, birthday, nationality, address: { line1: street, city, postalCode: zip, country }, birthplace: { city: birthCity, country: birthCountry } })
  }
  return out
}

/**
 * Declares an entity's owners to the provider once per submission: a new declaration when there is none or
 * the last one was refused (the party corrected its owners and submitted again); an open or validated one
 * is left alone. The declaration's key names the previous one, so a retried job gets the same declaration.
 */
async function declareOwners(deps: AppDeps, client: EmoneyClient, legitimation: LegitimationRow, userRef: string): Promise<void> {
  const previous = legitimation.providerUboDeclarationRef
  if (previous && legitimation.uboDeclarationState !== 'refused' && legitimation.uboDeclarationState !== 'incomplete') return
  const ubos = emoneyUbosOf(legitimation)
  if (!ubos) return
  let declaration: ProviderUboDeclaration
  try {
    declaration = await client.declareUbos(userRef, ubos, idempotencyKeyOf('ubo-declaration', `${legitimation.id}-${previous ?? 0}`))
  } catch (error) {
    // A refusal (more owners than a declaration holds, a field it does not take) must not hold up the
    // documents and bank account: a manager sees the owners and can send the check back.
    if (!(error instanceof EmoneyError && error.refused)) throw error
    deps.logger.warn({ err: error, legitimationId: legitimation.id }, 'the e-money provider refused the beneficial owners')
    return
  }
  await deps.db.transaction(async (tx) => {
    const row = await repo.legitimationById(tx, legitimation.id, { lock: true })
    if (!row || row.providerUboDeclarationRef !== previous) return
    const state = uboDeclarationStateOf(declaration)
    await repo.updateLegitimation(tx, row.id, { providerUboDeclarationRef: String(declaration.Id), uboDeclarationState: state }, deps.now())
    await afterUboAnswer(deps, tx, { ...row, providerUboDeclarationRef: String(declaration.Id), uboDeclarationState: state }, declaration)
  })
}

/** A UBO hook: the declaration is read from the provider and its status recorded, then acted on. */
async function applyUboDeclaration(deps: AppDeps, client: EmoneyClient, declarationRef: string): Promise<void> {
  const known = await repo.legitimationOfUboDeclaration(deps.db, declarationRef)
  if (!known?.providerUserRef) return
  const declaration = await client.getUboDeclaration(known.providerUserRef, declarationRef)
  await deps.db.transaction(async (tx) => {
    const row = await repo.legitimationOfUboDeclaration(tx, declarationRef, { lock: true })
    if (!row) return
    const state = uboDeclarationStateOf(declaration)
    if (state === row.uboDeclarationState) return
    await repo.updateLegitimation(tx, row.id, { uboDeclarationState: state }, deps.now())
    await afterUboAnswer(deps, tx, { ...row, uboDeclarationState: state }, declaration)
  })
}

/**
 * A validated declaration may complete the check (with kyc_2 and the documents); a refused or incomplete one
 * sends the party back to change its owners, with the provider's reason and a mail.
 */
async function afterUboAnswer(deps: AppDeps, tx: Executor, legitimation: LegitimationRow, declaration: ProviderUboDeclaration): Promise<void> {
  const verdict = uboDeclarationVerdict(declaration)
  if (verdict.state === 'validated') return legitimateWhenDone(deps, tx, legitimation)
  if (verdict.state !== 'refused') return
  const from = legitimation.step as LegitimationStep
  if (!isStateOf(legitimationTransitions, from) || !canTransition(legitimationTransitions, from, 'change')) return
  assertTransition(legitimationTransitions, from, 'change', 'legitimation')
  await repo.updateLegitimation(tx, legitimation.id, { step: 'change', rejectionReason: verdict.reason }, deps.now())
  await mailParty(deps, tx, legitimation, 'legitimation_rejected', { notificationText: verdict.reason })
}

/** Locks the legitimation, writes what `change` answers for its current row, and answers the row after. */
async function writeLegitimation(deps: AppDeps, id: number, change: (row: LegitimationRow) => Partial<LegitimationRow>): Promise<LegitimationRow> {
  return deps.db.transaction(async (tx) => {
    const row = await repo.legitimationById(tx, id, { lock: true })
    if (!row) throw new Error(`legitimation ${id} disappeared`)
    const fields = change(row)
    if (Object.keys(fields).length > 0) await repo.updateLegitimation(tx, id, fields, deps.now())
    return { ...row, ...fields }
  })
}

// ------------------------------------------------------------------ the provider's hooks

/** GET /hooks/emoney: the notification only names what changed; the job fetches it (never trusting the call). */
export async function receiveHook(ctx: Ctx, event: EmoneyEvent): Promise<{ received: boolean }> {
  if (!ctx.deps.config.MANGOPAY_CLIENT_ID || !eventKindOf(event.eventType)) return { received: false }
  await ctx.db.transaction((tx) => ctx.deps.jobs.enqueue(tx, emoneyEventJob, { eventType: event.eventType, resourceId: event.resourceId, date: event.date }))
  return { received: true }
}

/**
 * The job `payouts.emoney-event`: fetches the resource a hook named from the provider and applies what the
 * provider says now. A resource we do not know, or one the provider does not know, changes nothing.
 */
export async function applyProviderEvent(deps: AppDeps, event: EmoneyEvent, onPayoutAnswer: PayoutAnswerHandler): Promise<void> {
  const client = clientOf(deps)
  const kind = eventKindOf(event.eventType)
  if (!client || !kind || !/^[A-Za-z0-9_-]{1,128}$/.test(event.resourceId)) return
  try {
    if (kind === 'document') await applyDocument(deps, client, event.resourceId)
    else if (kind === 'user') await applyUser(deps, client, event.resourceId)
    else if (kind === 'payin') await applyPayIn(deps, client, event)
    else if (kind === 'refund') await applyRefund(deps, client, event)
    else if (kind === 'ubo') await applyUboDeclaration(deps, client, event.resourceId)
    else await applyPayout(deps, client, event.resourceId, onPayoutAnswer)
  } catch (error) {
    // The provider does not know the resource: a forged or stale notification.
    if (error instanceof EmoneyError && error.status === 404) return
    throw error
  }
}

async function applyDocument(deps: AppDeps, client: EmoneyClient, documentRef: string): Promise<void> {
  if ((await repo.documentsOfProviderRef(deps.db, documentRef)).length === 0) return
  const document = await client.getKycDocument(documentRef)
  await deps.db.transaction(async (tx) => {
    const rows = await repo.documentsOfProviderRef(tx, documentRef, { lock: true })
    const legitimation = rows[0] && await repo.legitimationById(tx, rows[0].legitimationId, { lock: true })
    if (!legitimation) return
    // The provider's document must belong to the user we made for this party.
    if (document.UserId && String(document.UserId) !== legitimation.providerUserRef) return
    const now = deps.now()
    for (const row of rows) {
      const verdict = documentVerdict(row.kind, document)
      const from = row.state as KycDocumentState
      // Hooks may come late or twice: a move the table does not allow from where the document is now is old news.
      if (verdict.state === from || !isStateOf(kycDocumentTransitions, from) || !canTransition(kycDocumentTransitions, from, verdict.state)) continue
      assertTransition(kycDocumentTransitions, from, verdict.state, 'document')
      const refused = verdict.state === 'refused' ? verdict : null
      await repo.updateDocument(tx, row.id, { state: verdict.state, refusedReason: refused?.reason ?? null, refusedComment: refused?.comment ?? null, reviewedAt: now }, now)
      if (refused) await mailParty(deps, tx, legitimation, 'kyc_document_refused', { productName: row.kind, notificationText: refused.reason })
    }
    await legitimateWhenDone(deps, tx, legitimation)
  })
}

async function applyUser(deps: AppDeps, client: EmoneyClient, userRef: string): Promise<void> {
  if (!await repo.legitimationOfProviderUser(deps.db, userRef)) return
  const state = providerAccountStateOf(await client.getUser(userRef))
  await deps.db.transaction(async (tx) => {
    const legitimation = await repo.legitimationOfProviderUser(tx, userRef, { lock: true })
    if (!legitimation) return
    const from = legitimation.providerAccountState
    if (from === state) return
    if (from !== null) {
      if (!isStateOf(providerAccountTransitions, from) || !canTransition(providerAccountTransitions, from, state)) return
      assertTransition(providerAccountTransitions, from as ProviderAccountState, state, 'provider account')
    }
    await repo.updateLegitimation(tx, legitimation.id, { providerAccountState: state }, deps.now())
    await legitimateWhenDone(deps, tx, { ...legitimation, providerAccountState: state })
  })
}

/**
 * The provider checked the party (REGULAR) and every required document it holds is validated: the
 * legitimation is done. A manager's own review (identity part) may get there first; then nothing changes.
 */
async function legitimateWhenDone(deps: AppDeps, tx: Executor, legitimation: LegitimationRow): Promise<void> {
  if (legitimation.providerAccountState !== 'kyc_2') return
  const from = legitimation.step as LegitimationStep
  if (!isStateOf(legitimationTransitions, from) || !canTransition(legitimationTransitions, from, 'legitimated')) return
  const documents = await documentsOf(tx, legitimation.id)
  const newest = new Map<string, KycDocumentRow>()
  for (const document of documents) if (!newest.has(document.kind)) newest.set(document.kind, document)
  const businessType = legitimation.businessType === 'entity' ? 'entity' : 'natural'
  const required = requiredDocumentKinds(businessType, { registeredBusiness: newest.has('company_lr') })
  if (!required.every((kind: KycDocumentKind) => newest.get(kind)?.state === 'validated')) return
  // An entity whose owners were declared waits for the provider's validation of them too.
  if (legitimation.providerUboDeclarationRef && legitimation.uboDeclarationState !== 'validated') return
  assertTransition(legitimationTransitions, from, 'legitimated', 'legitimation')
  await repo.updateLegitimation(tx, legitimation.id, { step: 'legitimated', reviewedAt: deps.now() }, deps.now())
  await mailParty(deps, tx, legitimation, 'legitimation_accepted', {})
}

async function mailParty(deps: AppDeps, tx: Executor, legitimation: LegitimationRow, kind: 'kyc_document_refused' | 'legitimation_accepted' | 'legitimation_rejected', params: { productName?: string; notificationText?: string }): Promise<void> {
  const contact = await accounts.userContact(tx, legitimation.userId)
  if (!contact) return
  const area = areaOfParty[legitimation.partyKind as keyof typeof areaOfParty] ?? 'cabinet'
  await email.queueEmail(deps, tx, {
    to: contact.email, kind, locale: contact.locale, userId: contact.id, firstName: contact.firstName, ...params,
    link: `${deps.config.appUrl}/${area}/identity`,
  })
}

async function applyPayout(deps: AppDeps, client: EmoneyClient, payoutRef: string, onPayoutAnswer: PayoutAnswerHandler): Promise<void> {
  const providerPayout = await client.getPayout(payoutRef)
  const payoutId = Number(/^payout-(\d{1,10})$/.exec(providerPayout.Tag ?? '')?.[1])
  if (!Number.isSafeInteger(payoutId)) return
  const payout = await repo.payoutById(deps.db, payoutId)
  if (!payout || payout.rail !== 'emoney' || payout.state === 'successful' || payout.state === 'canceled') return
  if (payout.providerRef !== null && payout.providerRef !== payoutRef) return
  const answer = payoutAnswerOf(providerPayout)
  if (answer.state === 'issued') return
  // The hook beat the send job's own answer (the payout is not issued yet): the event job retries later,
  // so the payout moves issued, then settled, in order.
  if (payout.providerRef === null) throw new Error(`payout ${payout.id} is not issued yet; the provider's answer waits`)
  await onPayoutAnswer(deps, payout.id, answer)
}

// ------------------------------------------------------------------ pay-ins

/** ports/money-out.ts `emoneyAccountOf`: the seller's user and wallet at the provider, when it has them. */
export async function emoneyAccountOf(tx: Executor, sellerId: number): Promise<EmoneyAccount | null> {
  const legitimation = await findLegitimation(tx, 'seller', sellerId)
  if (!legitimation?.providerUserRef || !legitimation.providerWalletRef) return null
  return { userRef: legitimation.providerUserRef, walletRef: legitimation.providerWalletRef, state: legitimation.providerAccountState }
}

/** The port's `emoneyReceivingSql`: a seller's wallet that may receive payments, as SQL for the sellers' `paymentAccountDone`. */
export function emoneyReceivingSql(sellerId: SQLWrapper): SQL<boolean> {
  return receivingSql(sellerId)
}

/**
 * A pay-in hook (PAYIN_NORMAL_SUCCEEDED / FAILED): the pay-in is read from the provider, and one Sellfront
 * started (its Tag names our payment) becomes a payment event of the `emoney` provider, stored and applied
 * exactly once like any provider's webhook event (docs/decisions/0028-refunds-chargebacks-provider-events.md).
 */
async function applyPayIn(deps: AppDeps, client: EmoneyClient, event: EmoneyEvent): Promise<void> {
  const payIn = await client.getPayIn(event.resourceId)
  const paymentToken = paymentTokenOfPayIn(payIn)
  if (!paymentToken) return
  const outcome = payInOutcomeOf(payIn)
  // The event's id names the resource and what happened to it: a hook sent again is the same event.
  await providerEvents.receiveProviderEvents(deps, 'emoney', null, [{ eventId: `${event.eventType}:${payIn.Id}`, type: event.eventType, kind: 'payment', paymentToken, outcome }])
}

/**
 * A refund hook (PAYIN_REFUND_SUCCEEDED / FAILED): the refund is read from the provider, and a successful one
 * of a pay-in Sellfront started becomes a refund event of the `emoney` provider, applied like a card
 * provider's refund webhook (docs/decisions/0028-refunds-chargebacks-provider-events.md): keyed by the
 * refund's id, so a refund the platform made itself is already booked and one made at the provider's
 * dashboard is booked once. A failed refund moved no money: nothing to book (a pending refund of ours is
 * settled by the refunds sweep, which asks the provider).
 */
async function applyRefund(deps: AppDeps, client: EmoneyClient, event: EmoneyEvent): Promise<void> {
  const refund = await client.getRefund(event.resourceId)
  const refunded = refundedOf(refund)
  if (!refunded) return
  const paymentToken = paymentTokenOfPayIn(await client.getPayIn(refunded.payInId))
  if (!paymentToken) return
  await providerEvents.receiveProviderEvents(deps, 'emoney', null, [{
    eventId: `${event.eventType}:${refund.Id}`, type: event.eventType, kind: 'refund', paymentToken, providerRef: refunded.payInId, amount: refunded.amount, ref: String(refund.Id),
  }])
}

// ------------------------------------------------------------------ payouts

/**
 * Where the provider's later answer on a payout goes: the payouts part's function that applies a rail's
 * answer (the same one its send job uses), handed in by the job (emoney.jobs.ts), because the payouts part
 * imports the rails and through them this file.
 */
export type PayoutAnswerHandler = (deps: AppDeps, payoutId: number, answer: RailAnswer) => Promise<void>

/** The `emoney` rail: a bank wire payout from the party's wallet to its bank account registered at the provider. */
export const emoneyRail: PayoutRailAdapter = {
  async send(deps, { payout, bankAccount, legitimation }) {
    const client = clientOf(deps)
    if (!client) return { state: 'canceled', reason: 'The e-money provider is not configured' }
    if (!legitimation?.providerUserRef || !legitimation.providerWalletRef) return { state: 'canceled', reason: 'The party has no wallet at the e-money provider' }
    if (!bankAccount.providerRef) return { state: 'canceled', reason: 'The bank account is not registered at the e-money provider' }
    try {
      const answer = payoutAnswerOf(await client.createPayout({
        payoutId: payout.id, userId: legitimation.providerUserRef, walletId: legitimation.providerWalletRef,
        bankAccountId: bankAccount.providerRef, amount: payout.amount, currency: payout.currency,
      }))
      return answer satisfies RailAnswer
    } catch (error) {
      // A refusal (the wallet is short, the account closed) is the answer; a provider that is down is retried.
      if (error instanceof EmoneyError && error.refused) return { state: 'canceled', reason: error.message.slice(0, 200) }
      throw error
    }
  },
}
