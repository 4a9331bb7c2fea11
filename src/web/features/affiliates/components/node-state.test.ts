import { describe, expect, test } from 'vitest'
import { affiliateNodeStates, affiliateNodeTransitions } from '../../../../shared/states/affiliate-node'
import { actionState, nodeActions, nodeStateLabelKey, nodeStateTone } from './node-state'

describe('participation states as the seller sees them', () => {
  test('accepted is shown as Active', () => expect(nodeStateLabelKey('accepted')).toBe('affiliates.nodeStates.active'))

  test('the other states keep their own label', () => {
    expect(nodeStateLabelKey('requested')).toBe('affiliates.nodeStates.requested')
    expect(nodeStateLabelKey('rejected')).toBe('affiliates.nodeStates.rejected')
    expect(nodeStateLabelKey('canceled')).toBe('affiliates.nodeStates.canceled')
  })

  test('green when active, amber when requested or ended, red when rejected', () => {
    expect(affiliateNodeStates.map(nodeStateTone)).toEqual(['amber', 'green', 'red', 'amber'])
  })

  test('every action offered is a transition the state table allows', () => {
    for (const state of affiliateNodeStates) {
      for (const action of nodeActions(state)) expect(affiliateNodeTransitions[state]).toContain(actionState[action])
    }
    expect(nodeActions('requested')).toEqual(['accept', 'reject'])
    expect(nodeActions('accepted')).toEqual(['end'])
  })
})
