// The seller's category tree as the editor works on it: pure moves (among siblings, into another node,
// one level out) that return a new tree, and the `{ id, parent_id, position }` items that
// POST /cabinet/categories/reorder saves. Positions are the index among siblings.

export type TreeNode = { id: number; parentId: number | null; position: number; name: string; children: TreeNode[] }
export type FlatNode = { id: number; parentId: number | null; depth: number; name: string; index: number; siblings: number }
export type ReorderItem = { id: number; parent_id: number | null; position: number }
export type DropPlace = 'before' | 'after' | 'inside'

/** Depth-first, in order, with each node's depth and its place among its siblings. */
export function flattenTree(nodes: readonly TreeNode[], depth = 0): FlatNode[] {
  return nodes.flatMap((node, index) => [
    { id: node.id, parentId: node.parentId, depth, name: node.name, index, siblings: nodes.length },
    ...flattenTree(node.children, depth + 1),
  ])
}

/** Every node once, with its parent and its position among its siblings. */
export function reorderItems(nodes: readonly TreeNode[], parentId: number | null = null): ReorderItem[] {
  return nodes.flatMap((node, position) => [{ id: node.id, parent_id: parentId, position }, ...reorderItems(node.children, node.id)])
}

/** Sorts by position at every level and sets parentId and position from the structure. */
export function normalizeTree(nodes: readonly TreeNode[], parentId: number | null = null): TreeNode[] {
  return [...nodes].sort((a, b) => a.position - b.position || a.id - b.id)
    .map((node, position) => ({ ...node, parentId, position, children: normalizeTree(node.children, node.id) }))
}

/** Sets parentId and position from the structure as it stands (no sorting). */
function renumber(nodes: readonly TreeNode[], parentId: number | null = null): TreeNode[] {
  return nodes.map((node, position) => ({ ...node, parentId, position, children: renumber(node.children, node.id) }))
}

function findNode(nodes: readonly TreeNode[], id: number): TreeNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const inner = findNode(node.children, id)
    if (inner) return inner
  }
  return undefined
}

function detach(nodes: readonly TreeNode[], id: number): TreeNode[] {
  return nodes.filter((n) => n.id !== id).map((n) => ({ ...n, children: detach(n.children, id) }))
}

/** The parent id of a node (null at the top), or undefined when it is not in the tree. */
export function parentOf(nodes: readonly TreeNode[], id: number, parentId: number | null = null): number | null | undefined {
  for (const node of nodes) {
    if (node.id === id) return parentId
    const inner = parentOf(node.children, id, node.id)
    if (inner !== undefined) return inner
  }
  return undefined
}

/** True when `id` is `ancestorId` or lies below it. */
export function isWithin(nodes: readonly TreeNode[], id: number, ancestorId: number): boolean {
  const ancestor = findNode(nodes, ancestorId)
  return ancestor !== undefined && (ancestor.id === id || findNode(ancestor.children, id) !== undefined)
}

function insert(nodes: readonly TreeNode[], moved: TreeNode, targetId: number, place: DropPlace): TreeNode[] {
  const out: TreeNode[] = []
  for (const node of nodes) {
    if (node.id === targetId && place === 'before') out.push(moved)
    out.push(node.id === targetId && place === 'inside'
      ? { ...node, children: [...node.children, moved] }
      : { ...node, children: insert(node.children, moved, targetId, place) })
    if (node.id === targetId && place === 'after') out.push(moved)
  }
  return out
}

/**
 * Moves a node before, after or inside (as last child) another. Null when the move is impossible: the
 * same node, a node into its own subtree, or an unknown id.
 */
export function moveNode(nodes: readonly TreeNode[], id: number, targetId: number, place: DropPlace): TreeNode[] | null {
  const moved = findNode(nodes, id)
  if (!moved || !findNode(nodes, targetId) || isWithin(nodes, targetId, id)) return null
  return renumber(insert(detach(nodes, id), moved, targetId, place))
}

function siblingsOf(nodes: readonly TreeNode[], id: number): readonly TreeNode[] {
  const parentId = parentOf(nodes, id)
  if (parentId === undefined) return []
  return parentId === null ? nodes : findNode(nodes, parentId)!.children
}

/** One place up (-1) or down (+1) among its siblings; null at either end. */
export function moveAmongSiblings(nodes: readonly TreeNode[], id: number, delta: -1 | 1): TreeNode[] | null {
  const siblings = siblingsOf(nodes, id)
  const index = siblings.findIndex((n) => n.id === id)
  const other = siblings[index + delta]
  if (index < 0 || !other) return null
  return moveNode(nodes, id, other.id, delta < 0 ? 'before' : 'after')
}

/** Into the sibling above, as its last child; null for a first child. */
export function indentNode(nodes: readonly TreeNode[], id: number): TreeNode[] | null {
  const siblings = siblingsOf(nodes, id)
  const index = siblings.findIndex((n) => n.id === id)
  const above = siblings[index - 1]
  return index > 0 && above ? moveNode(nodes, id, above.id, 'inside') : null
}

/** One level out, right after its parent; null at the top. */
export function outdentNode(nodes: readonly TreeNode[], id: number): TreeNode[] | null {
  const parentId = parentOf(nodes, id)
  return parentId === null || parentId === undefined ? null : moveNode(nodes, id, parentId, 'after')
}
