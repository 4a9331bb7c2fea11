import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { payoutAvailability } from '../../../shared/payouts/availability'
import { allowedDocumentKinds, kycLimits, requiredDocumentKinds, type BusinessType, type KycDocumentKind } from '../../../shared/payouts/documents'
import type {
  adminLegitimationListQuery, adminLegitimationOutput, KycDocumentOutput, LegitimationOutput, refuseKycDocumentInput, UpdateLegitimationInput,
} from '../../../shared/schemas/payouts'
import { kycDocumentTransitions, type KycDocumentState, type KycRefusalReason } from '../../../shared/states/kyc-document'
import { editableLegitimationSteps, legitimationTransitions, type LegitimationStep } from '../../../shared/states/legitimation'
import type { ProviderAccountState } from '../../../shared/states/provider-account'
import { assertTransition, canTransition } from '../../../shared/states/transitions'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { Executor } from '../../db/client'
import * as accounts from '../accounts/accounts.service'
import * as sellerProfiles from '../accounts/seller-profile.service'
import * as email from '../email/email.service'
import { moneyFactsFrom, moneyFactsOf, newestPerKind, type PartyMoneyFacts } from './availability.service'
import * as repo from './identity.repository'
import * as shared from './money-out.repository'
import { areaOfParty, partyOf, type Party, type PartyArea } from './parties'
import * as emoney from './emoney.service'

// A party's identity check (KYC) and the managers' review of it (docs/decisions/0049-money-out.md "Identity"
// and "Availability"). The party comes from the route's area (parties.ts), never from the request; every
// state change goes through the legitimation and document tables (src/shared/states/).

type AdminLegitimationOutput = z.infer<typeof adminLegitimationOutput>
type Details = { head_quarter?: Record<string, unknown>; legal_representative?: Record<string, unknown> }

const legitimationNotFound = () => new AppError('not_found', 'This identity check does not exist')
const documentNotFound = () => new AppError('not_found', 'This document does not exist')
const firstSteps: readonly LegitimationStep[] = ['head_quarter', 'legal_representative', 'documents', 'ubo']


// ------------------------------------------------------------------ outputs

function documentOutput(row: shared.KycDocumentRow): KycDocumentOutput {
  return {
    id: row.id, kind: row.kind as KycDocumentKind, state: row.state as KycDocumentState, refused_reason: (row.refusedReason ?? null) as KycRefusalReason | null,
    refused_comment: row.refusedComment, file_name: row.fileName, content_type: row.contentType, size: row.size, created_at: row.createdAt.toISOString(),
  }
}

async function outputOf(db: Executor, party: Pick<Party, 'kind' | 'id'>, options: { defaultType?: BusinessType; allDocuments?: boolean } = {}): Promise<LegitimationOutput> {
  const facts = await moneyFactsOf(db, party)
  const documents = options.allDocuments && facts.legitimation ? await shared.documentsOf(db, facts.legitimation.id) : facts.documents
  return outputFrom(party, facts, documents, options)
}

/** The answer from the party's facts; `documents` are those to show (the newest of each kind, or all for managers). */
function outputFrom(party: Pick<Party, 'kind' | 'id'>, facts: PartyMoneyFacts, documents: readonly shared.KycDocumentRow[], options: { defaultType?: BusinessType } = {}): LegitimationOutput {
  const row = facts.legitimation
  if (!row) {
    // Nothing saved yet: the defaults the first page starts from.
    const businessType = options.defaultType ?? 'natural'
    const required = requiredDocumentKinds(businessType)
    return {
      id: null, party_kind: party.kind, business_type: businessType, step: businessType === 'entity' ? 'head_quarter' : 'documents',
      head_quarter: null, legal_representative: null, ubos: [], provider_account_state: null, rejection_reason: null, submitted_at: null, reviewed_at: null,
      documents: [], required_documents: required, allowed_documents: [...allowedDocumentKinds(businessType)],
      availability: payoutAvailability({ step: 'documents', required, documents: [], bankAccounts: [], providerAccountState: null }),
    }
  }
  const details = row.details as Details
  return {
    id: row.id, party_kind: party.kind, business_type: facts.businessType, step: row.step as LegitimationStep,
    head_quarter: (details.head_quarter ?? null) as LegitimationOutput['head_quarter'],
    legal_representative: (details.legal_representative ?? null) as LegitimationOutput['legal_representative'],
    ubos: row.ubos as LegitimationOutput['ubos'], provider_account_state: (row.providerAccountState ?? null) as ProviderAccountState | null,
    rejection_reason: row.rejectionReason, submitted_at: row.submittedAt?.toISOString() ?? null, reviewed_at: row.reviewedAt?.toISOString() ?? null,
    documents: documents.map(documentOutput), required_documents: facts.required, allowed_documents: [...facts.allowed],
    availability: { value: facts.availability.value, missing: facts.availability.missing.map((m) => ({ ...m })) },
  }
}

