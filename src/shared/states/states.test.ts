import { describe, expect, test } from 'vitest'
import { accountStates } from '../accounts'
import { publishStates, reviewStates } from '../catalog/product-states'
import { AppError } from '../errors'
import { accountTransitions, deletionStates, deletionTransitions } from './account'
import { affiliateNodeStates, affiliateNodeTransitions } from './affiliate-node'
import { activeOrderPaymentStates, orderPaymentStates, orderPaymentTransitions } from './order-payment'
import { orderRateStates, orderRateTransitions } from './order-rate'
import { paymentStates, paymentTransitions } from './payment'
import { ticketStates, ticketTransitions } from './payment-ticket'
import { payoutStates, payoutTransitions } from './payout'
import { productPublishTransitions, reviewTransitions } from './product-publish'
import {
  assertTransition, canTransition, isStateOf, nextStates, reachableStates, statesOf, terminalStates, type Transitions,
} from './transitions'
import { webhookEndpointStates, webhookEndpointTransitions } from './webhook-endpoint'
import { bankAccountLegitimationStates, bankAccountLegitimationTransitions, bankAccountStates, bankAccountTransitions } from './bank-account'
import { bankTransferStates, bankTransferTransitions } from './bank-transfer'
import { kycDocumentStates, kycDocumentTransitions } from './kyc-document'
import { legitimationSteps, legitimationTransitions } from './legitimation'
import { providerAccountStates, providerAccountTransitions } from './provider-account'
import { resellerApprovalStates, resellerApprovalTransitions } from './reseller-approval'
import { teamMemberStates, teamMemberTransitions } from './team-member'
import { platformSubscriptionStates, platformSubscriptionTransitions } from './platform-subscription'
import { dealStateForOrder, dealStates, dealTransitions } from './deal'
import { domainStates, domainTransitions, subdomainRecordStates, subdomainRecordTransitions } from './domain'
import { funnelStates, funnelTransitions } from './funnel'
import { datevExportStates, datevExportTransitions } from './datev-export'
import { liveEventStates, liveEventTransitions } from './live-event'

type Machine = { values: readonly string[]; table: Transitions<string>; terminal: string[] }

/** Each machine with its value set from the spec and the states that must be terminal. */
const machines: Record<string, Machine> = {
  'payment ticket': { values: ticketStates, table: ticketTransitions, terminal: ['refunded', 'expired'] },
  'order payment_state': {
    values: orderPaymentStates, table: orderPaymentTransitions, terminal: ['payment_refunded', 'payment_not_completed'],
  },
  'order rate': { values: orderRateStates, table: orderRateTransitions, terminal: ['skipped', 'refunded'] },
  'payment (transfer)': {
    values: paymentStates, table: paymentTransitions, terminal: ['successful', 'denied', 'error', 'canceled', 'expired'],
  },
  payout: { values: payoutStates, table: payoutTransitions, terminal: ['successful', 'canceled'] },
  'affiliate node': { values: affiliateNodeStates, table: affiliateNodeTransitions, terminal: [] },
  'webhook endpoint': { values: webhookEndpointStates, table: webhookEndpointTransitions, terminal: [] },
  'product publish state': { values: publishStates, table: productPublishTransitions, terminal: [] },
  'product review state': { values: reviewStates, table: reviewTransitions, terminal: [] },
  account: { values: accountStates, table: accountTransitions, terminal: ['deleted'] },
  'account deletion': { values: deletionStates, table: deletionTransitions, terminal: ['deleted'] },
  'team member': { values: teamMemberStates, table: teamMemberTransitions, terminal: ['declined', 'removed'] },
  'platform subscription': { values: platformSubscriptionStates, table: platformSubscriptionTransitions, terminal: ['ended'] },
  legitimation: { values: legitimationSteps, table: legitimationTransitions, terminal: [] },
  'kyc document': { values: kycDocumentStates, table: kycDocumentTransitions, terminal: ['refused', 'incomplete'] },
  'bank account': { values: bankAccountStates, table: bankAccountTransitions, terminal: ['deactivated', 'rejected'] },
  'bank transfer': { values: bankTransferStates, table: bankTransferTransitions, terminal: ['matched', 'assigned'] },
  'bank account legitimation': { values: bankAccountLegitimationStates, table: bankAccountLegitimationTransitions, terminal: ['accepted', 'rejected'] },
  'provider account': { values: providerAccountStates, table: providerAccountTransitions, terminal: ['closed'] },
  'reseller approval': { values: resellerApprovalStates, table: resellerApprovalTransitions, terminal: ['rejected', 'canceled'] },
  deal: { values: dealStates, table: dealTransitions, terminal: ['refunded', 'cancelled'] },
  domain: { values: domainStates, table: domainTransitions, terminal: [] },
  'subdomain record': { values: subdomainRecordStates, table: subdomainRecordTransitions, terminal: ['deleted'] },
  funnel: { values: funnelStates, table: funnelTransitions, terminal: ['archived'] },
  'datev export': { values: datevExportStates, table: datevExportTransitions, terminal: ['done'] },
  'live event': { values: liveEventStates, table: liveEventTransitions, terminal: ['ended', 'cancelled'] },
}

