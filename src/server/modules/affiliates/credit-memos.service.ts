import PDFDocument from 'pdfkit'
import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { htmlLang } from '../../../shared/i18n/locales'
import { formatMoney, isCurrencyId } from '../../../shared/money'
import type { LocaleCode } from '../../../shared/schemas/accounts'
import type { creditMemoOutput } from '../../../shared/schemas/affiliates'
import type { ListAnswer, ListQuery } from '../../../shared/schemas/lists'
import { actingSellerId } from '../../auth/permissions'
import { systemContext, type Ctx } from '../../context'
import type { Executor } from '../../db/client'
import type { AppDeps } from '../../deps'
import { pdfTexts } from '../../pdf/pdf-texts'
import { intlTag, pdfDate, pdfLocaleOf, PdfWriter, type Align } from '../../pdf/pdf-writer'
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
const margin = 50

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
    const locale = email.mailLocale(user.locale)
    for (const memo of memos.filter((m) => m.publisherId === publisherId)) {
      await email.queueEmail(deps, tx, {
        to: user.email, kind: 'credit_memo_issued', locale, userId: user.id, firstName: user.firstName,
        productName: memo.number, sellerName: usernames.get(memo.sellerId) ?? '', notificationText: monthIn(memo.periodStart, locale),
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
  const { memo, lines, output, locale } = await ctx.db.transaction(async (tx) => {
    const scope = await scopeOf(ctx, tx, area)
    const memo = await repo.findCreditMemo(tx, id, scope)
    if (!memo) throw notFound()
    return { memo, lines: await repo.memoCommissions(tx, memo), output: (await outputs(ctx, tx, [memo], area))[0]!, locale: await publisherLocale(tx, memo.publisherId) }
  })
  return { filename: `${memo.number}.pdf`, pdf: await renderMemoPdf(output, lines, locale) }
}

/** The memo is addressed to the publisher: its language is the publisher's account's (users.locale), whoever reads it. */
async function publisherLocale(tx: Executor, publisherId: number): Promise<LocaleCode> {
  const publisher = await repo.findPublisher(tx, publisherId)
  const user = publisher ? await repo.userOf(tx, publisher.userId) : undefined
  return pdfLocaleOf(user?.locale)
}

/** The month a memo covers in the locale ("März 2026", "marzec 2026", "2026년 3월"). */
function monthIn(periodStart: string, locale: LocaleCode): string {
  return new Intl.DateTimeFormat(intlTag(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${periodStart.slice(0, 7)}-01T00:00:00Z`))
}

/**
 * A4 in the publisher's language (src/server/pdf: Noto fonts for every locale, Arabic from the right,
 * docs/decisions/0096-pdfs-in-every-locale.md): the title, who issues it to whom, the month, currency and day it was
 * made, one line per commission (its day, order, level, kind, amount and what was taken back), the total and the
 * self-billing statement. Dates through Intl; amounts with the currency code ("13,00 EUR") like every document.
 */
export async function renderMemoPdf(memo: Output, lines: repo.CommissionRow[], locale: LocaleCode): Promise<Buffer> {
  const t = pdfTexts[locale].commissionMemo
  const money = (amount: number) => (isCurrencyId(memo.currency) ? formatMoney({ amount, currency: memo.currency }, { display: 'code' }) : `${amount} ${memo.currency.toUpperCase()}`)
  const title = t.title(memo.number)
  const doc = new PDFDocument({ size: 'A4', margin, lang: htmlLang(locale), info: { Title: title, Creator: 'Sellfront' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  const w = new PdfWriter(doc, locale)
  const width = doc.page.width - 2 * margin
  const bottom = doc.page.height - margin
  const fact = (label: string, value: string) => `${label}${t.colon} ${value}`

  let y = w.text(title, margin, margin, { width, bold: true, size: 16 }) + 6
  y = w.text(t.issuedBy(memo.seller.username, memo.publisher.name), margin, y, { width, size: 10 })
  const facts = [fact(t.period, monthIn(memo.period_start, locale)), fact(t.currency, memo.currency.toUpperCase()), fact(t.date, pdfDate(new Date(memo.created_at), locale))]
  y = w.text(facts.join('  ·  '), margin, y, { width, size: 10 }) + 16

  // The commissions: the day on the start side, the amounts towards the end (in Arabic: right and left).
  const cols: { width: number; align: Align }[] = [
    { width: 120, align: 'start' }, { width: 65, align: 'start' }, { width: 45, align: 'start' }, { width: 85, align: 'start' },
    { width: 90, align: 'end' }, { width: width - 405, align: 'end' },
  ]
  const row = (cells: string[], bold: boolean) => {
    let x = margin
    let below = y
    cells.forEach((cell, i) => {
      const col = cols[i]!
      // 6 points between columns: after a start-aligned cell, before an end-aligned one.
      below = Math.max(below, w.text(cell, col.align === 'end' ? x + 6 : x, y, { width: col.width - 6, align: col.align, bold, size: 9 }))
      x += col.width
    })
    y = below + 4
  }
  const c = t.columns
  const header = [c.date, c.order, c.level, c.kind, c.commission, c.reversed]
  const rule = () => doc.moveTo(margin, y - 2).lineTo(margin + width, y - 2).strokeColor('#cccccc').stroke()
  row(header, true)
  rule()
  for (const line of lines) {
    if (y > bottom - 60) {
      doc.addPage()
      y = margin
      row(header, true)
      rule()
    }
    const kind = Object.hasOwn(t.kinds, line.kind) ? t.kinds[line.kind as keyof typeof t.kinds] : line.kind
    row([pdfDate(line.createdAt, locale), String(line.orderId), String(line.level), kind, money(line.amount), money(line.reversedAmount)], false)
  }
  y += 4
  rule()
  y += 6
  if (y > bottom - 80) {
    doc.addPage()
    y = margin
  }
  // The label and the value in boxes of their own (like the invoice's totals), so an Arabic line keeps "13,00 EUR" whole.
  const total = (label: string, value: string, bold: boolean) => {
    const size = bold ? 11 : 9
    const below = w.text(`${label}${t.colon}`, margin + width - 400, y, { width: 240, align: 'end', bold, size })
    y = Math.max(below, w.text(value, margin + width - 150, y, { width: 150, align: 'end', bold, size })) + 3
  }
  total(t.total, money(memo.amount), true)
  total(t.count, String(memo.commissions_count), false)
  y += 14
  doc.fillColor('#333333')
  w.text(t.statement, margin, y, { width, size: 8 })
  doc.end()
  return done
}