async function adminOutputOf(db: Executor, row: shared.LegitimationRow): Promise<AdminLegitimationOutput> {
  const base = await outputOf(db, { kind: row.partyKind as Party['kind'], id: row.partyId }, { allDocuments: true })
  return adminOutputFrom(row, base, await accounts.userContact(db, row.userId))
}

function adminOutputFrom(row: shared.LegitimationRow, base: LegitimationOutput, user: { email: string; firstName: string; lastName: string } | null): AdminLegitimationOutput {
  return {
    ...base, party_id: row.partyId, created_at: row.createdAt.toISOString(),
    user: { id: row.userId, email: user?.email ?? '', first_name: user?.firstName ?? '', last_name: user?.lastName ?? '' },
  }
}

// ------------------------------------------------------------------ the party's own check

/**
 * The business type a new check starts with: a seller's profile says whether it trades as a person or a
 * company; everyone else starts as a natural person. Read before any transaction opens.
 */
async function defaultBusinessType(ctx: Ctx, party: Party): Promise<BusinessType> {
  if (party.kind !== 'seller') return 'natural'
  const profile = await sellerProfiles.sellerProfileOf(ctx, party.id)
  return profile.profile.business_type === 'entity' ? 'entity' : 'natural'
}

export async function getLegitimation(ctx: Ctx, area: PartyArea): Promise<LegitimationOutput> {
  const party = await partyOf(ctx, ctx.db, area, 'read')
  return outputOf(ctx.db, party, { defaultType: await defaultBusinessType(ctx, party) })
}

/** The party's check, locked; created with the defaults on the first write. */
async function writableLegitimation(ctx: Ctx, tx: Executor, party: Party, defaultType: BusinessType): Promise<shared.LegitimationRow> {
  const existing = await shared.findLegitimation(tx, party.kind, party.id, { lock: true })
  const row = existing ?? await repo.insertLegitimation(tx, {
    partyKind: party.kind, partyId: party.id, userId: party.userId, businessType: defaultType,
    step: defaultType === 'entity' ? 'head_quarter' : 'documents', createdAt: ctx.now, updatedAt: ctx.now,
  })
  if (!editableLegitimationSteps.includes(row.step as LegitimationStep)) {
    throw new AppError('conflict', 'Your identity check is being reviewed: it cannot be changed now')
  }
  return row
}

/** Moves a check to `to` through the table; a step the table does not join directly goes through `via`. */
function stepPath(from: LegitimationStep, to: LegitimationStep, via: readonly LegitimationStep[]): LegitimationStep[] {
  if (from === to) return []
  if (canTransition(legitimationTransitions, from, to)) return [to]
  const middle = via.find((v) => canTransition(legitimationTransitions, from, v) && canTransition(legitimationTransitions, v, to))
  if (middle) return [middle, to]
  assertTransition(legitimationTransitions, from, to, 'The identity check')
  return []
}

export async function updateLegitimation(ctx: Ctx, area: PartyArea, input: UpdateLegitimationInput): Promise<LegitimationOutput> {
  const party = await partyOf(ctx, ctx.db, area, 'write')
  const defaultType = await defaultBusinessType(ctx, party)
  return ctx.db.transaction(async (tx) => {
    const row = await writableLegitimation(ctx, tx, party, defaultType)
    const details = { ...(row.details as Details) }
    if (input.head_quarter) details.head_quarter = input.head_quarter
    if (input.legal_representative) details.legal_representative = input.legal_representative
    let step = row.step as LegitimationStep
    if (input.step && input.step !== step) {
      // The first four steps are the pages of one form: the party may jump among them; from change or
      // rejected the table decides.
      if (firstSteps.includes(step)) step = input.step
      else for (const next of stepPath(step, input.step, ['documents'])) step = next
    }
    await repo.updateLegitimation(tx, row.id, {
      businessType: input.business_type ?? row.businessType, details, ubos: input.ubos ?? row.ubos, step, updatedAt: ctx.now,
    })
    return outputOf(tx, party)
  })
}

