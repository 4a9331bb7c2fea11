import { createHash } from 'node:crypto'
import { XMLParser } from 'fast-xml-parser'
import { Parser as Mt940Parser } from 'mt940js'
import { AppError } from '../../../shared/errors'
import { getCurrency, isCurrencyId, type CurrencyId } from '../../../shared/money'

// A bank statement's incoming transfers, whatever the file's format. camt.053 (ISO 20022 XML) is read with
// fast-xml-parser, MT940 (SWIFT) with mt940js. Only credits (money received) are kept: debits are not payments
// of orders.

export type StatementLine = {
  /** The bank's reference of the entry (AcctSvcrRef), else a hash of the line: what makes a re-import change nothing. */
  bankRef: string
  amount: number
  currency: CurrencyId
  bookedOn: string
  remittance: string
  payerName: string | null
  payerIban: string | null
}

export type Statement = { format: 'camt053' | 'mt940'; statementId: string; accountIban: string | null; lines: StatementLine[] }

/** A decimal amount as the bank writes it ('12.34' or '12,34') in the currency's minor units; no floats. */
export function minorUnitsOf(text: string, currency: CurrencyId): number {
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(text.trim())
  const { exponent } = getCurrency(currency)
  if (!match || (match[2] ?? '').length > exponent) throw new AppError('invalid_upload', `Not an amount in ${currency}: ${text}`)
  const fraction = (match[2] ?? '').padEnd(exponent, '0')
  const value = Number(match[1]) * 10 ** exponent + (fraction ? Number(fraction) : 0)
  if (!Number.isSafeInteger(value)) throw new AppError('invalid_upload', `Amount too large: ${text}`)
  return value
}

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])
const text = (value: unknown): string => (value === undefined || value === null ? '' : typeof value === 'object' ? String((value as Record<string, unknown>)['#text'] ?? '') : String(value))

/** A camt.053 document's credit entries (every statement in it, booked entries only). */
export function parseCamt053(xml: string): Statement {
  const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', removeNSPrefix: true, parseTagValue: false, processEntities: true })
  let doc: Record<string, any>
  try {
    doc = parser.parse(xml) as Record<string, any>
  } catch {
    throw new AppError('invalid_upload', 'The statement is not well-formed XML')
  }
  const root = doc.Document?.BkToCstmrStmt
  if (!root) throw new AppError('invalid_upload', 'The file is not a camt.053 statement (no BkToCstmrStmt)')
  const statements = list<Record<string, any>>(root.Stmt)
  const lines: StatementLine[] = []
  for (const stmt of statements) {
    for (const entry of list<Record<string, any>>(stmt.Ntry)) {
      if (text(entry.CdtDbtInd) !== 'CRDT') continue
      const status = text(entry.Sts?.Cd ?? entry.Sts)
      if (status && status !== 'BOOK') continue
      const bookedOn = text(entry.BookgDt?.Dt ?? entry.BookgDt?.DtTm).slice(0, 10)
      const details = list<Record<string, any>>(entry.NtryDtls).flatMap((d) => list<Record<string, any>>(d.TxDtls))
      // One entry may batch several transfers: each of its transaction details is a line of its own.
      const parts = details.length > 1 ? details : [details[0] ?? {}]
      parts.forEach((tx, i) => {
        const amountNode = details.length > 1 ? (tx.Amt ?? tx.AmtDtls?.TxAmt?.Amt) : entry.Amt
        const currency = String(amountNode?.['@Ccy'] ?? '').toLowerCase()
        if (!isCurrencyId(currency)) throw new AppError('invalid_upload', `Unknown currency in the statement: ${String(amountNode?.['@Ccy'])}`)
        const amount = minorUnitsOf(text(amountNode), currency)
        const remittance = [...list(tx.RmtInf?.Ustrd).map(text), ...list<Record<string, any>>(tx.RmtInf?.Strd).map((s) => text(s.CdtrRefInf?.Ref)), text(entry.AddtlNtryInf)]
          .filter(Boolean).join(' ')
        const ownRef = text(tx.Refs?.AcctSvcrRef) || text(entry.AcctSvcrRef)
        const bankRef = ownRef ? (details.length > 1 ? `${ownRef}/${i + 1}` : ownRef) : lineHash([text(stmt.Id), bookedOn, String(amount), currency, remittance, String(i)])
        lines.push({
          bankRef, amount, currency, bookedOn, remittance,
          payerName: text(tx.RltdPties?.Dbtr?.Nm ?? tx.RltdPties?.Dbtr?.Pty?.Nm) || null,
          payerIban: text(tx.RltdPties?.DbtrAcct?.Id?.IBAN) || null,
        })
      })
    }
  }
  const first = statements[0] ?? {}
  return { format: 'camt053', statementId: text(first.Id), accountIban: text(first.Acct?.Id?.IBAN) || null, lines }
}

