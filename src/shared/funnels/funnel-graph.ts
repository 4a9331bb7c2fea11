// A funnel's graph (docs/decisions/0066-funnels.md): nodes linked by accept and decline, each link another node
// of the same funnel or the end. Pure functions: the server checks a graph before storing it and walks it to
// find the node a payer is on; the cabinet form checks the same rules as it is edited.

export const funnelNodeKinds = ['upsell', 'downsell', 'thank_you'] as const
export type FunnelNodeKind = (typeof funnelNodeKinds)[number]
/** Kinds that offer a product (accept buys it). */
export const offerNodeKinds: readonly FunnelNodeKind[] = ['upsell', 'downsell']
export const maxFunnelNodes = 20

/** Links by position in the node list; null is the end. */
export type GraphNode = { kind: FunnelNodeKind; accept: number | null; decline: number | null }
export type GraphProblem = { path: string; message: 'invalid_value' | 'cycle' }

/**
 * Problems of a graph given as a list: a link to no node or to itself, a thank-you page with links (it is
 * the end), and a cycle (a payer must always reach the end). The first node is where the funnel starts.
 */
export function graphProblems(nodes: readonly GraphNode[]): GraphProblem[] {
  const problems: GraphProblem[] = []
  nodes.forEach((node, index) => {
    for (const side of ['accept', 'decline'] as const) {
      const target = node[side]
      if (target === null) continue
      if (node.kind === 'thank_you' || !Number.isInteger(target) || target < 0 || target >= nodes.length || target === index) {
        problems.push({ path: `nodes.${index}.${side}`, message: 'invalid_value' })
      }
    }
  })
  if (problems.length > 0) return problems
  // Depth-first search from every node: a grey node met again closes a cycle.
  const colour = new Array<0 | 1 | 2>(nodes.length).fill(0)
  const visit = (index: number): number | null => {
    colour[index] = 1
    for (const side of ['accept', 'decline'] as const) {
      const target = nodes[index]![side]
      if (target === null) continue
      if (colour[target] === 1) return index
      if (colour[target] === 0) {
        const found = visit(target)
        if (found !== null) return found
      }
    }
    colour[index] = 2
    return null
  }
  for (let i = 0; i < nodes.length; i++) {
    if (colour[i] !== 0) continue
    const at = visit(i)
    if (at !== null) return [{ path: `nodes.${at}`, message: 'cycle' }]
  }
  return problems
}

/** What the payer did on an offer node: accepted (a paid or paying order), declined, skipped (cannot be bought now), or nothing yet. */
export type NodeOutcome = 'accepted' | 'declined' | 'skipped' | null

/**
 * The node a payer is on: from the entry, follow accept or decline while the node has an outcome; a
 * thank-you node or an offer without an outcome is where they are; null is the end (the success page).
 */
export function currentNode<N extends { id: number; kind: string; acceptNodeId: number | null; declineNodeId: number | null }>(
  nodes: readonly N[], entryNodeId: number | null, outcome: (node: N) => NodeOutcome,
): N | null {
  const byId = new Map(nodes.map((n) => [n.id, n]))
  const seen = new Set<number>()
  let node = entryNodeId === null ? undefined : byId.get(entryNodeId)
  while (node && !seen.has(node.id)) {
    seen.add(node.id)
    if (node.kind === 'thank_you') return node
    const done = outcome(node)
    if (done === null) return node
    const next = done === 'accepted' ? node.acceptNodeId : node.declineNodeId
    node = next === null ? undefined : byId.get(next)
  }
  return null
}
