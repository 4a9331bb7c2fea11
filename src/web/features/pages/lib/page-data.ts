import type { Data } from '@puckeditor/core'
import {
  blockIdPattern, blockKinds, blocksAllowedOn, pageDocumentVersion, socialNetworks, type BlockKind, type PageBlock, type PageDocument, type PageType,
} from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings, pageDocumentSchema, pageSettingsSchema, pageTranslationProblems } from '../../../../shared/schemas/page-blocks'
import { blockSpecs, pageSettingsSpecs, type Spec, type Specs } from './block-specs'

// The editor's data and the page document (docs/decisions/0064-visual-editor.md). Puck holds each block as
// `{ type: kind, props: { id, ...settings } }` in its root zone and the page's settings as the root's props;
// the document is `{ version, settings, blocks: [{ id, kind, settings }] }` (docs/decisions/0059-page-blocks.md).
// The two differ only where a form input cannot hold the document's value: an empty input stands for null, and
// an optional object (the banner's button) is always an object with an `enabled` switch. Going back, every
// setting is read by its spec: unknown props and kinds the page type does not permit are dropped, ids are kept
// when valid and unique.

type Props = Record<string, unknown>

const isObject = (value: unknown): value is Props => typeof value === 'object' && value !== null && !Array.isArray(value)

/** A setting's value when the editor has none: what an empty input means. */
function specDefault(spec: Spec): unknown {
  switch (spec.t) {
    case 'text': case 'link': return spec.nullable ? null : ''
    case 'html': return ''
    case 'int': return spec.nullable ? null : spec.min
    case 'color': return spec.nullable ? null : '#000000'
    case 'enum': return spec.values[0]
    case 'bool': return false
    case 'upload': case 'product': case 'datetime': return null
    case 'products': case 'multi': case 'array': return []
    case 'social': return {}
    case 'object': return spec.optional ? null : Object.fromEntries(Object.entries(spec.fields).map(([key, field]) => [key, specDefault(field)]))
  }
}

const nullableScalar = (spec: Spec) =>
  spec.t === 'upload' || spec.t === 'datetime' || ((spec.t === 'text' || spec.t === 'link' || spec.t === 'int' || spec.t === 'color') && spec.nullable === true)

function toPuckValue(spec: Spec, value: unknown): unknown {
  if (nullableScalar(spec)) return value ?? ''
  if (spec.t === 'object') {
    if (spec.optional) {
      const filled = isObject(value) ? value : (spec.defaults?.() ?? specDefault({ ...spec, optional: false }))
      return { ...toPuckObject(spec.fields, filled as Props), enabled: isObject(value) }
    }
    return toPuckObject(spec.fields, isObject(value) ? value : {})
  }
  // Every network's input gets a string, so none is an uncontrolled input; empty ones are dropped again.
  if (spec.t === 'social') return Object.fromEntries(socialNetworks.map((network) => [network, isObject(value) && typeof value[network] === 'string' ? value[network] : '']))
  if (spec.t === 'array') {
    return Array.isArray(value) ? value.map((item) => (isObject(item) ? { id: item.id, ...toPuckObject(spec.item, item) } : item)) : []
  }
  return value
}

export function toPuckObject(specs: Specs, values: Props): Props {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, toPuckValue(spec, values[key])]))
}

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value)
    return Number.isFinite(n) ? n : null
  }
  return null
}