const magic = {
  'image/jpeg': (b: Buffer) => b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/png': (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'application/pdf': (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-',
} satisfies Record<(typeof kycLimits.contentTypes)[number], (b: Buffer) => boolean>

/** The type of an identity document by its first bytes (never by its name or the type the browser sent). */
export function kycContentType(bytes: Buffer): (typeof kycLimits.contentTypes)[number] | null {
  return kycLimits.contentTypes.find((type) => magic[type](bytes)) ?? null
}

/**
 * A storage key nobody can guess or derive from the file: storage keys are one path segment
 * (`<prefix>-<32 hex>`, media/storage.ts), so the private prefix is `kyc`; no public route serves it.
 */
function newKycKey(): string {
  return `kyc-${randomBytes(16).toString('hex')}`
}

export type ReceivedDocument = { kind: string | undefined; fileName: string; bytes: Buffer }

export async function uploadDocument(ctx: Ctx, area: PartyArea, file: ReceivedDocument): Promise<LegitimationOutput> {
  const kinds = allowedDocumentKinds('natural').concat(allowedDocumentKinds('entity'))
  if (!file.kind || !kinds.includes(file.kind as KycDocumentKind)) {
    throw new AppError('validation_failed', 'invalid_value', [{ path: 'kind', message: file.kind === undefined ? 'required' : 'invalid_value' }])
  }
  const kind = file.kind as KycDocumentKind
  if (file.bytes.length === 0) throw new AppError('invalid_upload', 'The file is empty')
  if (file.bytes.length > kycLimits.maxFileBytes) throw new AppError('invalid_upload', 'The file is larger than 10 MB')
  const contentType = kycContentType(file.bytes)
  if (!contentType) throw new AppError('invalid_upload', 'Upload a JPEG or PNG image or a PDF document')
  const party = await partyOf(ctx, ctx.db, area, 'write')
  const defaultType = await defaultBusinessType(ctx, party)
  const key = newKycKey()
  await ctx.deps.storage.put(key, file.bytes)
  let replaced: shared.KycDocumentRow[] = []
  try {
    const answer = await ctx.db.transaction(async (tx) => {
      const row = await writableLegitimation(ctx, tx, party, defaultType)
      if (!allowedDocumentKinds(row.businessType as BusinessType).includes(kind)) {
        throw new AppError('validation_failed', `A ${row.businessType === 'entity' ? 'company' : 'natural person'} does not upload ${kind}`, [{ path: 'kind', message: 'invalid_value' }])
      }
      // An earlier upload of the kind nobody has looked at yet is replaced outright; reviewed ones stay as history.
      replaced = (await shared.documentsOf(tx, row.id)).filter((d) => d.kind === kind && d.state === 'created')
      for (const old of replaced) await repo.deleteDocument(tx, old.id)
      await repo.insertDocument(tx, {
        legitimationId: row.id, kind, state: 'created', storageKey: key, fileName: file.fileName, contentType, size: file.bytes.length,
        createdAt: ctx.now, updatedAt: ctx.now,
      })
      await repo.updateLegitimation(tx, row.id, { updatedAt: ctx.now })
      return outputOf(tx, party)
    })
    await removeFiles(ctx, replaced.map((d) => d.storageKey))
    return answer
  } catch (error) {
    await ctx.deps.storage.delete(key).catch(() => undefined)
    throw error
  }
}

/** Removes files whose rows are gone (after the commit); a failure is logged, the deletion has happened. */
async function removeFiles(ctx: Ctx, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    await ctx.deps.storage.delete(key).catch((error: unknown) => ctx.deps.logger.warn({ err: error, key }, 'An identity document file could not be removed'))
  }
}

