import type { AffiliateNodeState } from '../../../../shared/states/affiliate-node'
import type { StatusTone } from '../../../components/status-colors'

// A publisher's participation as the seller sees it (src/shared/states/affiliate-node.ts): accepted reads
// "Active"; green when active, amber while requested or after it ended (canceled), red when rejected.

/** The i18n key of a state's label. */
export function nodeStateLabelKey(state: AffiliateNodeState): string {
  return state === 'accepted' ? 'affiliates.nodeStates.active' : `affiliates.nodeStates.${state}`
}

const tones: Record<AffiliateNodeState, StatusTone> = { accepted: 'green', requested: 'amber', canceled: 'amber', rejected: 'red' }

export function nodeStateTone(state: AffiliateNodeState): StatusTone {
  return tones[state]
}

export type NodeAction = 'accept' | 'reject' | 'end'

/** What the seller may do with a participation now (the transitions the seller may take). */
export function nodeActions(state: AffiliateNodeState): NodeAction[] {
  if (state === 'requested') return ['accept', 'reject']
  if (state === 'accepted') return ['end']
  return []
}

/** The state an action asks for. */
export const actionState: Record<NodeAction, 'accepted' | 'rejected' | 'canceled'> = { accept: 'accepted', reject: 'rejected', end: 'canceled' }
