import { createHash } from 'node:crypto'
import { AppError } from '../../../shared/errors'
import type {
  AssignBankTransferInput, BankStatementListQuery, BankStatementOutput, BankTransferListQuery, BankTransferOutput, IgnoreBankTransferInput,
} from '../../../shared/schemas/bank-transfers'
import type { ListAnswer } from '../../../shared/schemas/lists'
import { bankTransferTransitions, type BankTransferState } from '../../../shared/states/bank-transfer'
import { assertTransition } from '../../../shared/states/transitions'
import { actingSellerId } from '../../auth/permissions'
import { assertFeature, type Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import * as orders from '../orders/orders.service'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as repo from './bank-transfers.repository'
import { decide, referenceOf, settle, type MatchDecision } from './match'
import { parseStatement, type Statement, type StatementLine } from './statement'

// Importing a bank statement (docs/decisions/0078-virtual-iban-bank-statements.md). Each credit line is
// stored once (unique account + bank reference: a re-import or a racing import of the same line adds
// nothing) in a transaction that holds the named order's row lock, so two statements paying one order
// are decided one after the other. An exact or over payment is then recorded through the orders service's
// one payment-recording path (ledger, delivery, events, mails), which re-checks under the same locks.

export type ImportSummary = { statementId: number; created: boolean; lines: { bankRef: string; state: string; decision: MatchDecision['kind'] | 'already_imported' }[] }

export function parseStatementFile(content: string): Statement {
  return parseStatement(content)
}

/**
 * Whether a statement's account is the seller's bank wire IBAN: the same IBAN, or (MT940's tag 25 of a German
 * bank) the bank code and account number the German IBAN is made of.
 */
export function sameAccount(statementAccount: string, iban: string): boolean {
  const account = statementAccount.replace(/\s/g, '').toUpperCase()
  const own = iban.replace(/\s/g, '').toUpperCase()
  if (account === own) return true
  const german = /^(\d{8})\/(\d{1,10})$/.exec(account)
  return german !== null && /^DE\d{20}$/.test(own) && own.slice(4, 12) === german[1] && own.slice(12) === german[2]!.padStart(10, '0')
}

/**
 * Imports a statement of the seller's bank wire account (docs/decisions/0078-virtual-iban-bank-statements.md
 * "The virtual IBAN is the seller's bank wire account"): refused unless its account is the seller's bank wire
 * IBAN; a line pays only one of the seller's own bank wire payments.
 */
export async function importStatement(deps: AppDeps, content: string, scope: { sellerId: number; uploadedBy: number | null }): Promise<ImportSummary> {
  const statement = parseStatementFile(content)
  const wire = await paymentSettings.providerCredentials(deps.db, deps, scope.sellerId, 'bank_wire') as { iban?: string } | null
  if (!wire?.iban) throw new AppError('conflict', 'Set up bank wire (your account\'s IBAN) in the payment settings first')
  if (!statement.accountIban || !sameAccount(statement.accountIban, wire.iban)) {
    throw new AppError('invalid_upload', `The statement is of account ${statement.accountIban ?? '(none named)'}, not of your bank wire account`)
  }
  const fileSha256 = createHash('sha256').update(content).digest('hex')
  const { row, created } = await repo.insertStatement(deps.db, {
    sellerId: scope.sellerId, format: statement.format, statementId: statement.statementId, accountIban: statement.accountIban, fileSha256,
    lineCount: statement.lines.length, uploadedBy: scope.uploadedBy,
  })
  const lines: ImportSummary['lines'] = []
  for (const line of statement.lines) lines.push(await importLine(deps, scope.sellerId, row.id, statement.accountIban, line))
  return { statementId: row.id, created, lines }
}

async function importLine(deps: AppDeps, sellerId: number, statementId: number, accountIban: string, line: StatementLine): Promise<ImportSummary['lines'][number]> {
  const now = deps.now()
  const ref = referenceOf(line)
  const found = 'reference' in ref ? await orders.findPaymentByRef(deps.db, 'bank_wire', ref.reference) : undefined
  const result = await deps.db.transaction(async (tx) => {
    // The order's row lock first (the orders README's lock order), then the re-read under it. Another seller's
    // payment is not this account's: the line stays unmatched (unknown reference).
    const order = found ? await orders.findOrder(tx, found.orderId, { lock: true }) : undefined
    const payment = found && order?.sellerId === sellerId ? await orders.findPaymentByToken(tx, found.token, { lock: true }) : undefined
    const received = payment ? await repo.receivedFor(tx, payment.id) : 0
    const decision = decide(line, payment && 'reference' in ref ? { id: payment.id, reference: ref.reference, amount: payment.amount, currency: payment.currency, received, state: payment.state } : undefined)
    const matched = decision.kind !== 'unmatched'
    const inserted = await repo.insertLine(tx, {
      statementId, sellerId, accountIban, bankRef: line.bankRef, amount: line.amount, currency: line.currency, bookedOn: line.bookedOn, remittance: line.remittance,
      payerName: line.payerName, payerIban: line.payerIban, reference: 'reference' in ref ? ref.reference : null,
      state: matched ? 'matched' : 'unmatched', unmatchedReason: decision.kind === 'unmatched' ? decision.reason : null,
      orderId: matched && payment ? payment.orderId : null, paymentId: matched && payment ? payment.id : null,
      overpaidAmount: decision.kind === 'over' ? Math.min(decision.overpaid, line.amount) : 0, createdAt: now, updatedAt: now,
    })
    return { inserted, decision, payment }
  })
  if (!result.inserted) return { bankRef: line.bankRef, state: 'unchanged', decision: 'already_imported' }
  const { decision, payment } = result
  if (payment) await recordDecision(deps, payment, decision, line.bankRef, line.currency)
  return { bankRef: line.bankRef, state: result.inserted.state, decision: decision.kind }
}

/**
 * Records what a matched transfer paid through the orders service's one payment-recording path: exact or over
 * pays the payment; less marks it partially_paid (the order then waits for the rest, docs/decisions/0078-virtual-iban-bank-statements.md
 * point 5). Run after the line's transaction, so the path takes the same locks again and re-checks.
 */
async function recordDecision(deps: AppDeps, payment: { token: string; providerRef: string | null; amount: number }, decision: MatchDecision, bankRef: string, currency: StatementLine['currency']) {
  const providerRef = payment.providerRef ?? bankRef
  if (decision.kind === 'exact' || decision.kind === 'over') {
    await orders.recordPaymentOutcome(deps, payment.token, { providerRef, state: 'successful', amount: { amount: payment.amount, currency } })
  } else if (decision.kind === 'partial') {
    await orders.recordPaymentOutcome(deps, payment.token, { providerRef, state: 'partially_paid' })
  }
}

// ------------------------------------------------------------------ the seller's cabinet (virtual_iban; orders.read / orders.write)

function statementOutput(row: repo.StatementRow): BankStatementOutput {
  return {
    id: row.id, format: row.format as BankStatementOutput['format'], statement_id: row.statementId, account_iban: row.accountIban,
    line_count: row.lineCount, created_at: row.createdAt.toISOString(),
  }
}

function transferOutput(row: repo.TransferLineRow): BankTransferOutput {
  return {
    id: row.id, statement_id: row.statementId, account_iban: row.accountIban, bank_ref: row.bankRef, amount: row.amount, currency: row.currency,
    booked_on: row.bookedOn, remittance: row.remittance, payer_name: row.payerName, payer_iban: row.payerIban, reference: row.reference,
    state: row.state as BankTransferState, unmatched_reason: row.unmatchedReason, order_id: row.orderId, payment_id: row.paymentId,
    overpaid_amount: row.overpaidAmount, assigned_by: row.assignedBy, assigned_at: row.assignedAt?.toISOString() ?? null, created_at: row.createdAt.toISOString(),
  }
}

/** The seller uploads a statement file of their bank wire account (camt.053 or MT940): its lines are imported and matched. */
export async function uploadStatement(ctx: Ctx, content: string) {
  const sellerId = actingSellerId(ctx.actor, 'orders.write')
  assertFeature(ctx, 'virtual_iban')
  const summary = await importStatement(ctx.deps, content, { sellerId, uploadedBy: ctx.actor!.userId })
  const statement = await repo.findStatement(ctx.db, summary.statementId)
  return {
    bank_statement: statementOutput(statement!), created: summary.created,
    lines: summary.lines.map((l) => ({ bank_ref: l.bankRef, state: l.state, decision: l.decision })),
  }
}

export async function listStatements(ctx: Ctx, query: BankStatementListQuery): Promise<ListAnswer<BankStatementOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  assertFeature(ctx, 'virtual_iban')
  const { rows, total } = await repo.listStatements(ctx.db, sellerId, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map(statementOutput), total_count: total, total_count_max: total }
}