/** A document of the party's own check (another party's id is simply not found). */
async function ownDocument(tx: Executor, party: Party, id: number, options: { lock?: boolean } = {}) {
  const legitimation = await shared.findLegitimation(tx, party.kind, party.id, options)
  const document = legitimation ? await repo.findDocument(tx, id, options) : undefined
  if (!legitimation || !document || document.legitimationId !== legitimation.id) throw documentNotFound()
  return { legitimation, document }
}

export async function deleteDocument(ctx: Ctx, area: PartyArea, id: number): Promise<void> {
  const party = await partyOf(ctx, ctx.db, area, 'write')
  const key = await ctx.db.transaction(async (tx) => {
    const { legitimation, document } = await ownDocument(tx, party, id, { lock: true })
    if (document.state !== 'created') throw new AppError('conflict', 'A document sent for review cannot be deleted')
    if (!editableLegitimationSteps.includes(legitimation.step as LegitimationStep)) throw new AppError('conflict', 'Your identity check is being reviewed: it cannot be changed now')
    await repo.deleteDocument(tx, document.id)
    return document.storageKey
  })
  await removeFiles(ctx, [key])
}

export type DocumentFile = { stream: Readable; contentType: string; fileName: string; size: number }

async function fileOf(ctx: Ctx, document: shared.KycDocumentRow): Promise<DocumentFile> {
  const stream = await ctx.deps.storage.getStream(document.storageKey).catch(() => { throw documentNotFound() })
  return { stream, contentType: document.contentType, fileName: document.fileName, size: document.size }
}

export async function documentFile(ctx: Ctx, area: PartyArea, id: number): Promise<DocumentFile> {
  const party = await partyOf(ctx, ctx.db, area, 'read')
  const { document } = await ownDocument(ctx.db, party, id)
  return fileOf(ctx, document)
}

const kycDocumentWords: Record<'en' | 'de', Record<KycDocumentKind, string>> = {
  en: {
    id_from_front: 'identity card (front)', id_from_back: 'identity card (back)', proof_doc: 'proof of address', company_lr: 'commercial register extract',
    article_doc: 'articles of association', other_doc_1: 'other document 1', other_doc_2: 'other document 2', id_verification: "legal representative's identity",
    shareholder_declaration: 'shareholder declaration',
  },
  de: {
    id_from_front: 'Ausweis (Vorderseite)', id_from_back: 'Ausweis (Rückseite)', proof_doc: 'Adressnachweis', company_lr: 'Handelsregisterauszug',
    article_doc: 'Gesellschaftsvertrag', other_doc_1: 'weiteres Dokument 1', other_doc_2: 'weiteres Dokument 2', id_verification: 'Ausweis des gesetzlichen Vertreters',
    shareholder_declaration: 'Gesellschafterliste',
  },
}

/** The required documents that are missing or refused, named; an entity's headquarters and representative. */
function submitProblems(row: shared.LegitimationRow, documents: readonly shared.KycDocumentRow[]) {
  const fields: { path: string; message: string }[] = []
  for (const kind of requiredDocumentKinds(row.businessType as BusinessType)) {
    const document = documents.find((d) => d.kind === kind)
    if (!document) fields.push({ path: `documents.${kind}`, message: 'required' })
    else if (document.state === 'refused' || document.state === 'incomplete') fields.push({ path: `documents.${kind}`, message: 'refused' })
  }
  const details = row.details as Details
  if (row.businessType === 'entity') {
    if (!details.head_quarter) fields.push({ path: 'head_quarter', message: 'required' })
    if (!details.legal_representative) fields.push({ path: 'legal_representative', message: 'required' })
  }
  return fields
}

