import { describe, expect, test } from 'vitest'
import {
  canSetOutcome, claimOutcomeStates, claimOutcomeTransitions, dunningStates, dunningTransitions, inkassoStates, inkassoTransitions, restrictedInkassoStates,
  visibleInkassoStates,
} from './dunning'
import { accessGrantTransitions } from './access-grant'
import { canTransition, reachableStates, statesOf, terminalStates } from './transitions'

describe('dunning states', () => {
  test('the table has exactly the spec states in_progress, completed, skipped', () => {
    expect([...statesOf(dunningTransitions)].sort()).toEqual([...dunningStates].sort())
    expect([...dunningStates].sort()).toEqual(['completed', 'in_progress', 'skipped'])
  })
  test('a running dunning only completes; completed and skipped are final', () => {
    expect(dunningTransitions.in_progress).toEqual(['completed'])
    expect(terminalStates(dunningTransitions).sort()).toEqual(['completed', 'skipped'])
  })
})

describe('inkasso states', () => {
  test('the table has exactly the spec stages, court and post_court among them', () => {
    expect([...statesOf(inkassoTransitions)].sort()).toEqual([...inkassoStates].sort())
    expect([...inkassoStates].sort()).toEqual(['court', 'in_inkasso', 'not_ready_for_inkasso', 'post_court', 'pre_court', 'ready_for_inkasso'])
  })
  test('a claim moves forward one stage at a time, an agency may hand it back, and post_court is final', () => {
    expect(canTransition(inkassoTransitions, 'not_ready_for_inkasso', 'ready_for_inkasso')).toBe(true)
    expect(canTransition(inkassoTransitions, 'ready_for_inkasso', 'in_inkasso')).toBe(true)
    expect(canTransition(inkassoTransitions, 'in_inkasso', 'ready_for_inkasso')).toBe(true)
    expect(canTransition(inkassoTransitions, 'pre_court', 'court')).toBe(true)
    expect(canTransition(inkassoTransitions, 'ready_for_inkasso', 'court')).toBe(false)
    expect(canTransition(inkassoTransitions, 'court', 'pre_court')).toBe(false)
    expect(terminalStates(inkassoTransitions)).toEqual(['post_court'])
    expect(reachableStates(inkassoTransitions, 'not_ready_for_inkasso').has('post_court')).toBe(true)
  })
  test('court and post_court are visible only to managers and power sellers', () => {
    expect(restrictedInkassoStates).toEqual(['court', 'post_court'])
    expect(visibleInkassoStates(false)).toEqual(['not_ready_for_inkasso', 'ready_for_inkasso', 'in_inkasso', 'pre_court'])
    expect(visibleInkassoStates(true)).toEqual([...inkassoStates])
  })
})

describe('claim outcomes', () => {
  test('the table has exactly the spec outcomes', () => {
    expect([...statesOf(claimOutcomeTransitions)].sort()).toEqual([...claimOutcomeStates].sort())
    expect([...claimOutcomeStates].sort()).toEqual(['collected', 'manually_resolved', 'not_collected', 'partially_collected'])
  })
  test('an open claim takes any outcome; collected and manually_resolved are final; late money still collects a claim given up', () => {
    for (const outcome of claimOutcomeStates) expect(canSetOutcome(null, outcome)).toBe(true)
    expect(terminalStates(claimOutcomeTransitions).sort()).toEqual(['collected', 'manually_resolved'])
    expect(canSetOutcome('not_collected', 'collected')).toBe(true)
    expect(canSetOutcome('partially_collected', 'collected')).toBe(true)
    expect(canSetOutcome('collected', 'not_collected')).toBe(false)
  })
})

describe('access grant pause', () => {
  test('an active grant may be paused; a paused one comes back, ends or is revoked', () => {
    expect(canTransition(accessGrantTransitions, 'active', 'paused')).toBe(true)
    expect([...accessGrantTransitions.paused].sort()).toEqual(['active', 'expired', 'revoked'])
    expect(canTransition(accessGrantTransitions, 'revoked', 'paused')).toBe(false)
    expect(canTransition(accessGrantTransitions, 'expired', 'paused')).toBe(false)
  })
})
