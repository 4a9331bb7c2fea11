import { splitCommissions } from '../../../shared/affiliates'
import { formatMoney, roundHalfUp, type CurrencyId } from '../../../shared/money'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import type { ChargeCommissions, ChargeCommissionsInput, CommissionsPort, OrderCommission, ReversedCommissionLine } from '../../ports/commissions'
import * as email from '../email/email.service'
import * as orders from '../orders/orders.service'
import * as repo from './commissions.repository'

// The commissions of an attributed charge (docs/decisions/0048-affiliates.md "Levels", "Money is in the
// ledger"): computed here, booked by the order store as credit lines of the charge's own ledger transaction
// (the port ../../ports/commissions.ts, wired in bootstrap.ts). The rows in affiliate_commissions explain
// those lines: one per payment, level and kind, so a replayed provider event books nothing twice.

const dayMs = 86_400_000
const nothing: ChargeCommissions = { commissions: [], bonuses: [] }

type ChainLevel = { level: number; bps: number; node: repo.NodeRow | null }

/**
 * The recruitment chain of a sale through `node`, one entry per level of the program: level 1 is the node,
 * level 2 its recruiter, and so on. A level whose node is not accepted (any more), belongs to another
 * program or repeats a publisher is not paid (its bps are 0): the seller keeps that part.
 */
async function chainOf(tx: Executor, program: repo.ProgramRow, node: repo.NodeRow): Promise<ChainLevel[]> {
  const levels: ChainLevel[] = []
  const seen = new Set<number>()
  const seenNodes = new Set<number>()
  let current: repo.NodeRow | undefined = node
  for (let i = 0; i < program.commissionBps.length; i++) {
    const bps = program.commissionBps[i] ?? 0
    if (!current || seenNodes.has(current.id)) {
      levels.push({ level: i + 1, bps: 0, node: null })
      current = undefined
      continue
    }
    seenNodes.add(current.id)
    const pays = current.state === 'accepted' && current.programId === program.id && !seen.has(current.publisherId)
    seen.add(current.publisherId)
    levels.push({ level: i + 1, bps: pays ? bps : 0, node: pays ? current : null })
    current = current.recruitedByNodeId !== null ? await repo.nodeById(tx, current.recruitedByNodeId) : undefined
  }
  return levels
}

/** Whether the program's commission duration still pays this charge. */
function durationPays(program: repo.ProgramRow, input: ChargeCommissionsInput): boolean {
  if (!input.renewal) return true
  if (program.lifetime === 'lifetime') return true
  if (program.lifetime === 'days' && program.lifetimeDays !== null && input.firstPaidAt) {
    return input.now.getTime() < input.firstPaidAt.getTime() + program.lifetimeDays * dayMs
  }
  return false
}

/**
 * The commission base of a charge: a later rate's net (its gross less its VAT share), or its gross with
 * provision_from_brutto; a first charge's: the order lines of the program's products (net or gross), in
 * the share of the lines' gross this charge paid (a plan's first rate pays part of it).
 */
async function baseOf(tx: Executor, program: repo.ProgramRow, input: ChargeCommissionsInput): Promise<number> {
  if (input.renewal) return program.provisionFromBrutto ? input.gross : input.gross - input.vat
  const inProgram = new Set(await repo.productIdsOfProgram(tx, program.id))
  const items = await orders.orderItemsOf(tx, input.orderId)
  const linesGross = items.reduce((sum, i) => sum + i.grossAmount, 0)
  const base = items.filter((i) => inProgram.has(i.productId)).reduce((sum, i) => sum + (program.provisionFromBrutto ? i.grossAmount : i.grossAmount - i.vatAmount), 0)
  if (linesGross <= 0 || input.gross === linesGross) return base
  return Math.min(base, roundHalfUp(BigInt(base) * BigInt(input.gross), linesGross))
}

/**
 * Records a successful charge's commissions and, at a publisher's first commission in the program, its
 * bonus; answers what the order store books. Nothing when the order's node is gone, the program's duration
 * ended (later rates), or the charge was recorded before (a replayed provider event).
 */
