import { describe, expect, test } from 'vitest'
import { blockKinds, blocksAllowedOn, pageTypes } from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings } from '../../../../shared/schemas/page-blocks'
import { emptyBuiltPageData } from '../../../../storefront/built/built-data'
import { dataToDocument } from '../lib/page-data'
import { uploadKindOfFile } from './editor-fields'
import { pageEditorConfig, type Translate } from './block-config'

const t: Translate = (key, options) => (typeof options?.defaultValue === 'string' ? options.defaultValue : key)
const configOf = (pageType: (typeof pageTypes)[number]) => pageEditorConfig({ pageType, products: [], data: emptyBuiltPageData(), t })

describe('the editor offers each page type exactly its blocks (the matrix of docs/decisions/0059-page-blocks.md)', () => {
  test.each(pageTypes)('%s', (pageType) => {
    const config = configOf(pageType)
    const offered = Object.keys(config.components)
    expect(offered.sort()).toEqual([...blocksAllowedOn(pageType)].sort())
    for (const kind of blockKinds.filter((k) => !blocksAllowedOn(pageType).includes(k))) expect(offered).not.toContain(kind)
    // Every block is in one palette category, so none is hidden from the seller.
    const categorised = Object.values(config.categories ?? {}).flatMap((c) => c.components ?? [])
    expect([...categorised].sort()).toEqual([...offered].sort())
  })

  test('course pages have no header or footer', () => {
    expect(Object.keys(configOf('course').components)).not.toContain('header')
    expect(Object.keys(configOf('course').components)).not.toContain('footer')
  })

  test('each block has a field per setting, bounds from the schemas, and the schema defaults', () => {
    const config = configOf('shop')
    for (const kind of blocksAllowedOn('shop')) {
      const component = config.components[kind]!
      expect(Object.keys(component.fields ?? {}).sort(), kind).toEqual(Object.keys(defaultBlockSettings(kind)).sort())
      const doc = dataToDocument({ content: [{ type: kind, props: { id: 'b1', ...component.defaultProps } }] }, 'shop')
      expect(doc.blocks[0]!.settings, kind).toEqual(defaultBlockSettings(kind))
    }
    const banner = config.components.banner!.fields as Record<string, { min?: number; max?: number }>
    expect(banner.max_width).toMatchObject({ min: 1, max: 500 })
    expect(banner.width).toMatchObject({ min: 1, max: 100 })
    expect((config.components.contact_form!.fields as Record<string, { max?: number }>).max_width!.max).toBe(500)
    expect((config.components.gap!.fields as Record<string, { max?: number }>).height!.max).toBe(500)
  })
})

describe('the upload picker', () => {
  test('a block that takes any file uploads it as the kind its type says', () => {
    expect(uploadKindOfFile({ type: 'image/webp', name: 'a.webp' })).toBe('image')
    expect(uploadKindOfFile({ type: '', name: 'Guide.PDF' })).toBe('pdf')
    expect(uploadKindOfFile({ type: 'audio/mpeg', name: 'a.mp3' })).toBe('audio')
    expect(uploadKindOfFile({ type: 'video/mp4', name: 'a.mp4' })).toBe('video')
    expect(uploadKindOfFile({ type: 'application/zip', name: 'a.zip' })).toBe('file')
  })
})

describe('the page settings', () => {
  test('custom CSS is a field only with the custom_css feature', () => {
    const base = { pageType: 'shop' as const, products: [], data: emptyBuiltPageData(), t: (key: string) => key }
    expect(Object.keys(pageEditorConfig(base).root!.fields!)).toContain('custom_css')
    expect(Object.keys(pageEditorConfig({ ...base, customCss: false }).root!.fields!)).not.toContain('custom_css')
  })
})
