import type { ComponentConfig, Config, Field, Fields } from '@puckeditor/core'
import { isValidElement, type ReactNode } from 'react'
import { blocksAllowedOn, socialNetworks, type BlockKind, type PageBlock, type PageType } from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings, pageSettingsSchema } from '../../../../shared/schemas/page-blocks'
// The canvas renders every block with the storefront's own renderers, so the editor shows what payers see
// (docs/decisions/0064-visual-editor.md: the one exception to "src/web never imports src/storefront").
import { blockStyle, pageStyle } from '../../../../storefront/built/block-style'
import type { BuiltPageData } from '../../../../storefront/built/built-data'
import { renderBlock } from '../../../../storefront/built/built-page'
import { blockSpecs, pageSettingsSpecs, type Spec, type Specs } from '../lib/block-specs'
import { defaultPuckProps, fromPuckObject, newItemId, toPuckObject } from '../lib/page-data'
import { ColorField, MultiField, ProductField, ProductsField, UploadField, type Option } from './editor-fields'

// The Puck configuration of one page type (docs/decisions/0064-visual-editor.md): exactly the blocks
// `blocksAllowedOn` permits, each with a field per setting made from its spec (bounds from the schemas),
// its defaults from the schemas, and a render that is the storefront's block renderer.

export type Translate = (key: string, options?: Record<string, unknown>) => string
/** `customCss`: whether the seller has the custom_css feature (docs/decisions/0068-custom-css.md); the field shows only then. */
export type EditorContext = { pageType: PageType; products: Option[]; data: BuiltPageData; t: Translate; customCss?: boolean }

const humanize = (value: string) => value.replace(/_/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase())
const settingLabel = (t: Translate, key: string) => t(`pageBuilder.settings.${key}`, { defaultValue: humanize(key) })
/** An enum value's label: by its setting (`pageBuilder.values.view.text` differs from `.type.text`), the code humanised only when a text is missing. */
const valueLabel = (t: Translate, key: string, value: string) => t(`pageBuilder.values.${key}.${value}`, { defaultValue: humanize(value) })

type Path = (string | number)[]
/** Puck's inline text editor as it hands a contentEditable field to the render: an element carrying the text as `value`. */
const inlineValue = (value: unknown): string | null | undefined => {
  if (!isValidElement(value)) return undefined
  const props = value.props as { value?: unknown; propPath?: unknown; componentId?: unknown }
  if (typeof props.propPath !== 'string' || typeof props.componentId !== 'string') return undefined
  return typeof props.value === 'string' ? props.value : null
}

/**
 * The block's props with each inline text editor replaced by its text (so the settings read as saved), and
 * where those editors were. The rich text (`html`) is its own case (componentOf).
 */
export function splitInline(props: Record<string, unknown>): { plain: Record<string, unknown>; editors: { path: Path; element: ReactNode }[] } {
  const editors: { path: Path; element: ReactNode }[] = []
  const walk = (value: unknown, path: Path): unknown => {
    const text = inlineValue(value)
    if (text !== undefined) {
      editors.push({ path, element: value as ReactNode })
      return text ?? ''
    }
    if (isValidElement(value)) return value
    if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i]))
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]))
    return value
  }
  const plain = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, k === 'html' ? v : walk(v, [k])]))
  return { plain, editors }
}

/** The settings with the inline editors back where a block renders their text; a text the settings dropped (empty) stays out. */
export function withInline<T>(settings: T, editors: { path: Path; element: ReactNode }[]): T {
  if (editors.length === 0) return settings
  const copy = structuredClone(settings) as Record<string | number, unknown>
  for (const { path, element } of editors) {
    let at: Record<string | number, unknown> | undefined = copy
    for (const key of path.slice(0, -1)) at = (at?.[key] && typeof at[key] === 'object') ? at[key] as Record<string | number, unknown> : undefined
    const last = path.at(-1)!
    if (at && typeof at[last] === 'string' && at[last] !== '') at[last] = element
  }
  return copy as T
}