export async function forCharge(deps: AppDeps, tx: Executor, input: ChargeCommissionsInput): Promise<ChargeCommissions> {
  const node = await repo.nodeById(tx, input.nodeId)
  const program = node ? await repo.programById(tx, node.programId) : undefined
  if (!node || !program || program.sellerId !== input.sellerId || !durationPays(program, input)) return nothing
  if ((await repo.commissionsOfPayment(tx, input.paymentId)).length > 0) return nothing
  const chain = await chainOf(tx, program, node)
  const base = Math.max(0, await baseOf(tx, program, input))
  const parts = splitCommissions({ amount: base, currency: input.currency }, chain.map((l) => l.bps), Math.max(0, input.cap))
  const availableAt = new Date(input.now.getTime() + program.holdDays * dayMs)
  const rows = chain.flatMap((l, i) => {
    const amount = parts[i]?.amount ?? 0
    if (!l.node || amount <= 0) return []
    return [{
      orderId: input.orderId, paymentId: input.paymentId, sellerId: input.sellerId, programId: program.id, nodeId: l.node.id, publisherId: l.node.publisherId,
      kind: 'commission', level: l.level, bps: l.bps, amount, currency: input.currency, availableAt, createdAt: input.now,
    }]
  })
  const inserted = await repo.insertCommissions(tx, rows)
  if (inserted.length < rows.length) return nothing // booked by a concurrent run of the same payment
  const commissions = inserted.map((r) => ({ publisherId: r.publisherId, amount: { amount: r.amount, currency: input.currency } }))
  const bonuses: ChargeCommissions['bonuses'] = []
  const bonus = program.bonusAmount ?? 0
  // The bonus is paid in its own currency only: a sale in another currency leaves it for a later sale.
  if (!input.renewal && node.state === 'accepted' && bonus > 0 && program.bonusCurrency === input.currency && await repo.markBonusPaid(tx, node.id, input.now)) {
    await repo.insertCommissions(tx, [{
      orderId: input.orderId, paymentId: input.paymentId, sellerId: input.sellerId, programId: program.id, nodeId: node.id, publisherId: node.publisherId,
      kind: 'bonus', level: 1, bps: 0, amount: bonus, currency: input.currency, availableAt, createdAt: input.now,
    }])
    bonuses.push({ publisherId: node.publisherId, amount: { amount: bonus, currency: input.currency } })
  }
  await mailNewSale(deps, tx, program, input, [
    ...inserted.map((r) => ({ publisherId: r.publisherId, level: r.level, amount: r.amount })),
    ...bonuses.map((b) => ({ publisherId: b.publisherId, level: 1, amount: b.amount.amount })),
  ])
  if (!input.renewal && program.lifetime !== 'none' && node.state === 'accepted') {
    await repo.rememberAttribution(tx, {
      programId: program.id, nodeId: node.id, payerEmail: input.payerEmail, firstOrderId: input.orderId, now: input.now,
      expiresAt: program.lifetime === 'days' && program.lifetimeDays !== null ? new Date(input.now.getTime() + program.lifetimeDays * dayMs) : null,
    })
  }
  return { commissions, bonuses }
}

/**
 * The new sale mail (`affiliate_commission`): once per publisher and charge, in the charge's transaction,
 * with the product, the publisher's own amount (commission and bonus together) and level; unless the
 * publisher turned `new_sale` mails off. Nothing of the payer goes into it.
 */