export async function submit(ctx: Ctx, area: PartyArea): Promise<LegitimationOutput> {
  const party = await partyOf(ctx, ctx.db, area, 'write')
  const defaultType = await defaultBusinessType(ctx, party)
  return ctx.db.transaction(async (tx) => {
    const row = await writableLegitimation(ctx, tx, party, defaultType)
    const documents = newestPerKind(await shared.documentsOf(tx, row.id))
    const problems = [...submitProblems(row, documents), ...emoney.uboProblems(ctx.deps, row)]
    if (problems.length > 0) {
      throw new AppError('legitimation_incomplete', `Still missing: ${problems.map((p) => `${p.path.replace('documents.', '')}${p.message === 'refused' ? ' (refused)' : ''}`).join(', ')}`, problems)
    }
    for (const document of documents) {
      if (document.state !== 'created') continue
      assertTransition(kycDocumentTransitions, 'created', 'validation_asked', 'The document')
      await repo.updateDocument(tx, document.id, { state: 'validation_asked', updatedAt: ctx.now })
    }
    let step = row.step as LegitimationStep
    for (const next of stepPath(step, 'requested', ['documents', 'change'])) step = next
    await repo.updateLegitimation(tx, row.id, { step, submittedAt: ctx.now, rejectionReason: null, updatedAt: ctx.now })
    // The e-money provider's sync, enqueued in the submitting transaction: the job exists exactly when the
    // submission does (nothing without the provider).
    await emoney.enqueueSync(ctx.deps, tx, row.id)
    return outputOf(tx, party)
  })
}

// ------------------------------------------------------------------ managers

/** The manager who writes a review (admin.write), by user id. */
function managerOf(ctx: Ctx): number {
  assertCan(ctx.actor, 'admin.write')
  return ctx.actor.userId
}

export async function listLegitimations(ctx: Ctx, query: z.infer<typeof adminLegitimationListQuery>) {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, totalMax, counts } = await repo.listLegitimations(ctx.db, {
    step: query.step, partyKind: query.party_kind, query: query.query,
    createdFrom: query.created_from_time ? new Date(query.created_from_time) : undefined,
    createdTill: query.created_till_time ? new Date(query.created_till_time) : undefined,
  }, { offset: (query.page - 1) * query.per, limit: query.per })
  // One read each for the page's documents and bank accounts (the list shows every row's availability).
  const documents = await shared.documentsOfLegitimations(ctx.db, rows.map((r) => r.legitimation.id))
  const bankAccounts = await shared.bankAccountsOfParties(ctx.db, rows.map((r) => ({ kind: r.legitimation.partyKind, id: r.legitimation.partyId })))
  const list = rows.map(({ legitimation: row, user }) => {
    const all = documents.get(row.id) ?? []
    const facts = moneyFactsFrom(row, all, bankAccounts.get(`${row.partyKind}:${row.partyId}`) ?? [])
    return adminOutputFrom(row, outputFrom({ kind: row.partyKind as Party['kind'], id: row.partyId }, facts, all), user)
  })
  return { list, total_count: total, total_count_max: totalMax, ...(query.counts ? { counts } : {}) }
}

export async function adminLegitimation(ctx: Ctx, id: number): Promise<AdminLegitimationOutput> {
  assertCan(ctx.actor, 'admin.read')
  const row = await repo.findLegitimationById(ctx.db, id)
  if (!row) throw legitimationNotFound()
  return adminOutputOf(ctx.db, row)
}

export async function adminDocumentFile(ctx: Ctx, id: number): Promise<DocumentFile> {
  assertCan(ctx.actor, 'admin.read')
  const document = await repo.findDocument(ctx.db, id)
  if (!document) throw documentNotFound()
  return fileOf(ctx, document)
}

async function lockedDocument(tx: Executor, id: number) {
  const document = await repo.findDocument(tx, id, { lock: true })
  if (!document) throw documentNotFound()
  const legitimation = (await repo.findLegitimationById(tx, document.legitimationId, { lock: true }))!
  return { document, legitimation }
}

async function mailParty(ctx: Ctx, tx: Executor, row: shared.LegitimationRow, mail: { kind: 'legitimation_accepted' | 'legitimation_rejected' | 'kyc_document_refused'; text?: string; document?: KycDocumentKind }) {
  const user = await accounts.userContact(tx, row.userId)
  if (!user) return
  const words = kycDocumentWords[user.locale === 'de' ? 'de' : 'en']
  await email.queueEmail(ctx.deps, tx, {
    to: user.email, kind: mail.kind, locale: user.locale, userId: user.id, firstName: user.firstName,
    productName: mail.document ? words[mail.document] : undefined, notificationText: mail.text,
    link: `${ctx.deps.config.appUrl}/${areaOfParty[row.partyKind as Party['kind']]}/identity`,
  })
}

