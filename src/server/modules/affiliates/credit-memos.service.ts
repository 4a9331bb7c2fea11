import PDFDocument from 'pdfkit'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { creditMemoOutput } from '../../../shared/schemas/affiliates'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import * as email from '../email/email.service'
import * as repo from './affiliates.repository'
import { requirePublisher } from './publishers.service'

// Credit memos (self-billing statements, docs/decisions/0048-affiliates.md): one per seller, publisher, month
// and currency, for months that have ended, made by the daily job `affiliates.credit-memos` or when either side
// reads them first (the unique index keeps one per month); the publisher is mailed when a memo is made.
// Numbered per seller and year `CM-YYYY-0001` by the month's year, under a per-seller lock. A memo states the commissions less reversals as they stood when it was made; a later reversal of an
// old commission shows in the ledger and transfers, not in a re-made memo.

type Output = z.infer<typeof creditMemoOutput>
type Scope = { sellerId: number } | { publisherId: number }

const notFound = () => new AppError('not_found', 'This credit memo does not exist')

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
}

/** Makes the memos of ended months that are missing for this seller or publisher; answers how many. */
export async function issueDueMemos(ctx: Ctx, tx: Executor, scope: Scope): Promise<number> {
  return (await issue(ctx, tx, scope)).length
}

/** Makes and mails the due memos; answers those just made (not a month whose memo a concurrent run made). */
async function issue(ctx: Ctx, tx: Executor, scope: Scope): Promise<repo.CreditMemoRow[]> {
  const due = await repo.unbilledMonths(tx, scope, monthStart(ctx.now))
  const made: repo.CreditMemoRow[] = []
  for (const sellerId of [...new Set(due.map((d) => d.sellerId))]) {
    await repo.lockSellerMemos(tx, sellerId)
    const counters = new Map<string, number>()
    for (const month of due.filter((d) => d.sellerId === sellerId)) {
      const year = month.periodStart.slice(0, 4)
      const next = (counters.get(year) ?? await repo.memoCountOfYear(tx, sellerId, year)) + 1
      counters.set(year, next)
      const memo = await repo.insertCreditMemo(tx, {
        number: `CM-${year}-${String(next).padStart(4, '0')}`, sellerId, publisherId: month.publisherId, periodStart: month.periodStart,
        currency: month.currency, amount: Number(month.amount), commissionsCount: month.n, createdAt: ctx.now,
      })
      if (memo) made.push(memo)
    }
  }
  await mailMemos(ctx.deps, tx, made)
  return made
}

/** `credit_memo_issued` to each memo's publisher, in the transaction that made it, unless `credit_memo` mails are off. */
async function mailMemos(deps: AppDeps, tx: Executor, memos: repo.CreditMemoRow[]) {
  if (memos.length === 0) return
  const usernames = await repo.sellerUsernames(tx, [...new Set(memos.map((m) => m.sellerId))])
  for (const publisherId of [...new Set(memos.map((m) => m.publisherId))]) {
    const publisher = await repo.findPublisher(tx, publisherId)
    if (!publisher || publisher.emailNotifications.credit_memo === false) continue
    const user = await repo.userOf(tx, publisher.userId)
    if (!user) continue
    for (const memo of memos.filter((m) => m.publisherId === publisherId)) {
      await email.queueEmail(deps, tx, {
        to: user.email, kind: 'credit_memo_issued', locale: user.locale, userId: user.id, firstName: user.firstName,
        productName: memo.number, sellerName: usernames.get(memo.sellerId) ?? '', notificationText: memo.periodStart.slice(0, 7),
        amount: isCurrencyId(memo.currency) ? formatMoney({ amount: memo.amount, currency: memo.currency }) : `${memo.amount} ${memo.currency}`,
        link: `${deps.config.appUrl}/publish/payouts_balance`,
      })
    }
  }
}

/**
 * The daily job's work (affiliates.jobs.ts): the due memos of every publisher with commissions in ended
 * months (so of every seller too), one transaction per publisher. A memo is made once, so a second run makes
 * and mails nothing.
 */
export async function issueAllDueMemos(deps: AppDeps): Promise<number> {
  const ctx = systemContext(deps)
  let made = 0
  for (const publisherId of await repo.publishersWithUnbilled(deps.db, monthStart(ctx.now))) {
    made += await deps.db.transaction(async (tx) => (await issue(ctx, tx, { publisherId })).length)
  }
  return made
}

