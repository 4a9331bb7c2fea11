import { describe, expect, test } from 'vitest'
import { canTransition, statesOf, terminalStates } from './transitions'
import { ticketStates, ticketTransitions } from './payment-ticket'

const from = (to: (typeof ticketStates)[number]) => statesOf(ticketTransitions).filter((s) => canTransition(ticketTransitions, s, to))

describe('payment ticket states', () => {
  test('the table has exactly the spec states used, unused, refunded, expired, invalidated', () => {
    expect([...statesOf(ticketTransitions)].sort()).toEqual([...ticketStates].sort())
    expect([...ticketStates].sort()).toEqual(['expired', 'invalidated', 'refunded', 'unused', 'used'])
  })

  test('only an unused ticket is admitted, expires or is invalidated (an upgrade replaced it)', () => {
    expect(from('used')).toEqual(['unused'])
    expect(from('expired')).toEqual(['unused'])
    expect(from('invalidated')).toEqual(['unused'])
  })

  test('a refund takes unused and used tickets; refunded and expired are final', () => {
    expect(from('refunded')).toEqual(['unused', 'used'])
    expect(terminalStates(ticketTransitions).sort()).toEqual(['expired', 'refunded'])
    expect(canTransition(ticketTransitions, 'used', 'unused')).toBe(false)
  })

  test('only an invalidated ticket becomes unused again (a won dispute gives back what its chargeback invalidated)', () => {
    expect(from('unused')).toEqual(['invalidated'])
    expect(ticketTransitions.invalidated).toEqual(['unused'])
  })
})
