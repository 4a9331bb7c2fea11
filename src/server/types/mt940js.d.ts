// The part of mt940js (no types of its own) the bank-transfers module reads: statements and their tag 61 / 86 lines.
declare module 'mt940js' {
  export interface Mt940Transaction {
    date: Date
    entryDate?: Date
    /** Signed: credit positive, debit negative (a float: converted to minor units through its decimal text). */
    amount: number
    reversal: boolean
    currency: string
    details: string
    transactionType: string
    reference: string
    bankReference?: string
    extraDetails?: string
    structuredDetails?: Record<string, string>
  }
  export interface Mt940Statement {
    transactionReference: string
    relatedReference?: string
    accountIdentification: string
    number: { statement: string; sequence?: string; section?: string }
    statementDate: Date
    currency: string
    transactions: Mt940Transaction[]
  }
  export class Parser {
    constructor(options?: { no86Structure?: boolean })
    parse(data: string, withTags?: boolean): Mt940Statement[]
  }
}
