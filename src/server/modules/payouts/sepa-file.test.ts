import { XMLParser } from 'fast-xml-parser'
import { describe, expect, test } from 'vitest'
import { sepaCreditTransferFile } from './sepa-file'

// The batch file (docs/decisions/0049-money-out.md "Rails"): pain.001.001.03, its count and control sum
// exact to the cent, and the same input gives the same text.

const input = {
  messageId: 'SF20260101ABC', createdAt: new Date('2026-01-01T10:00:00Z'),
  debtor: { name: 'Sellfront', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  transfers: [
    { payoutId: 1, amount: 10, currency: 'eur', holder: 'A', iban: 'DE89370400440532013000', bic: null },
    { payoutId: 2, amount: 20, currency: 'eur', holder: 'B', iban: 'FR1420041010050500013M02606', bic: null },
    { payoutId: 3, amount: 123_456_789, currency: 'eur', holder: 'C', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  ],
}

describe('the SEPA credit transfer file', () => {
  test('is pain.001.001.03 with the count and the sum to the cent, each payout once', () => {
    const xml = sepaCreditTransferFile(input)
    const doc = new XMLParser({ ignoreAttributes: false, parseTagValue: false }).parse(xml).Document
    expect(doc['@_xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03')
    const head = doc.CstmrCdtTrfInitn.GrpHdr
    expect(head).toMatchObject({ MsgId: 'SF20260101ABC', NbOfTxs: '3', CtrlSum: '1234568.19' })
    const amounts = doc.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf.map((t: { Amt: { InstdAmt: { '#text': string } } }) => t.Amt.InstdAmt['#text'])
    expect(amounts).toEqual(['0.10', '0.20', '1234567.89'])
  })

  test('the same batch gives the same file', () => {
    expect(sepaCreditTransferFile(input)).toBe(sepaCreditTransferFile(input))
  })
})
