import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import type { createPayoutBatchInput, payoutBatchOutput } from '../../../shared/schemas/payouts'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { assertCan } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './payouts.repository'
import { issueRow, settleRow } from './payouts.service'
import { sepaCreditTransferFile } from './sepa-file'

// The managers' SEPA batches (docs/decisions/0049-money-out.md "Rails"): a batch takes the pending SEPA
// payouts of one currency that are in no batch yet (locked FOR UPDATE, so two batches made at once never
// share a payout), its file is made from stored rows only (the same batch gives the same file), and the
// manager marks it issued, then successful.

type BatchOutput = z.infer<typeof payoutBatchOutput>

const notFound = () => new AppError('not_found', 'This payout batch does not exist')

function batchState(states: { state: string; n: number }[]): BatchOutput['state'] {
  // Canceled payouts (returned by the bank) do not change what the rest of the batch is.
  const live = states.filter((s) => s.state !== 'canceled' && s.n > 0)
  return live.length === 1 ? (live[0]!.state as BatchOutput['state']) : 'mixed'
}

function toBatchOutput(batch: repo.BatchRow, states: { state: string; n: number }[]): BatchOutput {
  return {
    id: batch.id, message_id: batch.messageId, currency: batch.currency, total_amount: batch.totalAmount, payouts_count: batch.payoutsCount,
    created_at: batch.createdAt.toISOString(), state: batchState(states),
  }
}

function statesOf(rows: repo.PayoutWithAccount[]) {
  const counts = new Map<string, number>()
  for (const r of rows) counts.set(r.payout.state, (counts.get(r.payout.state) ?? 0) + 1)
  return [...counts].map(([state, n]) => ({ state, n }))
}

export async function createBatch(ctx: Ctx, input: z.infer<typeof createPayoutBatchInput>): Promise<{ batch: BatchOutput }> {
  assertCan(ctx.actor, 'admin.write')
  const managerId = ctx.actor.userId
  return ctx.db.transaction(async (tx) => {
    const rows = await repo.lockBatchable(tx, input.currency, input.payout_ids)
    if (rows.length === 0) {
      throw new AppError('bad_request', input.payout_ids
        ? 'None of these payouts is a pending SEPA payout in this currency outside a batch'
        : `There are no pending SEPA payouts in ${input.currency.toUpperCase()} that are not in a batch yet`)
    }
    // MsgId: at most 35 characters, unique per file; stored, so the file can be made again the same.
    const batch = await repo.insertBatch(tx, {
      messageId: `SF${ctx.now.toISOString().slice(0, 10).replaceAll('-', '')}${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      currency: input.currency, totalAmount: rows.reduce((sum, r) => sum + r.payout.amount, 0), payoutsCount: rows.length,
      createdBy: managerId, createdAt: ctx.now,
    })
    await repo.assignBatch(tx, batch.id, rows.map((r) => r.payout.id), ctx.now)
    return { batch: toBatchOutput(batch, [{ state: 'pending', n: rows.length }]) }
  })
}

export async function listBatches(ctx: Ctx, query: ListQuery): Promise<ListAnswer<BatchOutput>> {
  assertCan(ctx.actor, 'admin.read')
  const { rows, total, states } = await repo.listBatches(ctx.db, { offset: (query.page - 1) * query.per, limit: query.per })
  return { list: rows.map((b) => toBatchOutput(b, states.filter((s) => s.batchId === b.id))), total_count: total, total_count_max: total }
}

/**
 * The batch's pain.001.001.03 file: every payout in it, so the file is the same on every download. A payout
 * in a batch is only canceled after it was issued (the bank returned it), never before (adminCancelPayout).
 */
export async function batchFile(ctx: Ctx, id: number): Promise<{ filename: string; xml: string }> {
  assertCan(ctx.actor, 'admin.read')
  const batch = await repo.findBatch(ctx.db, id)
  if (!batch) throw notFound()
  const config = ctx.deps.config
  if (!config.PAYOUT_DEBTOR_IBAN) {
    throw new AppError('conflict', 'The platform\'s payout account is not configured: set PAYOUT_DEBTOR_IBAN (and PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_BIC) to make SEPA files')
  }
  const rows = await repo.payoutsOfBatch(ctx.db, id)
  const xml = fileOrRefusal(() => sepaCreditTransferFile({
    messageId: batch.messageId, createdAt: batch.createdAt,
    debtor: { name: config.PAYOUT_DEBTOR_NAME ?? 'Sellfront', iban: config.PAYOUT_DEBTOR_IBAN!, ...(config.PAYOUT_DEBTOR_BIC ? { bic: config.PAYOUT_DEBTOR_BIC } : {}) },
    transfers: rows.map((r) => ({ payoutId: r.payout.id, amount: r.payout.amount, currency: r.payout.currency, holder: r.account.holder, iban: r.account.iban, bic: r.account.bic })),
  }))
  return { filename: `sepa-batch-${batch.id}.xml`, xml }
}

/** The sepa package checks every field (IBAN, BIC, names); a row it refuses is named to the manager, not a 500. */
function fileOrRefusal(make: () => string): string {
  try {
    return make()
  } catch (error) {
    throw new AppError('conflict', `The SEPA file cannot be made: ${error instanceof Error ? error.message : 'a field is not valid'}`)
  }
}

/** The file went to the bank: the batch's pending payouts become issued. */
export async function markBatchIssued(ctx: Ctx, id: number): Promise<{ batch: BatchOutput }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const batch = await repo.findBatch(tx, id, { lock: true })
    if (!batch) throw notFound()
    const rows = await repo.payoutsOfBatch(tx, id, { lock: true })
    const after = []
    for (const row of rows) after.push(row.payout.state === 'pending' ? await issueRow(ctx.deps, tx, row, ctx.now) : row)
    return { batch: toBatchOutput(batch, statesOf(after)) }
  })
}

/** The bank confirmed the batch: its issued payouts become successful (ledger payout_settled, mail). */
export async function markBatchSuccessful(ctx: Ctx, id: number): Promise<{ batch: BatchOutput }> {
  assertCan(ctx.actor, 'admin.write')
  return ctx.db.transaction(async (tx) => {
    const batch = await repo.findBatch(tx, id, { lock: true })
    if (!batch) throw notFound()
    const rows = await repo.payoutsOfBatch(tx, id, { lock: true })
    if (rows.some((r) => r.payout.state === 'pending')) throw new AppError('conflict', 'Mark the batch issued first: some of its payouts were not sent yet')
    const after = []
    for (const row of rows) after.push(row.payout.state === 'issued' ? await settleRow(ctx.deps, tx, row, ctx.now) : row)
    return { batch: toBatchOutput(batch, statesOf(after)) }
  })
}