describe.each(Object.entries(machines))('%s machine', (_, { values, table, terminal }) => {
  test('every state of the value set is in the table, and nothing else', () => {
    expect(statesOf(table).sort()).toEqual([...values].sort())
  })
  test('every transition leads to a state of the value set', () => {
    for (const from of statesOf(table)) for (const to of table[from] ?? []) expect(values).toContain(to)
  })
  test('no state lists itself or another state twice', () => {
    for (const from of statesOf(table)) {
      const next = table[from] ?? []
      expect(next).not.toContain(from)
      expect(new Set(next).size).toBe(next.length)
    }
  })
  test('terminal states have no way out, and they are exactly the expected ones', () => {
    expect(terminalStates(table).sort()).toEqual([...terminal].sort())
    for (const state of terminal) {
      for (const to of values) expect(canTransition(table, state, to)).toBe(false)
    }
  })
  test('from every state a terminal state is reachable, or the machine has none', () => {
    if (terminal.length === 0) return
    for (const state of statesOf(table)) {
      if (terminal.includes(state)) continue
      expect([...reachableStates(table, state)].some((s) => terminal.includes(s))).toBe(true)
    }
  })
  test('the table cannot be read as allowing a prototype name', () => {
    expect(isStateOf(table, 'toString')).toBe(false)
    expect(nextStates(table, 'constructor')).toEqual([])
  })
})

describe('the transition helpers', () => {
  test('canTransition follows the table: an unused ticket can be used, a used one cannot be used again', () => {
    expect(canTransition(ticketTransitions, 'unused', 'used')).toBe(true)
    expect(canTransition(ticketTransitions, 'used', 'used')).toBe(false)
    expect(canTransition(ticketTransitions, 'used', 'unused')).toBe(false)
    expect(canTransition(ticketTransitions, 'used', 'refunded')).toBe(true)
  })
  test('assertTransition throws a 409 conflict naming the machine and the states', () => {
    expect(() => assertTransition(ticketTransitions, 'unused', 'used', 'ticket')).not.toThrow()
    let error: unknown
    try {
      assertTransition(ticketTransitions, 'refunded', 'used', 'ticket')
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ type: 'conflict', status: 409, message: 'ticket cannot change from refunded to used' })
  })
  test('isStateOf checks strings from outside', () => {
    expect(isStateOf(payoutTransitions, 'issued')).toBe(true)
    expect(isStateOf(payoutTransitions, 'ISSUED')).toBe(false)
    expect(isStateOf(payoutTransitions, 1)).toBe(false)
  })
  test('reachableStates follows more than one step', () => {
    expect([...reachableStates(payoutTransitions, 'pending')].sort()).toEqual(['canceled', 'issued', 'successful'])
    expect(reachableStates(payoutTransitions, 'successful').size).toBe(0)
  })
})

