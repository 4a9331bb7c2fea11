import type { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { storableTextTranslations, textTranslationsAnswer } from '../../../shared/i18n/text-translations'
import type {
  CategoryNode, categoryInput, reorderCategoriesInput, shopCategoryInput, updateCategoryInput, updateShopCategoryInput,
} from '../../../shared/schemas/catalog'
import { shopCategoryTextFields } from '../../../shared/schemas/catalog'
import { actingSellerId } from '../../auth/permissions'
import type { Ctx } from '../../context'
import * as repo from './catalog.repository'
import { assertProductsOwned } from './catalog.service'

// The seller's category tree (docs/reference/catalogue-and-selling.md §3 "Category tree: id, parentId, children, position") and shop
// categories (title, description, colour, hidden, position, products). Scoped by the acting seller.

const categoryNotFound = () => new AppError('not_found', 'This category does not exist')

export function buildTree(rows: readonly repo.CategoryRow[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>(rows.map((r) => [r.id, { id: r.id, parent_id: r.parentId, position: r.position, name: r.name, children: [] }]))
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parent_id === null ? undefined : nodes.get(node.parent_id)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  const sort = (list: CategoryNode[]) => {
    list.sort((a, b) => a.position - b.position || a.id - b.id)
    for (const node of list) sort(node.children)
  }
  sort(roots)
  return roots
}

/** Whether giving `id` the parent `parentId` would make a cycle under the given parent map. */
function makesCycle(parents: Map<number, number | null>, id: number, parentId: number | null): boolean {
  for (let at = parentId, steps = 0; at !== null && at !== undefined; at = parents.get(at) ?? null, steps++) {
    if (at === id || steps > parents.size) return true
  }
  return false
}

const categoryOutput = (r: repo.CategoryRow) => ({ id: r.id, parent_id: r.parentId, position: r.position, name: r.name })

export async function categoryTree(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  return { list: buildTree(await repo.listCategories(ctx.db, sellerId)) }
}

export async function createCategory(ctx: Ctx, input: z.infer<typeof categoryInput>) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    if (input.parent_id && !(await repo.findCategory(tx, sellerId, input.parent_id))) throw categoryNotFound()
    const siblings = (await repo.listCategories(tx, sellerId)).filter((c) => c.parentId === (input.parent_id ?? null))
    return categoryOutput(await repo.insertCategory(tx, { sellerId, name: input.name, parentId: input.parent_id ?? null, position: input.position ?? siblings.length }))
  })
}

export async function updateCategory(ctx: Ctx, id: number, input: z.infer<typeof updateCategoryInput>) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const category = await repo.findCategory(tx, sellerId, id)
    if (!category) throw categoryNotFound()
    if (input.parent_id !== undefined && input.parent_id !== null) {
      const all = await repo.listCategories(tx, sellerId)
      if (!all.some((c) => c.id === input.parent_id)) throw categoryNotFound()
      if (makesCycle(new Map(all.map((c) => [c.id, c.parentId])), id, input.parent_id)) {
        throw new AppError('validation_failed', 'invalid_value', [{ path: 'parent_id', message: 'invalid_value' }])
      }
    }
    const values = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
    }
    // A partial update changes only what it names: an empty one answers the category as it is.
    if (Object.keys(values).length === 0) return categoryOutput(category)
    return categoryOutput(await repo.updateCategory(tx, id, values))
  })
}

export async function deleteCategory(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    const category = await repo.findCategory(tx, sellerId, id)
    if (!category) throw categoryNotFound()
    await repo.deleteCategory(tx, category)
  })
}

/** Drag and drop: new parents and positions for many categories at once, refused whole if it makes a cycle. */
export async function reorderCategories(ctx: Ctx, input: z.infer<typeof reorderCategoriesInput>) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    const all = await repo.listCategories(tx, sellerId)
    const parents = new Map(all.map((c) => [c.id, c.parentId]))
    for (const item of input.items) {
      if (!parents.has(item.id) || (item.parent_id !== null && !parents.has(item.parent_id))) throw categoryNotFound()
      parents.set(item.id, item.parent_id)
    }
    for (const item of input.items) {
      if (makesCycle(parents, item.id, item.parent_id)) throw new AppError('validation_failed', 'invalid_value', [{ path: 'items', message: 'invalid_value' }])
    }
    for (const item of input.items) await repo.updateCategory(tx, item.id, { parentId: item.parent_id, position: item.position })
    return { list: buildTree(await repo.listCategories(tx, sellerId)) }
  })
}

// ------------------------------------------------------------------ shop categories

const shopCategoryNotFound = () => new AppError('not_found', 'This shop category does not exist')

const shopCategoryOutput = (r: repo.ShopCategoryRow & { productIds: number[] }) => ({
  id: r.id, title: r.title, description: r.description, color: r.color, hidden: r.hidden, position: r.position, product_ids: r.productIds,
  translations: textTranslationsAnswer(r.translations, shopCategoryTextFields),
})

export async function listShopCategories(ctx: Ctx) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  return { list: (await repo.listShopCategories(ctx.db, sellerId)).map(shopCategoryOutput) }
}

export async function getShopCategory(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.read')
  const row = await repo.findShopCategory(ctx.db, sellerId, id)
  if (!row) throw shopCategoryNotFound()
  return shopCategoryOutput(row)
}

export async function createShopCategory(ctx: Ctx, input: z.infer<typeof shopCategoryInput>) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    if (input.product_ids?.length) await assertProductsOwned(tx, sellerId, input.product_ids)
    const count = (await repo.listShopCategories(tx, sellerId)).length
    const row = await repo.insertShopCategory(tx, {
      sellerId, title: input.title, description: input.description || null, color: input.color ?? null, hidden: input.hidden ?? false,
      position: input.position ?? count, translations: storableTextTranslations(input.translations, shopCategoryTextFields), createdAt: ctx.now, updatedAt: ctx.now,
    })
    await repo.replaceShopCategoryProducts(tx, row.id, input.product_ids ?? [])
    return shopCategoryOutput((await repo.findShopCategory(tx, sellerId, row.id))!)
  })
}

export async function updateShopCategory(ctx: Ctx, id: number, input: z.infer<typeof updateShopCategoryInput>) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.findShopCategory(tx, sellerId, id))) throw shopCategoryNotFound()
    if (input.product_ids?.length) await assertProductsOwned(tx, sellerId, input.product_ids)
    await repo.updateShopCategory(tx, id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.hidden !== undefined ? { hidden: input.hidden } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      // left out: the stored texts per language stay; sent: the set replaces them (docs/decisions/0095-product-translations.md)
      ...(input.translations !== undefined ? { translations: storableTextTranslations(input.translations, shopCategoryTextFields) } : {}),
      updatedAt: ctx.now,
    })
    if (input.product_ids) await repo.replaceShopCategoryProducts(tx, id, input.product_ids)
    return shopCategoryOutput((await repo.findShopCategory(tx, sellerId, id))!)
  })
}

export async function deleteShopCategory(ctx: Ctx, id: number) {
  const sellerId = actingSellerId(ctx.actor, 'products.write')
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.findShopCategory(tx, sellerId, id))) throw shopCategoryNotFound()
    await repo.deleteShopCategory(tx, id)
  })
}
