import { z } from 'zod'
import { bankTransferStates } from '../states/bank-transfer'
import { zId, zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Bank statements and the transfers read from them (docs/decisions/0078-virtual-iban-bank-statements.md): the
// managers' upload, the list of transfers with their match, and assigning or ignoring one by hand.

export const bankStatementOutput = z.object({
  id: z.number().int(),
  format: z.enum(['camt053', 'mt940']),
  statement_id: z.string(),
  account_iban: z.string().nullable(),
  line_count: z.number().int(),
  created_at: z.string(),
})
export type BankStatementOutput = z.infer<typeof bankStatementOutput>

export const bankImportAnswer = z.object({
  bank_statement: bankStatementOutput,
  /** false: the same file was imported before; nothing changed. */
  created: z.boolean(),
  lines: z.array(z.object({ bank_ref: z.string(), state: z.string(), decision: z.enum(['exact', 'partial', 'over', 'unmatched', 'already_imported']) })),
})

export const bankTransferOutput = z.object({
  id: z.number().int(),
  statement_id: z.number().int(),
  account_iban: z.string(),
  bank_ref: z.string(),
  /** minor units */
  amount: z.number().int(),
  currency: z.string(),
  booked_on: z.string(),
  remittance: z.string(),
  payer_name: z.string().nullable(),
  payer_iban: z.string().nullable(),
  /** The payment reference found in the remittance, if one with valid check digits was there. */
  reference: z.string().nullable(),
  state: z.enum(bankTransferStates),
  unmatched_reason: z.string().nullable(),
  order_id: z.number().int().nullable(),
  payment_id: z.number().int().nullable(),
  overpaid_amount: z.number().int(),
  assigned_by: z.number().int().nullable(),
  assigned_at: z.string().nullable(),
  created_at: z.string(),
})
export type BankTransferOutput = z.infer<typeof bankTransferOutput>
export const bankTransferAnswer = z.object({ bank_transfer: bankTransferOutput })
export const bankTransferList = listOutput(bankTransferOutput)
export const bankStatementList = listOutput(bankStatementOutput)

export const bankTransferListQuery = listQuery.pick({ page: true, per: true, query: true, sort_dir: true, counts: true }).extend({
  state: z.enum(bankTransferStates).optional(),
  statement_id: zIdParam().optional(),
  order_id: zIdParam().optional(),
  currency: z.string().trim().toLowerCase().regex(/^[a-z]{3}$/).optional(),
}).strict()
export type BankTransferListQuery = z.infer<typeof bankTransferListQuery>
export const bankStatementListQuery = listQuery.pick({ page: true, per: true }).strict()
export type BankStatementListQuery = z.infer<typeof bankStatementListQuery>
export const bankTransferParams = z.object({ id: zIdParam() })

export const assignBankTransferInput = z.object({
  order_id: zId().meta({ description: 'The order whose open bank wire payment the transfer pays.' }),
  note: zText().trim().max(500).optional(),
}).strict()
export type AssignBankTransferInput = z.infer<typeof assignBankTransferInput>
export const ignoreBankTransferInput = z.object({ note: zText().trim().max(500).optional() }).strict()
export type IgnoreBankTransferInput = z.infer<typeof ignoreBankTransferInput>