async function mailNewSale(deps: AppDeps, tx: Executor, program: repo.ProgramRow, input: ChargeCommissionsInput, lines: { publisherId: number; level: number; amount: number }[]) {
  const byPublisher = new Map<number, { level: number; amount: number }>()
  for (const line of lines) {
    const seen = byPublisher.get(line.publisherId)
    byPublisher.set(line.publisherId, { level: Math.min(seen?.level ?? line.level, line.level), amount: (seen?.amount ?? 0) + line.amount })
  }
  if (byPublisher.size === 0) return
  const mailees = (await repo.publisherMailees(tx, [...byPublisher.keys()])).filter((m) => m.emailNotifications.new_sale !== false)
  if (mailees.length === 0) return
  const inProgram = new Set(await repo.productIdsOfProgram(tx, program.id))
  const items = await orders.orderItemsOf(tx, input.orderId)
  const productName = (items.find((i) => inProgram.has(i.productId)) ?? items.find((i) => i.kind === 'main') ?? items[0])?.name ?? program.name
  for (const m of mailees) {
    const earned = byPublisher.get(m.publisherId)!
    await email.queueEmail(deps, tx, {
      to: m.email, kind: 'affiliate_commission', locale: m.locale, userId: m.userId, firstName: m.firstName, productName,
      amount: formatMoney({ amount: earned.amount, currency: input.currency }), notificationText: String(earned.level),
      link: `${deps.config.appUrl}/publish/orders`,
    })
  }
}

/**
 * Keeps reversed_amount in step with the ledger: a refund's or chargeback's debit of a publisher's balance
 * (positive) is spread over that publisher's commission rows of the order, the refunded charge's first,
 * then newest first, never above a row's amount; a won chargeback's credit (negative) takes it back.
 */
export async function reversed(_deps: AppDeps, tx: Executor, input: { orderId: number; paymentId: number; kind: string; lines: ReversedCommissionLine[]; now: Date }): Promise<void> {
  const byPublisher = new Map<number, number>()
  for (const line of input.lines) byPublisher.set(line.publisherId, (byPublisher.get(line.publisherId) ?? 0) + line.amount)
  const chargeId = await chargeOf(tx, input.orderId, input.paymentId)
  for (const [publisherId, delta] of byPublisher) {
    if (delta === 0) continue
    const rows = await repo.commissionRowsOf(tx, input.orderId, publisherId)
    const ordered = [...rows.filter((r) => r.paymentId === chargeId), ...rows.filter((r) => r.paymentId !== chargeId)]
    let left = Math.abs(delta)
    for (const row of ordered) {
      if (left === 0) break
      const step = delta > 0 ? Math.min(row.amount - row.reversedAmount, left) : Math.min(row.reversedAmount, left)
      if (step <= 0) continue
      await repo.setReversed(tx, row.id, row.reversedAmount + (delta > 0 ? step : -step))
      left -= step
    }
  }
}

/** The charge a refund, chargeback or won chargeback goes back to (through its parent payments). */
async function chargeOf(tx: Executor, orderId: number, paymentId: number): Promise<number | null> {
  const payments = await orders.paymentsOf(tx, orderId)
  let current = payments.find((p) => p.id === paymentId)
  for (let hops = 0; current && hops < 5; hops++) {
    if (current.kind === 'charge') return current.id
    const parent = current.parentPaymentId
    current = parent === null ? undefined : payments.find((p) => p.id === parent)
  }
  return null
}

/** The state a commission row reads: reversed once all of it was taken back, pending until available_at. */
export function commissionState(row: { amount: number; reversedAmount: number; availableAt: Date }, now: Date): OrderCommission['state'] {
  if (row.amount > 0 && row.reversedAmount >= row.amount) return 'reversed'
  return row.availableAt.getTime() > now.getTime() ? 'pending' : 'available'
}

/** The order detail's commissions (GET /cabinet/orders/{id}). */
export async function ofOrder(db: Executor, orderId: number, now: Date): Promise<OrderCommission[]> {
  return (await repo.commissionsOfOrder(db, orderId)).map((r) => ({
    level: r.level, publisher_id: r.publisherId, kind: r.kind === 'bonus' ? 'bonus' : 'commission', amount: r.amount, reversed_amount: r.reversedAmount,
    currency: r.currency as CurrencyId, state: commissionState(r, now), available_at: r.availableAt.toISOString(),
  }))
}

/** The port the order store asks (bootstrap.ts). */
export const commissionsPort: CommissionsPort = { forCharge, reversed, ofOrder, publisherBrief: repo.publisherBrief, programBrief: repo.programBrief }