async function outputs(ctx: Ctx, db: Executor, rows: repo.CreditMemoRow[], area: 'publish' | 'cabinet'): Promise<Output[]> {
  const usernames = await repo.sellerUsernames(db, [...new Set(rows.map((r) => r.sellerId))])
  const names = await repo.publisherNames(db, [...new Set(rows.map((r) => r.publisherId))])
  return rows.map((r) => ({
    id: r.id, number: r.number, seller: { id: r.sellerId, username: usernames.get(r.sellerId) ?? '' },
    publisher: { id: r.publisherId, name: names.get(r.publisherId) ?? '' }, period_start: r.periodStart, currency: r.currency,
    amount: r.amount, commissions_count: r.commissionsCount, created_at: r.createdAt.toISOString(),
    pdf_url: `${ctx.deps.config.appUrl}/api/v1/${area}/credit_memos/${r.id}/pdf`,
  }))
}

async function scopeOf(ctx: Ctx, tx: Executor, area: 'publish' | 'cabinet'): Promise<Scope> {
  if (area === 'cabinet') return { sellerId: actingSellerId(ctx.actor, 'affiliates.read') }
  return { publisherId: (await requirePublisher(ctx, tx)).id }
}

export async function listMemos(ctx: Ctx, area: 'publish' | 'cabinet', query: ListQuery): Promise<ListAnswer<Output>> {
  return ctx.db.transaction(async (tx) => {
    const scope = await scopeOf(ctx, tx, area)
    await issueDueMemos(ctx, tx, scope)
    const { rows, total } = await repo.listCreditMemos(tx, scope, { offset: (query.page - 1) * query.per, limit: query.per })
    return { list: await outputs(ctx, tx, rows, area), total_count: total, total_count_max: total }
  })
}

export async function memoPdf(ctx: Ctx, area: 'publish' | 'cabinet', id: number): Promise<{ filename: string; pdf: Buffer }> {
  const { memo, lines, output } = await ctx.db.transaction(async (tx) => {
    const scope = await scopeOf(ctx, tx, area)
    const memo = await repo.findCreditMemo(tx, id, scope)
    if (!memo) throw notFound()
    return { memo, lines: await repo.memoCommissions(tx, memo), output: (await outputs(ctx, tx, [memo], area))[0]! }
  })
  return { filename: `${memo.number}.pdf`, pdf: await renderMemoPdf(output, lines) }
}

/** A4, pdfkit standard fonts: the memo's parties and month, one line per commission, the total. */
export async function renderMemoPdf(memo: Output, lines: repo.CommissionRow[]): Promise<Buffer> {
  const money = (amount: number) => (isCurrencyId(memo.currency) ? formatMoney({ amount, currency: memo.currency }, { display: 'code' }) : `${amount} ${memo.currency}`)
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Credit memo ${memo.number}`, Creator: 'Sellfront' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  doc.font('Helvetica-Bold').fontSize(16).text(`Credit memo ${memo.number}`)
  doc.moveDown(0.5).font('Helvetica').fontSize(10)
  doc.text(`Issued by ${memo.seller.username} (seller) to ${memo.publisher.name} (publisher)`)
  doc.text(`Period: ${memo.period_start.slice(0, 7)}  ·  Currency: ${memo.currency.toUpperCase()}  ·  Issued: ${memo.created_at.slice(0, 10)}`)
  doc.moveDown()
  doc.font('Helvetica-Bold').text('Date        Order      Level   Kind          Commission        Reversed')
  doc.font('Helvetica')
  for (const c of lines) {
    doc.text(`${c.createdAt.toISOString().slice(0, 10)}  #${String(c.orderId).padEnd(9)} ${String(c.level).padEnd(7)} ${c.kind.padEnd(13)} ${money(c.amount).padEnd(17)} ${money(c.reversedAmount)}`)
  }
  doc.moveDown().font('Helvetica-Bold').text(`Total: ${money(memo.amount)} (${memo.commissions_count} commissions)`)
  doc.moveDown().font('Helvetica').fontSize(8).text('Self-billing statement of affiliate commissions. Amounts are commissions less what refunds and chargebacks took back when this memo was made.')
  doc.end()
  return done
}
