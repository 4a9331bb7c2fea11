import { describe, expect, test } from 'vitest'
import { connectAccountStateOf, type ConnectAccount } from './connect-accounts'

// A connected account's standing in the provider account states (docs/decisions/0052-emoney-pay-ins.md "Connect onboarding").

const account = (overrides: Partial<ConnectAccount> = {}): ConnectAccount => ({
  id: 'acct_1', chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, disabledReason: null, pastDue: [], ...overrides,
})

describe('a connected account in our words', () => {
  test('onboarding unfinished, taking money, ready for payouts', () => {
    expect(connectAccountStateOf(account({ disabledReason: 'requirements.past_due', pastDue: ['external_account'] }))).toBe('kyc_incomplete')
    expect(connectAccountStateOf(account({ detailsSubmitted: true, chargesEnabled: true }))).toBe('kyc_1')
    expect(connectAccountStateOf(account({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }))).toBe('kyc_2')
  })

  test('something past due takes payouts back; the provider rejecting or restricting it stops it', () => {
    expect(connectAccountStateOf(account({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, pastDue: ['individual.id_number'] }))).toBe('kyc_incomplete')
    expect(connectAccountStateOf(account({ detailsSubmitted: true, payoutsEnabled: true, disabledReason: 'rejected.fraud' }))).toBe('rejected')
    expect(connectAccountStateOf(account({ detailsSubmitted: true, disabledReason: 'platform_paused' }))).toBe('blocked')
    expect(connectAccountStateOf(account({ detailsSubmitted: true, disabledReason: 'requirements.pending_verification' }))).toBe('kyc_incomplete')
  })
})
