import i18next from 'i18next'
import { createElement, isValidElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, test } from 'vitest'
import { de } from '../../../i18n/locales/de'
import { en } from '../../../i18n/locales/en'
import { blockKinds, blocksAllowedOn, pageTypes } from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings } from '../../../../shared/schemas/page-blocks'
import { emptyBuiltPageData } from '../../../../storefront/built/built-data'
import { dataToDocument } from '../lib/page-data'
import { uploadKindOfFile } from './editor-fields'
import { pageEditorConfig, splitInline, withInline, type Translate } from './block-config'

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

  test('the funnel block\'s empty title and text show the order\'s placeholders', () => {
    const fields = configOf('funnel').components.funnel!.fields as Record<string, { placeholder?: string }>
    expect(fields.title!.placeholder).toBe('pageBuilder.hints.funnelTitle')
    expect(fields.text!.placeholder).toBe('pageBuilder.hints.funnelText')
    expect((configOf('shop').components.text!.fields as Record<string, { placeholder?: string }>).title?.placeholder).toBeUndefined()
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

describe('the settings\' choices have their own words (docs/decisions/0070-shop-header-and-themes.md)', () => {
  type F = { type: string; label?: string; options?: { value: unknown; label: string }[]; objectFields?: Record<string, F>; arrayFields?: Record<string, F>; contentEditable?: boolean }
  /** Every select option's label and every contentEditable text, walking objects and lists. */
  function walk(fields: Record<string, F>, found: { options: { key: string; value: unknown; label: string }[]; inline: string[] }, path = '') {
    for (const [key, field] of Object.entries(fields)) {
      if (field.type === 'select') for (const o of field.options ?? []) found.options.push({ key, value: o.value, label: o.label })
      if (field.contentEditable) found.inline.push(`${path}${key}`)
      if (field.objectFields) walk(field.objectFields, found, `${path}${key}.`)
      if (field.arrayFields) walk(field.arrayFields, found, `${path}${key}[].`)
    }
    return found
  }

  test.each([['en', en], ['de', de]] as const)('%s: every choice of every block on every page type is translated, none a humanised code', async (language, resources) => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: language, resources: { [language]: { translation: resources } }, interpolation: { escapeValue: false } })
    const missing: string[] = []
    const translate: Translate = (key, options) => {
      if (!i18n.exists(key)) missing.push(key)
      return i18n.t(key, options) as string
    }
    for (const pageType of pageTypes) {
      const config = pageEditorConfig({ pageType, products: [], data: emptyBuiltPageData(), t: translate })
      for (const component of Object.values(config.components)) walk(component.fields as Record<string, F>, { options: [], inline: [] })
      walk(config.root!.fields as Record<string, F>, { options: [], inline: [] })
    }
    expect([...new Set(missing.filter((key) => key.startsWith('pageBuilder.values.') || key.startsWith('pageBuilder.networks.')))]).toEqual([])
  })

  test('the same code reads differently by its setting: a products view "text" is not a form field\'s "text"', async () => {
    const i18n = i18next.createInstance()
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } })
    const config = pageEditorConfig({ pageType: 'shop', products: [], data: emptyBuiltPageData(), t: (key, options) => i18n.t(key, options) as string })
    const products = walk(config.components.products!.fields as Record<string, F>, { options: [], inline: [] })
    expect(products.options.find((o) => o.key === 'view' && o.value === 'text')?.label).toBe('Text links')
    expect(products.options.find((o) => o.key === 'animation' && o.value === 'pulse')?.label).toBe('Pulse')
    const form = walk(config.components.contact_form!.fields as Record<string, F>, { options: [], inline: [] })
    expect(form.options.find((o) => o.key === 'type' && o.value === 'text')?.label).toBe('Single line')
  })

  test('short texts are edited in place; texts written into attributes, links and long texts are not', () => {
    const inlineOf = (kind: string, pageType: (typeof pageTypes)[number] = 'shop') =>
      walk(pageEditorConfig({ pageType, products: [], data: emptyBuiltPageData(), t }).components[kind]!.fields as Record<string, F>, { options: [], inline: [] }).inline
    expect(inlineOf('banner')).toEqual(expect.arrayContaining(['title', 'button.text']))
    expect(inlineOf('banner')).not.toContain('text')
    expect(inlineOf('header')).toEqual(expect.arrayContaining(['title', 'menu[].name', 'menu[].submenu[].name']))
    expect(inlineOf('button')).toEqual(['button.text'])
    expect(inlineOf('video')).toEqual([])
    expect(inlineOf('pdf_reader')).toEqual([])
    expect(inlineOf('picture')).toEqual([])
    expect(inlineOf('thank_you_page', 'thank_you_page')).toEqual(['title'])
  })
})

describe('inline editing on the canvas', () => {
  // What Puck hands the render for a contentEditable field (its InlineTextField element).
  const Editor = (props: { value: string; propPath: string; componentId: string }) => createElement('span', { 'data-inline': props.propPath }, props.value)
  const editor = (value: string, propPath: string) => createElement(Editor, { value, propPath, componentId: 'b1' })

  test('the settings are read from the editors\' texts, and the editors go back where the block renders them', () => {
    const { plain, editors } = splitInline({ title: editor('Spring', 'title'), button: { text: editor('Go', 'button.text'), color: '#ffc107' }, html: 'x', alt: 'a' })
    expect(plain).toEqual({ title: 'Spring', button: { text: 'Go', color: '#ffc107' }, html: 'x', alt: 'a' })
    expect(editors.map((e) => e.path)).toEqual([['title'], ['button', 'text']])
    const back = withInline({ title: 'Spring', button: { text: 'Go' }, text: null }, editors)
    expect(isValidElement(back.title)).toBe(true)
    expect(isValidElement(back.button.text)).toBe(true)
    // an emptied text stays out (the block then shows nothing for it)
    expect(withInline({ title: null, button: { text: 'Go' } }, editors).title).toBeNull()
  })

  test('a banner on the canvas renders the storefront markup with the inline editors inside', () => {
    const config = pageEditorConfig({ pageType: 'shop', products: [], data: emptyBuiltPageData(), t })
    const banner = config.components.banner!
    const props = { ...banner.defaultProps, title: editor('Spring sale', 'title'), button: { ...(banner.defaultProps as { button: object }).button, enabled: true, type: 'customLink', url: '/s/demo', text: editor('Shop now', 'button.text') } }
    const html = renderToStaticMarkup(createElement(() => banner.render({ ...props, id: 'b1', puck: { metadata: {} } } as never) as never))
    expect(html).toContain('<h2 class="sf-built-title"><span data-inline="title">Spring sale</span></h2>')
    expect(html).toContain('<span data-inline="button.text">Shop now</span></a>')
  })
})