describe('the rules the tables hold', () => {
  test('a ticket is unused until it is used, refunded, expired or invalidated; a won dispute makes an invalidated one unused again (docs/STYLE.md section 6)', () => {
    expect(ticketTransitions).toEqual({ unused: ['used', 'refunded', 'expired', 'invalidated'], used: ['refunded'], refunded: [], expired: [], invalidated: ['unused'] })
  })
  test('the active-like order states are paying, paid, payment_waiting, payment_pending (docs/reference/readings.md 6)', () => {
    expect([...activeOrderPaymentStates].sort()).toEqual(['paid', 'paying', 'payment_pending', 'payment_waiting'])
  })
  test('an order is paid only after money came in: never straight from not completed or refunded', () => {
    expect(canTransition(orderPaymentTransitions, 'payment_not_completed', 'paid')).toBe(false)
    expect(canTransition(orderPaymentTransitions, 'payment_refunded', 'paid')).toBe(false)
    expect(canTransition(orderPaymentTransitions, 'payment_waiting', 'paid')).toBe(true)
  })
  test('a paused plan resumes to paying; a paid order can be refunded or charged back, an open subscription paused or canceled, and a paid plan reads paying again when a later rate is owed', () => {
    expect(canTransition(orderPaymentTransitions, 'payment_paused', 'paying')).toBe(true)
    expect(nextStates(orderPaymentTransitions, 'paid')).toEqual(['paying', 'payment_paused', 'payment_canceled', 'payment_refunded', 'payment_chargebacked'])
  })
  test('a rate must be paid before it is refunded or charged back', () => {
    for (const state of orderRateStates) {
      const paid = state === 'paid' || state === 'partly_paid'
      expect(canTransition(orderRateTransitions, state, 'refunded')).toBe(paid)
    }
    expect(canTransition(orderRateTransitions, 'unpaid', 'chargebacked')).toBe(false)
  })
  test('a payment outcome never changes: a refund or a retry is a new payment', () => {
    for (const state of ['successful', 'denied', 'error', 'canceled', 'expired'] as const) expect(nextStates(paymentTransitions, state)).toEqual([])
  })
  test('a payout is issued before it is successful', () => {
    expect(canTransition(payoutTransitions, 'pending', 'successful')).toBe(false)
    expect(canTransition(payoutTransitions, 'issued', 'successful')).toBe(true)
  })
  test('a power seller\'s product goes publish_pending -> in_review -> published or rejected (docs/reference/readings.md 23)', () => {
    expect(canTransition(productPublishTransitions, 'unpublished', 'publish_pending')).toBe(true)
    expect(canTransition(productPublishTransitions, 'publish_pending', 'in_review')).toBe(true)
    expect(canTransition(productPublishTransitions, 'in_review', 'published')).toBe(true)
    expect(canTransition(productPublishTransitions, 'in_review', 'rejected')).toBe(true)
    expect(canTransition(productPublishTransitions, 'publish_pending', 'published')).toBe(false)
    expect(canTransition(reviewTransitions, 'in_review', 'reviewed')).toBe(true)
    expect(canTransition(reviewTransitions, 'not_for_review', 'reviewed')).toBe(false)
  })
  test('a rejected or revoked product is reviewed again before it is published', () => {
    expect(canTransition(productPublishTransitions, 'rejected', 'published')).toBe(false)
    expect(canTransition(productPublishTransitions, 'revoked', 'published')).toBe(false)
    expect(canTransition(productPublishTransitions, 'rejected', 'publish_pending')).toBe(true)
  })
  test('only published products are taken down or revoked', () => {
    for (const state of publishStates) {
      expect(canTransition(productPublishTransitions, state, 'admin_unpublished')).toBe(state === 'published')
      expect(canTransition(productPublishTransitions, state, 'revoked')).toBe(state === 'published')
    }
  })
  test('a deactivated account is reactivated by signing in; a deleted one is gone', () => {
    expect(canTransition(accountTransitions, 'deactivated', 'active')).toBe(true)
    expect(nextStates(accountTransitions, 'deleted')).toEqual([])
  })
  test('an affiliate request is accepted or rejected; a rejected publisher may apply again', () => {
    expect(canTransition(affiliateNodeTransitions, 'requested', 'accepted')).toBe(true)
    expect(canTransition(affiliateNodeTransitions, 'rejected', 'accepted')).toBe(false)
    expect(canTransition(affiliateNodeTransitions, 'rejected', 'requested')).toBe(true)
  })
  test('a paused webhook endpoint is resumed by the seller, never paused from inactive', () => {
    expect(canTransition(webhookEndpointTransitions, 'paused', 'active')).toBe(true)
    expect(canTransition(webhookEndpointTransitions, 'inactive', 'paused')).toBe(false)
  })
})

describe('deal states follow their order', () => {
  test('a finalized deal closes when its order is paid or is ready again when it ends unpaid; a closed one is refunded or unsubscribed; nothing else moves it', () => {
    expect(dealStateForOrder('finalized', 'paid')).toBe('closed')
    expect(dealStateForOrder('finalized', 'paying')).toBe('closed')
    expect(dealStateForOrder('closed', 'payment_refunded')).toBe('refunded')
    expect(dealStateForOrder('closed', 'payment_canceled')).toBe('unsubscribed')
    expect(dealStateForOrder('unsubscribed', 'payment_chargebacked')).toBe('refunded')
    expect(dealStateForOrder('ready', 'paid')).toBeNull()
    expect(dealStateForOrder('finalized', 'payment_not_completed')).toBe('ready')
    expect(dealStateForOrder('finalized', 'payment_canceled')).toBe('ready')
    expect(dealStateForOrder('finalized', 'payment_pending')).toBeNull()
    for (const from of dealStates) for (const order of ['paid', 'paying', 'payment_refunded', 'payment_canceled', 'payment_not_completed']) {
      const to = dealStateForOrder(from, order)
      if (to) expect(canTransition(dealTransitions, from, to)).toBe(true)
    }
  })
})
