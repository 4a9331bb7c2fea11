import { describe, expect, test } from 'vitest'
import { currentNode, graphProblems, type GraphNode } from './funnel-graph'

const offer = (accept: number | null, decline: number | null, kind: GraphNode['kind'] = 'upsell'): GraphNode => ({ kind, accept, decline })

describe('funnel graph', () => {
  test('an upsell whose decline leads to a downsell that ends on a thank-you page is valid', () => {
    expect(graphProblems([offer(2, 1), offer(2, 2, 'downsell'), offer(null, null, 'thank_you')])).toEqual([])
  })

  test('a link to a missing node, to itself or from a thank-you page is refused', () => {
    expect(graphProblems([offer(5, null)])).toEqual([{ path: 'nodes.0.accept', message: 'invalid_value' }])
    expect(graphProblems([offer(null, 0)])).toEqual([{ path: 'nodes.0.decline', message: 'invalid_value' }])
    expect(graphProblems([offer(null, null), offer(0, null, 'thank_you')])).toEqual([{ path: 'nodes.1.accept', message: 'invalid_value' }])
  })

  test('a cycle is refused: every path reaches the end', () => {
    expect(graphProblems([offer(null, 1), offer(null, 2, 'downsell'), offer(0, null)])[0]?.message).toBe('cycle')
  })

  test('the payer is on the first node without an outcome; accept and decline branch', () => {
    const nodes = [
      { id: 10, kind: 'upsell', acceptNodeId: 30, declineNodeId: 20 },
      { id: 20, kind: 'downsell', acceptNodeId: 30, declineNodeId: null },
      { id: 30, kind: 'thank_you', acceptNodeId: null, declineNodeId: null },
    ]
    expect(currentNode(nodes, 10, () => null)?.id).toBe(10)
    expect(currentNode(nodes, 10, (n) => (n.id === 10 ? 'declined' : null))?.id).toBe(20)
    expect(currentNode(nodes, 10, (n) => (n.id === 10 ? 'accepted' : null))?.id).toBe(30)
    expect(currentNode(nodes, 10, () => 'declined')).toBeNull()
    expect(currentNode(nodes, null, () => null)).toBeNull()
  })
})