const isoDay = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`

/**
 * An MT940 file's credit lines (tag 61 with its tag 86 details), every statement in it. The bank reference is
 * tag 61's (after `//`), else a hash of the line. mt940js gives amounts as numbers: their decimal text at the
 * currency's exponent is exactly what the file wrote (two decimals are exact far beyond any transfer), and
 * that text is what becomes minor units.
 */
export function parseMt940(content: string): Statement {
  let statements
  try {
    statements = new Mt940Parser().parse(content.replace(/\r\n/g, '\n'))
  } catch (error) {
    throw new AppError('invalid_upload', `The file is not a valid MT940 statement: ${(error as Error).message}`.slice(0, 300))
  }
  if (statements.length === 0) throw new AppError('invalid_upload', 'The MT940 file holds no statement')
  const lines: StatementLine[] = []
  for (const stmt of statements) {
    stmt.transactions.forEach((tx, i) => {
      if (tx.amount <= 0 || tx.reversal) return
      const currency = tx.currency.toLowerCase()
      if (!isCurrencyId(currency)) throw new AppError('invalid_upload', `Unknown currency in the statement: ${tx.currency}`)
      const amount = minorUnitsOf(tx.amount.toFixed(getCurrency(currency).exponent), currency)
      const bookedOn = isoDay(tx.entryDate ?? tx.date)
      const s = tx.structuredDetails ?? {}
      // German banks' tag 86: ?20..?29 the purpose (a reference may run over two of its 27-character lines, so
      // they are joined as written), ?32/?33 the payer's name, ?31 their account.
      const purpose = Object.keys(s).filter((k) => /^2\d$/.test(k)).sort().map((k) => s[k]).join('')
      const remittance = [purpose || tx.details.replace(/\n/g, ' '), tx.reference !== 'NONREF' ? tx.reference : ''].filter(Boolean).join(' ').trim()
      const payerName = [s['32'], s['33']].filter(Boolean).join('') || null
      const bankRef = tx.bankReference?.trim() || lineHash([stmt.transactionReference, stmt.number.statement, bookedOn, String(amount), currency, remittance, String(i)])
      lines.push({ bankRef, amount, currency, bookedOn, remittance, payerName, payerIban: s['31']?.trim() || null })
    })
  }
  const first = statements[0]!
  return { format: 'mt940', statementId: `${first.transactionReference}/${first.number.statement}`, accountIban: first.accountIdentification.replace(/\s/g, '') || null, lines }
}

/** A statement file in either format: XML is camt.053, a file with tags :20: and :61: is MT940. */
export function parseStatement(content: string): Statement {
  const start = content.trimStart()
  if (start.startsWith('<')) return parseCamt053(content)
  if (/(^|\n):20:/.test(content)) return parseMt940(content)
  throw new AppError('invalid_upload', 'The file is neither a camt.053 (XML) nor an MT940 statement')
}

function lineHash(parts: string[]): string {
  return `sha256:${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 32)}`
}
