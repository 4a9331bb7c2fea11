import type { TestApp } from '../helpers/test-app'

// A party ready for payouts (docs/decisions/0049-money-out.md "Availability"): a legitimated identity and an
// activated bank account a manager accepted, written to the rows directly so payout tests stay short; the
// identity and bank-account routes have their own tests.

export type PayoutReadyOptions = { currency?: string; countryCode?: string; iban?: string; bic?: string | null; holder?: string }

export async function makePayoutReady(t: TestApp, party: { kind: 'seller' | 'publisher' | 'reseller'; id: number; userId: number }, options: PayoutReadyOptions = {}): Promise<{ bankAccountId: number }> {
  const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
  await sql(`insert into legitimations (party_kind, party_id, user_id, step, submitted_at, reviewed_at) values ($1, $2, $3, 'legitimated', now(), now())
    on conflict (party_kind, party_id) do update set step = 'legitimated'`, [party.kind, party.id, party.userId])
  const [account] = await sql<{ id: number }>(`insert into bank_accounts (party_kind, party_id, user_id, iban, bic, holder, country_code, currency, state, legitimation_state, activated_at)
    values ($1, $2, $3, $4, $8, $5, $6, $7, 'activated', 'accepted', now()) returning id`,
  [party.kind, party.id, party.userId, options.iban ?? 'DE89370400440532013000', options.holder ?? 'Max Mustermann', options.countryCode ?? 'DE', options.currency ?? 'eur', options.bic !== undefined ? options.bic : options.iban ? null : 'COBADEFFXXX'])
  return { bankAccountId: account!.id }
}