/** A fresh id of the block-id form for a block, menu item, testimonial or contact field. */
export function newItemId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`
  return `${prefix}-${random}`.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64)
}

function keepId(value: unknown, prefix: string, used: Set<string>): string {
  const id = typeof value === 'string' && blockIdPattern.test(value) && !used.has(value) ? value : newItemId(prefix)
  used.add(id)
  return id
}

function fromPuckValue(spec: Spec, value: unknown, fallback: unknown): unknown {
  const otherwise = fallback === undefined ? specDefault(spec) : fallback
  switch (spec.t) {
    case 'text': case 'link':
      if (typeof value !== 'string') return otherwise
      return spec.nullable && value.trim() === '' ? null : value
    case 'html': return typeof value === 'string' ? value : otherwise
    case 'upload': case 'datetime': return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
    case 'color':
      if (typeof value === 'string' && value.trim() !== '') return value.trim()
      return spec.nullable ? null : otherwise
    case 'int': {
      const n = asNumber(value)
      if (n !== null) return n
      return spec.nullable ? null : otherwise
    }
    case 'enum': {
      if (typeof value === 'string' && spec.values.includes(value)) return value
      return typeof otherwise === 'string' && spec.values.includes(otherwise) ? otherwise : spec.values[0]
    }
    case 'bool': return typeof value === 'boolean' ? value : otherwise
    case 'product': return asNumber(value)
    case 'products': return Array.isArray(value) ? value.map(asNumber).filter((n): n is number => n !== null) : otherwise
    case 'multi': return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && spec.values.includes(v)) : otherwise
    case 'social': {
      if (!isObject(value)) return {}
      const links: Props = {}
      for (const network of socialNetworks) {
        const link = value[network]
        if (typeof link === 'string' && link.trim() !== '') links[network] = link.trim()
      }
      return links
    }
    case 'object': {
      if (spec.optional && (!isObject(value) || value.enabled === false)) return null
      const base = isObject(fallback) ? fallback : (spec.defaults?.() ?? {})
      return fromPuckObject(spec.fields, isObject(value) ? value : {}, base)
    }
    case 'array': {
      if (!Array.isArray(value)) return otherwise
      const used = new Set<string>()
      return value.filter(isObject).map((item, i) => ({ id: keepId(item.id, `item${i}`, used), ...fromPuckObject(spec.item, item, {}) }))
    }
  }
}

export function fromPuckObject(specs: Specs, values: Props, fallbacks: Props): Props {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, fromPuckValue(spec, values[key], fallbacks[key])]))
}

const rootProps = (data: Partial<Data>): Props => {
  const root = data.root as Props | undefined
  if (!isObject(root)) return {}
  return isObject(root.props) ? root.props : root
}

/** The page document as Puck's data: the blocks in the root zone, the page settings as the root's props. */
export function documentToData(document: PageDocument, pageType: PageType): Data {
  const allowed = blocksAllowedOn(pageType)
  return {
    root: { props: toPuckObject(pageSettingsSpecs, document.settings as Props) },
    content: document.blocks.filter((block) => allowed.includes(block.kind)).map((block) => ({
      type: block.kind,
      props: { id: block.id, ...toPuckObject(blockSpecs(block.kind, pageType), block.settings as Props) },
    })),
  }
}

/** Puck's data as a page document of `pageType`: kinds the type does not permit and unknown props are dropped. */
export function dataToDocument(data: Partial<Data>, pageType: PageType): PageDocument {
  const allowed = blocksAllowedOn(pageType) as readonly string[]
  const used = new Set<string>()
  const blocks = (data.content ?? []).filter((item) => (blockKinds as readonly string[]).includes(item.type) && allowed.includes(item.type)).map((item) => {
    const kind = item.type as BlockKind
    const props = isObject(item.props) ? (item.props as Props) : {}
    const settings = fromPuckObject(blockSpecs(kind, pageType), props, defaultBlockSettings(kind) as Props)
    return { id: keepId(props.id, kind, used), kind, settings } as PageBlock
  })
  const settings = fromPuckObject(pageSettingsSpecs, rootProps(data), pageSettingsSchema.parse({}) as Props) as PageDocument['settings']
  // No custom CSS is no key at all, as in documents saved before it existed (docs/decisions/0068-custom-css.md).
  if (!settings.custom_css) delete settings.custom_css
  return { version: pageDocumentVersion, settings, blocks }
}

/** The settings of a block just dropped in, in Puck's form: the schema's defaults. */
export function defaultPuckProps(kind: BlockKind, pageType: PageType): Props {
  const settings = defaultBlockSettings(kind) as Props
  if (kind === 'products') settings.source = fromPuckValue(blockSpecs(kind, pageType).source!, settings.source, undefined)
  return toPuckObject(blockSpecs(kind, pageType), settings)
}

export type DocumentProblem = { blockId: string | null; blockKind: BlockKind | null; blockIndex: number | null; path: string; message: string }

/**
 * Where a save's field errors point: `document.blocks.3.settings.width` (the server's 400) or `blocks.3...`
 * (the local check) names the block at that index of `document`.
 */
export function problemsOf(document: PageDocument, fields: readonly { path: string; message: string }[]): DocumentProblem[] {
  return fields.map((field) => {
    const match = /(?:^|\.)blocks\.(\d+)(?:\.|$)/.exec(field.path)
    const index = match ? Number(match[1]) : null
    const block = index !== null ? document.blocks[index] : undefined
    return { blockId: block?.id ?? null, blockKind: block?.kind ?? null, blockIndex: block ? index : null, path: field.path, message: field.message }
  })
}

/** The document checked as the server will check it (its texts per language too); the problems, each naming its block. */
export function checkDocument(document: PageDocument, pageType: PageType): DocumentProblem[] {
  const result = pageDocumentSchema(pageType).safeParse(document)
  if (!result.success) return problemsOf(document, result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })))
  return problemsOf(document, pageTranslationProblems(document))
}