export async function validateDocument(ctx: Ctx, id: number): Promise<AdminLegitimationOutput> {
  const managerId = managerOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const { document, legitimation } = await lockedDocument(tx, id)
    assertTransition(kycDocumentTransitions, document.state as KycDocumentState, 'validated', 'The document')
    await repo.updateDocument(tx, document.id, { state: 'validated', refusedReason: null, refusedComment: null, reviewedAt: ctx.now, reviewedBy: managerId, updatedAt: ctx.now })
    return adminOutputOf(tx, legitimation)
  })
}

export async function refuseDocument(ctx: Ctx, id: number, input: z.infer<typeof refuseKycDocumentInput>): Promise<AdminLegitimationOutput> {
  const managerId = managerOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const { document, legitimation } = await lockedDocument(tx, id)
    assertTransition(kycDocumentTransitions, document.state as KycDocumentState, 'refused', 'The document')
    await repo.updateDocument(tx, document.id, {
      state: 'refused', refusedReason: input.reason, refusedComment: input.comment ?? null, reviewedAt: ctx.now, reviewedBy: managerId, updatedAt: ctx.now,
    })
    // The party has to replace it: the check goes back to them.
    const step = legitimation.step as LegitimationStep
    if (step !== 'change' && step !== 'rejected') {
      assertTransition(legitimationTransitions, step, 'change', 'The identity check')
      await repo.updateLegitimation(tx, legitimation.id, { step: 'change', updatedAt: ctx.now })
    }
    await mailParty(ctx, tx, legitimation, { kind: 'kyc_document_refused', document: document.kind as KycDocumentKind, text: [input.reason.replace(/_/g, ' '), input.comment].filter(Boolean).join(': ') })
    return adminOutputOf(tx, (await repo.findLegitimationById(tx, legitimation.id))!)
  })
}

export async function acceptLegitimation(ctx: Ctx, id: number): Promise<AdminLegitimationOutput> {
  const managerId = managerOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findLegitimationById(tx, id, { lock: true })
    if (!row) throw legitimationNotFound()
    assertTransition(legitimationTransitions, row.step as LegitimationStep, 'legitimated', 'The identity check')
    const documents = newestPerKind(await shared.documentsOf(tx, row.id))
    const required = requiredDocumentKinds(row.businessType as BusinessType)
    const unusable = required.filter((kind) => !documents.some((d) => d.kind === kind && (d.state === 'validated' || d.state === 'validation_asked')))
    if (unusable.length > 0) {
      throw new AppError('legitimation_incomplete', `These documents are missing or refused: ${unusable.join(', ')}`, unusable.map((kind) => ({ path: `documents.${kind}`, message: 'required' })))
    }
    for (const document of documents) {
      if (document.state !== 'validation_asked') continue
      assertTransition(kycDocumentTransitions, 'validation_asked', 'validated', 'The document')
      await repo.updateDocument(tx, document.id, { state: 'validated', reviewedAt: ctx.now, reviewedBy: managerId, updatedAt: ctx.now })
    }
    const updated = await repo.updateLegitimation(tx, row.id, { step: 'legitimated', rejectionReason: null, reviewedAt: ctx.now, reviewedBy: managerId, updatedAt: ctx.now })
    await mailParty(ctx, tx, updated, { kind: 'legitimation_accepted' })
    return adminOutputOf(tx, updated)
  })
}

export async function rejectLegitimation(ctx: Ctx, id: number, reason: string): Promise<AdminLegitimationOutput> {
  const managerId = managerOf(ctx)
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findLegitimationById(tx, id, { lock: true })
    if (!row) throw legitimationNotFound()
    assertTransition(legitimationTransitions, row.step as LegitimationStep, 'rejected', 'The identity check')
    const updated = await repo.updateLegitimation(tx, row.id, { step: 'rejected', rejectionReason: reason, reviewedAt: ctx.now, reviewedBy: managerId, updatedAt: ctx.now })
    await mailParty(ctx, tx, updated, { kind: 'legitimation_rejected', text: reason })
    return adminOutputOf(tx, updated)
  })
}
