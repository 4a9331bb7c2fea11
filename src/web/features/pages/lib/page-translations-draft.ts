import { localeCodes } from '../../../../shared/i18n/locales'
import type { PageBlock, PageDocument, PageTranslations } from '../../../../shared/pages/page-blocks'
import { blockTextProps, fittingPageTranslations, type PageTextProp } from '../../../../shared/pages/page-translations'
import { camelToSnakeKey, snakeToCamelKey } from '../../../lib/api-client'

// The page editor's "Languages" (docs/decisions/0095-product-translations.md, "Built pages"): the draft's translations
// are keyed by block id and text path, and the API client converts every key of an answer to camelCase and of a
// request to snake_case (src/web/lib/api-client.ts). A key comes back from that round trip changed only where it
// reads as snake_case with a digit (`item_1` → `item1`) or holds capitals; it is read back by the block it names.
// A block whose id a request would change (capitals: only made through the API) is not offered here.

const roundTrip = (key: string) => camelToSnakeKey(snakeToCamelKey(key))

/** Whether the API client sends this key as it is. */
export const sendsAsIs = (key: string) => camelToSnakeKey(key) === key

type Blocks = readonly Pick<PageBlock, 'id' | 'kind' | 'settings'>[]

/** The draft's translations as the answer gave them, each block id and text path read back as the document names it. */
export function translationsOfAnswer(document: Pick<PageDocument, 'blocks'> & { translations?: unknown }): PageTranslations {
  const stored = document.translations
  if (!stored || typeof stored !== 'object') return {}
  const out: PageTranslations = {}
  for (const code of localeCodes) {
    const language = (stored as Record<string, unknown>)[code]
    if (!language || typeof language !== 'object') continue
    const blocks: Record<string, Record<string, string>> = {}
    for (const block of document.blocks) {
      const entry = (language as Record<string, unknown>)[block.id] ?? (language as Record<string, unknown>)[roundTrip(block.id)]
      if (!entry || typeof entry !== 'object') continue
      const texts: Record<string, string> = {}
      for (const prop of blockTextProps(block)) {
        const value = (entry as Record<string, unknown>)[prop.key] ?? (entry as Record<string, unknown>)[roundTrip(prop.key)]
        if (typeof value === 'string') texts[prop.key] = value
      }
      if (Object.keys(texts).length > 0) blocks[block.id] = texts
    }
    if (Object.keys(blocks).length > 0) out[code] = blocks
  }
  return out
}

/** The blocks the panel lists, each with its texts that have a base text (none: left out). */
export function translatableBlocks<B extends Blocks[number]>(blocks: readonly B[]): { block: B; position: number; props: PageTextProp[] }[] {
  return blocks.flatMap((block, position) => {
    if (!sendsAsIs(block.id)) return []
    const props = blockTextProps(block).filter((prop) => prop.base !== null && sendsAsIs(prop.key))
    return props.length > 0 ? [{ block, position, props }] : []
  })
}

/** What the draft saves: the translations that still fit the blocks (a removed block or item takes its texts along). */
export function translationsToSave(blocks: Blocks, translations: PageTranslations): PageTranslations | undefined {
  const fitting = fittingPageTranslations(blocks.filter((block) => sendsAsIs(block.id)), translations)
  return Object.keys(fitting).length > 0 ? fitting : undefined
}

/** A text's path as the panel names it: its settings' labels without the items' ids (`menu.m1.name` → menu, name). */
export function labelParts(key: string): string[] {
  const parts = key.split('.')
  return parts.filter((_part, i) => i === 0 || !['menu', 'submenu', 'items', 'fields'].includes(parts[i - 1]!))
}
