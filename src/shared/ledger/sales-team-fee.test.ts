import { describe, expect, test } from 'vitest'
import { partyBalance, sellerBalance } from './accounts'
import { assertBalanced, chargePostings, refundPostings, type ChargeInput } from './postings'

// The sales team member's fee of a deal's sale (docs/decisions/0054-sales-team-and-deals.md).

const eur = (amount: number) => ({ amount, currency: 'eur' as const })
const member = partyBalance('team_member', 7)
/** 119,00 € with 19 % VAT, a 5 % platform fee, sold through a deal of sales team member 7 for a 12 % fee. */
const sold: ChargeInput = { gross: eur(11_900), vat: eur(1_900), platformFeeBps: 500, sellerId: 42, salesTeamFee: { teamMemberId: 7, feeBps: 1_200 } }

describe('chargePostings with a sales team fee', () => {
  test('the fee is its basis points of the net, credited to the team member out of the seller share', () => {
    const entries = chargePostings(sold)
    assertBalanced(entries)
    expect(entries.find((e) => e.account === member)?.amount).toBe(-1_200)
    expect(entries.find((e) => e.account === sellerBalance(42))?.amount).toBe(-(10_000 - 500 - 1_200))
  })
  test('a full refund takes the fee back from the team member', () => {
    const charge = chargePostings(sold)
    const refund = refundPostings({ charge })
    assertBalanced(refund)
    expect(refund.find((e) => e.account === member)?.amount).toBe(1_200)
  })
})