function fieldOf(spec: Spec, key: string, ctx: EditorContext): Field {
  const { t } = ctx
  const label = settingLabel(t, key)
  switch (spec.t) {
    // A short text the block renders as content is edited in place on the canvas too (Puck's contentEditable).
    case 'text': return {
      type: spec.multiline ? 'textarea' : 'text', label, ...(spec.inline ? { contentEditable: true } : {}), ...(spec.hint ? { placeholder: t(spec.hint) } : {}),
    }
    case 'html': return { type: 'richtext', label }
    case 'link': return { type: 'text', label, placeholder: 'https://… or /…' }
    case 'upload': return {
      type: 'custom', label,
      render: ({ value, onChange, readOnly, name }) => <UploadField label={label} value={(value as string | null) ?? null} onChange={onChange} readOnly={readOnly} accept={spec.accept} testId={`field-${name}`} />,
    }
    case 'datetime': return { type: 'text', label, placeholder: '2030-01-31T18:00:00Z' }
    case 'int': return { type: 'number', label, min: spec.min, max: spec.max, ...(spec.step ? { step: spec.step } : {}) }
    case 'enum': return { type: 'select', label, options: spec.values.map((value) => ({ value, label: valueLabel(t, key, value) })) }
    case 'bool': return { type: 'radio', label, options: [{ value: true, label: t('pageBuilder.yes') }, { value: false, label: t('pageBuilder.no') }] }
    case 'color': return {
      type: 'custom', label,
      render: ({ value, onChange, readOnly, name }) => <ColorField label={label} value={value as string} onChange={onChange} readOnly={readOnly} nullable={spec.nullable === true} testId={`field-${name}`} />,
    }
    case 'product': return {
      type: 'custom', label,
      render: ({ value, onChange, readOnly, name }) => <ProductField label={label} value={value as number | null} onChange={onChange} readOnly={readOnly} options={ctx.products} testId={`field-${name}`} />,
    }
    case 'products': return {
      type: 'custom', label,
      render: ({ value, onChange, readOnly, name }) => <ProductsField label={label} value={value as number[]} onChange={onChange} readOnly={readOnly} options={ctx.products} testId={`field-${name}`} />,
    }
    case 'multi': return {
      type: 'custom', label,
      render: ({ value, onChange, readOnly, name }) => (
        <MultiField label={label} value={value as string[]} onChange={onChange} readOnly={readOnly} options={spec.values.map((v) => ({ value: v, label: valueLabel(t, key, v) }))} testId={`field-${name}`} />
      ),
    }
    case 'social': return { type: 'object', label, objectFields: Object.fromEntries(socialNetworks.map((network) => [network, { type: 'text', label: t(`pageBuilder.networks.${network}`, { defaultValue: humanize(network) }), placeholder: 'https://…' }])) }
    case 'object': {
      const objectFields = fieldsOf(spec.fields, ctx)
      return { type: 'object', label, objectFields: spec.optional ? { enabled: fieldOf({ t: 'bool' }, 'enabled', ctx), ...objectFields } : objectFields }
    }
    case 'array': return {
      type: 'array', label, max: spec.max, ...(spec.min ? { min: spec.min } : {}),
      arrayFields: fieldsOf(spec.item, ctx),
      defaultItemProps: () => ({ id: newItemId('item'), ...toPuckObject(spec.item, fromPuckObject(spec.item, {}, {})) }),
      getItemSummary: (item: Record<string, unknown>, index?: number) => {
        const name = [item.name, item.full_name, item.label, item.kind].find((v) => typeof v === 'string' && v !== '')
        return (name as string | undefined) ?? `#${(index ?? 0) + 1}`
      },
    }
  }
}

function fieldsOf(specs: Specs, ctx: EditorContext): Fields {
  return Object.fromEntries(Object.entries(specs).map(([key, spec]) => [key, fieldOf(spec, key, ctx)])) as Fields
}

/** An empty state on the canvas, so a block with nothing to show yet can still be seen, selected and moved. */
function Empty({ kind, t }: { kind: BlockKind; t: Translate }) {
  return <div className="pages-editor-empty" data-testid={`editor-empty-${kind}`}>{t('pageBuilder.emptyBlock', { block: t(`pageBuilder.kinds.${kind}`) })}</div>
}