export async function listTransfers(ctx: Ctx, query: BankTransferListQuery): Promise<ListAnswer<BankTransferOutput>> {
  const sellerId = actingSellerId(ctx.actor, 'orders.read')
  assertFeature(ctx, 'virtual_iban')
  const { rows, total, max, counts } = await repo.listLines(ctx.db, sellerId, {
    state: query.state, statementId: query.statement_id, orderId: query.order_id, currency: query.currency, query: query.query,
    sortDir: query.sort_dir, offset: (query.page - 1) * query.per, limit: query.per,
  })
  return { list: rows.map(transferOutput), total_count: total, total_count_max: max, ...(query.counts ? { counts } : {}) }
}

const notFound = () => new AppError('not_found', 'No such bank transfer')

/**
 * The seller gives an unmatched (or ignored) transfer to one of their orders: it pays that order's open bank wire payment
 * in its currency, decided as an import would (exact, partial, over), under the order's and the line's locks.
 * An exact or over payment is then recorded through the orders service's one payment-recording path.
 */
export async function assignTransfer(ctx: Ctx, id: number, input: AssignBankTransferInput): Promise<{ bank_transfer: BankTransferOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'orders.write')
  assertFeature(ctx, 'virtual_iban')
  const userId = ctx.actor!.userId
  const now = ctx.deps.now()
  const result = await ctx.db.transaction(async (tx) => {
    // The order's lock first (the orders README's lock order), then the line's.
    const order = await orders.findOrder(tx, input.order_id, { lock: true })
    if (!order || order.sellerId !== sellerId) throw new AppError('not_found', 'No such order')
    const line = await repo.findLine(tx, sellerId, id, { lock: true })
    if (!line) throw notFound()
    assertTransition(bankTransferTransitions, line.state as BankTransferState, 'assigned')
    const payment = (await orders.paymentsOf(tx, order.id)).filter((p) => p.provider === 'bank_wire').at(-1)
    if (!payment) throw new AppError('conflict', 'The order has no bank wire payment to pay')
    const locked = (await orders.findPaymentByToken(tx, payment.token, { lock: true }))!
    const received = await repo.receivedFor(tx, locked.id)
    // The seller's choice stands for a reference: what the transfer pays is settled as an import would.
    const decision = settle({ amount: line.amount, currency: line.currency as StatementLine['currency'] }, {
      id: locked.id, reference: locked.providerRef ?? '', amount: locked.amount, currency: locked.currency, received, state: locked.state,
    })
    if (decision.kind === 'unmatched') {
      throw new AppError('conflict', decision.reason === 'currency_mismatch' ? `The transfer is in ${line.currency.toUpperCase()}, the order's payment in ${locked.currency.toUpperCase()}` : 'The order\'s bank wire payment is no longer open')
    }
    const updated = await repo.updateLine(tx, id, {
      state: 'assigned', orderId: order.id, paymentId: locked.id, assignedBy: userId, assignedAt: now, note: input.note ?? null,
      overpaidAmount: decision.kind === 'over' ? Math.min(decision.overpaid, line.amount) : 0,
    })
    return { updated, decision, payment: locked }
  })
  await recordDecision(ctx.deps, result.payment, result.decision, result.updated.bankRef, result.updated.currency as StatementLine['currency'])
  return { bank_transfer: transferOutput(result.updated) }
}

/** The seller decides an unmatched transfer pays no order (a supplier's refund, a private transfer). */
export async function ignoreTransfer(ctx: Ctx, id: number, input: IgnoreBankTransferInput): Promise<{ bank_transfer: BankTransferOutput }> {
  const sellerId = actingSellerId(ctx.actor, 'orders.write')
  assertFeature(ctx, 'virtual_iban')
  return ctx.db.transaction(async (tx) => {
    const line = await repo.findLine(tx, sellerId, id, { lock: true })
    if (!line) throw notFound()
    assertTransition(bankTransferTransitions, line.state as BankTransferState, 'ignored')
    return { bank_transfer: transferOutput(await repo.updateLine(tx, id, { state: 'ignored', note: input.note ?? null, assignedBy: ctx.actor!.userId, assignedAt: ctx.deps.now() })) }
  })
}
