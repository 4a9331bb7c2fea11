import { createHash } from 'node:crypto'
import type { AppDeps } from '../../deps'
import * as orders from '../orders/orders.service'
import * as repo from './bank-transfers.repository'
import { decide, referenceOf, type MatchDecision } from './match'
import { parseCamt053, type Statement, type StatementLine } from './statement'

// Importing a bank statement (docs/decisions/0078-virtual-iban-bank-statements.md). Each credit line is
// stored once (unique account + bank reference: a re-import or a racing import of the same line adds
// nothing) in a transaction that holds the named order's row lock, so two statements paying one order
// are decided one after the other. An exact or over payment is then recorded through the orders service's
// one payment-recording path (ledger, delivery, events, mails), which re-checks under the same locks.

export type ImportSummary = { statementId: number; created: boolean; lines: { bankRef: string; state: string; decision: MatchDecision['kind'] | 'already_imported' }[] }

export function parseStatementFile(content: string): Statement {
  return parseCamt053(content)
}

export async function importStatement(deps: AppDeps, content: string, uploadedBy: number | null): Promise<ImportSummary> {
  const statement = parseStatementFile(content)
  const fileSha256 = createHash('sha256').update(content).digest('hex')
  const { row, created } = await repo.insertStatement(deps.db, {
    format: statement.format, statementId: statement.statementId, accountIban: statement.accountIban, fileSha256, lineCount: statement.lines.length, uploadedBy,
  })
  const lines: ImportSummary['lines'] = []
  for (const line of statement.lines) lines.push(await importLine(deps, row.id, statement.accountIban ?? '', line))
  return { statementId: row.id, created, lines }
}

async function importLine(deps: AppDeps, statementId: number, accountIban: string, line: StatementLine): Promise<ImportSummary['lines'][number]> {
  const now = deps.now()
  const ref = referenceOf(line)
  const found = 'reference' in ref ? await orders.findPaymentByRef(deps.db, 'bank_wire', ref.reference) : undefined
  const result = await deps.db.transaction(async (tx) => {
    // The order's row lock first (the orders README's lock order), then the re-read under it.
    if (found) await orders.findOrder(tx, found.orderId, { lock: true })
    const payment = found ? await orders.findPaymentByToken(tx, found.token, { lock: true }) : undefined
    const received = payment ? await repo.receivedFor(tx, payment.id) : 0
    const decision = decide(line, payment && 'reference' in ref ? { id: payment.id, reference: ref.reference, amount: payment.amount, currency: payment.currency, received, state: payment.state } : undefined)
    const matched = decision.kind !== 'unmatched'
    const inserted = await repo.insertLine(tx, {
      statementId, accountIban, bankRef: line.bankRef, amount: line.amount, currency: line.currency, bookedOn: line.bookedOn, remittance: line.remittance,
      payerName: line.payerName, payerIban: line.payerIban, reference: 'reference' in ref ? ref.reference : null,
      state: matched ? 'matched' : 'unmatched', unmatchedReason: decision.kind === 'unmatched' ? decision.reason : null,
      orderId: matched && payment ? payment.orderId : null, paymentId: matched && payment ? payment.id : null,
      overpaidAmount: decision.kind === 'over' ? Math.min(decision.overpaid, line.amount) : 0, createdAt: now, updatedAt: now,
    })
    return { inserted, decision, payment }
  })
  if (!result.inserted) return { bankRef: line.bankRef, state: 'unchanged', decision: 'already_imported' }
  const { decision, payment } = result
  if ((decision.kind === 'exact' || decision.kind === 'over') && payment) {
    await orders.recordPaymentOutcome(deps, payment.token, {
      providerRef: payment.providerRef ?? line.bankRef, state: 'successful', amount: { amount: payment.amount, currency: line.currency },
    })
  }
  return { bankRef: line.bankRef, state: result.inserted.state, decision: decision.kind }
}