function componentOf(kind: BlockKind, ctx: EditorContext): ComponentConfig {
  const specs = blockSpecs(kind, ctx.pageType)
  const defaults = defaultBlockSettings(kind) as Record<string, unknown>
  return {
    label: ctx.t(`pageBuilder.kinds.${kind}`),
    fields: fieldsOf(specs, ctx),
    defaultProps: defaultPuckProps(kind, ctx.pageType),
    render: ({ id, puck, editMode: _editMode, ...transformed }) => {
      // Short texts edited in place arrive as Puck's inline editors: the settings are read from their text, and
      // the editors are put back where the storefront's renderer writes those texts.
      const { plain: props, editors } = splitInline(transformed)
      const block = { id, kind, settings: withInline(fromPuckObject(specs, props, defaults), editors) } as PageBlock
      // Puck hands a richtext prop to the render as its own element (its inline editor), not the HTML string: it is
      // placed inside the storefront's own text markup (TextBlock in src/storefront/built/content-blocks.tsx).
      const inline = kind === 'text' && typeof props.html !== 'string' && props.html !== undefined
      const content: ReactNode = inline
        ? <div className="sf-built-text sf-description--rich" style={blockStyle('text', block.settings as PageBlock<'text'>['settings'])} data-testid="built-text">{props.html as ReactNode}</div>
        : renderBlock(block, ctx.data)
      // A block a save refused (locally or by the server's 400 field path) is outlined until it is fixed.
      const problem = ((puck?.metadata as { problemIds?: string[] } | undefined)?.problemIds ?? []).includes(id)
      return (
        <div className={`sf-built-block sf-built-block--${kind}`} data-block-id={id} data-testid={`editor-block-${kind}`}
          style={problem ? { outline: '2px solid #e03131', outlineOffset: -2 } : undefined} data-problem={problem || undefined}>
          {content === null || content === undefined || content === false ? <Empty kind={kind} t={ctx.t} /> : content}
        </div>
      )
    },
  }
}

const categoryKinds: Record<'frame' | 'content' | 'commerce', readonly BlockKind[]> = {
  frame: ['header', 'footer', 'gap'],
  content: ['banner', 'text', 'button', 'picture', 'audio_player', 'video', 'file', 'pdf_reader', 'testimonials'],
  commerce: ['products', 'popular_products', 'contact_form', 'conversion_tools', 'thank_you_page', 'funnel', 'funnel_product', 'affiliate'],
}

const { custom_css: _customCss, ...withoutCustomCss } = pageSettingsSpecs

/** The editor's configuration for a page of `ctx.pageType`. */
export function pageEditorConfig(ctx: EditorContext): Config {
  const kinds = blocksAllowedOn(ctx.pageType)
  const components = Object.fromEntries(kinds.map((kind) => [kind, componentOf(kind, ctx)]))
  const categories = Object.fromEntries(Object.entries(categoryKinds).map(([name, list]) => [name, {
    title: ctx.t(`pageBuilder.categories.${name}`), components: list.filter((kind) => kinds.includes(kind)),
  }]))
  return {
    categories,
    components,
    root: {
      fields: fieldsOf(ctx.customCss === false ? withoutCustomCss : pageSettingsSpecs, ctx),
      defaultProps: toPuckObject(pageSettingsSpecs, pageSettingsSchema.parse({})),
      render: ({ children, puck: _puck, editMode: _editMode, ...props }: { children: ReactNode; puck: unknown; editMode?: boolean } & Record<string, unknown>) => {
        const settings = fromPuckObject(pageSettingsSpecs, props, pageSettingsSchema.parse({})) as Parameters<typeof pageStyle>[0]
        // The page in the seller's applied theme, as the storefront shows it (docs/decisions/0070-shop-header-and-themes.md).
        return <div className="sf-built" style={pageStyle(settings, ctx.data.theme)} data-testid="editor-page">{children}</div>
      },
    },
  } as Config
}
