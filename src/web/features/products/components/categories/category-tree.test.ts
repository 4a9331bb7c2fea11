import { describe, expect, test } from 'vitest'
import {
  flattenTree, indentNode, moveAmongSiblings, moveNode, normalizeTree, outdentNode, reorderItems, type TreeNode,
} from './category-tree'

const node = (id: number, name: string, children: TreeNode[] = [], position = 0): TreeNode => ({ id, parentId: null, position, name, children })
const tree = () => normalizeTree([node(1, 'A', [node(11, 'A1'), node(12, 'A2', [], 1)]), node(2, 'B', [], 1), node(3, 'C', [], 2)])
const names = (nodes: TreeNode[] | null) => flattenTree(nodes ?? []).map((n) => `${'-'.repeat(n.depth)}${n.name}`)

describe('category tree moves', () => {
  test('reorder items name every node once with its parent and its index among siblings', () => {
    expect(reorderItems(tree())).toEqual([
      { id: 1, parent_id: null, position: 0 }, { id: 11, parent_id: 1, position: 0 }, { id: 12, parent_id: 1, position: 1 },
      { id: 2, parent_id: null, position: 1 }, { id: 3, parent_id: null, position: 2 },
    ])
  })

  test('a drop before, after or inside another node moves the node with its children', () => {
    expect(names(moveNode(tree(), 3, 1, 'before'))).toEqual(['C', 'A', '-A1', '-A2', 'B'])
    expect(names(moveNode(tree(), 1, 3, 'after'))).toEqual(['B', 'C', 'A', '-A1', '-A2'])
    expect(names(moveNode(tree(), 2, 12, 'inside'))).toEqual(['A', '-A1', '-A2', '--B', 'C'])
  })

  test('a node never moves into itself or its own subtree', () => {
    expect(moveNode(tree(), 1, 12, 'inside')).toBeNull()
    expect(moveNode(tree(), 1, 1, 'after')).toBeNull()
    expect(moveNode(tree(), 99, 1, 'after')).toBeNull()
  })

  test('up and down stay among siblings and stop at the ends', () => {
    expect(names(moveAmongSiblings(tree(), 2, -1))).toEqual(['B', 'A', '-A1', '-A2', 'C'])
    expect(names(moveAmongSiblings(tree(), 11, 1))).toEqual(['A', '-A2', '-A1', 'B', 'C'])
    expect(moveAmongSiblings(tree(), 1, -1)).toBeNull()
    expect(moveAmongSiblings(tree(), 12, 1)).toBeNull()
  })

  test('indent nests under the sibling above; outdent puts a node right after its parent', () => {
    expect(names(indentNode(tree(), 2))).toEqual(['A', '-A1', '-A2', '-B', 'C'])
    expect(indentNode(tree(), 1)).toBeNull()
    expect(names(outdentNode(tree(), 11))).toEqual(['A', '-A2', 'A1', 'B', 'C'])
    expect(outdentNode(tree(), 2)).toBeNull()
  })
})
