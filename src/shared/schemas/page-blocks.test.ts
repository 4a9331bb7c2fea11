import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { blockKinds, maxBlocksPerPage, type BlockKind } from '../pages/page-blocks'
import { blockSettingsSchemas, buttonSettings, defaultBlockSettings, pageDocumentSchema } from './page-blocks'

// Each block's settings at their bounds (docs/decisions/0059-page-blocks.md), and the page document's rules.

const parse = (kind: BlockKind, settings: unknown) => blockSettingsSchemas[kind].safeParse(settings)
const messages = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? []

type Json = { type?: string; properties?: Record<string, Json>; items?: Json; anyOf?: Json[]; minimum?: number; maximum?: number; multipleOf?: number; default?: unknown }

/** Every integer field of a schema with its bounds, by path (objects only; arrays and their items are covered by name below). */
function integerFields(schema: Json, path: string[] = []): { path: string[]; min: number; max: number }[] {
  if (schema.anyOf) return schema.anyOf.flatMap((branch) => integerFields(branch, path))
  if (schema.type === 'object') return Object.entries(schema.properties ?? {}).flatMap(([key, sub]) => integerFields(sub, [...path, key]))
  if (schema.type === 'integer' && schema.minimum !== undefined && schema.maximum !== undefined) return [{ path, min: schema.minimum, max: schema.maximum }]
  return []
}
const withPath = (path: string[], value: unknown): Record<string, unknown> => (path.length === 1 ? { [path[0]!]: value } : { [path[0]!]: withPath(path.slice(1), value) })

describe('block settings: defaults', () => {
  test('every kind parses {} to its defaults, and the defaults parse to themselves', () => {
    for (const kind of blockKinds) {
      const settings = defaultBlockSettings(kind)
      expect(parse(kind, settings).data, kind).toEqual(settings)
    }
  })

  test('the reference\'s widget defaults', () => {
    expect(defaultBlockSettings('picture').width).toBe(100)
    expect(defaultBlockSettings('text').padding).toEqual({ value: 15, unit: 'px' })
    expect(defaultBlockSettings('text')).toMatchObject({ width: 100, max_width: 5000, text_color: '#000000' })
    expect(defaultBlockSettings('banner')).toMatchObject({ width: 100, max_width: 500 })
    expect(defaultBlockSettings('contact_form')).toMatchObject({ width: 60, max_width: 500 })
    expect(defaultBlockSettings('conversion_tools')).toMatchObject({ width: 95, max_width: 730, countdown_number: 100, progress_value: 75 })
    expect(defaultBlockSettings('thank_you_page').max_width).toBe(1200)
    expect(defaultBlockSettings('popular_products').per_slide).toBe(3)
    expect(defaultBlockSettings('video')).toMatchObject({ width: 100, max_width: 5000, type: 'own' })
    expect(defaultBlockSettings('button').button).toMatchObject({ color: '#ffc107', radius: 22, style: 'filled', type: 'buy', payment_option: 'checkout' })
  })

  test('the contact form starts with first name (required), last name and email', () => {
    expect(defaultBlockSettings('contact_form').fields.map((f) => [f.kind, f.required])).toEqual([['first_name', true], ['last_name', false], ['email', false]])
  })
})

describe('block settings: bounds', () => {
  for (const kind of blockKinds) {
    const json = z.toJSONSchema(blockSettingsSchemas[kind], { io: 'input', unrepresentable: 'any' }) as Json
    const fields = integerFields(json)
    test(`${kind}: every number field takes its min and max and refuses one past either (${fields.length} fields)`, () => {
      expect(fields.length).toBeGreaterThan(0)
      for (const { path, min, max } of fields) {
        const name = `${kind}.${path.join('.')}`
        // multiples of 100 (font weight) step by 100
        const step = path.at(-1) === 'font_weight' ? 100 : 1
        expect(parse(kind, withPath(path, min)).success, `${name} = ${min}`).toBe(true)
        expect(parse(kind, withPath(path, max)).success, `${name} = ${max}`).toBe(true)
        expect(parse(kind, withPath(path, min - step)).success, `${name} = ${min - step}`).toBe(false)
        expect(parse(kind, withPath(path, max + step)).success, `${name} = ${max + step}`).toBe(false)
        expect(parse(kind, withPath(path, min + 0.5)).success, `${name} = ${min + 0.5}`).toBe(false)
      }
    })
  }

  test('named bounds: text and video max width 5000, banner 500, contact form 500, conversion tools 730, thank-you 1200', () => {
    const maxWidth = { text: 5000, video: 5000, banner: 500, contact_form: 500, conversion_tools: 730, thank_you_page: 1200 } as const
    for (const [kind, max] of Object.entries(maxWidth) as [BlockKind, number][]) {
      expect(parse(kind, { max_width: max }).success).toBe(true)
      expect(messages(parse(kind, { max_width: max + 1 }))).toEqual(['max_width:out_of_range'])
    }
    expect(parse('text', { width: 100 }).success).toBe(true)
    expect(parse('text', { width: 101 }).success).toBe(false)
    expect(parse('text', { transparency: 100 }).success).toBe(true)
    expect(parse('text', { transparency: 101 }).success).toBe(false)
  })

  test('padding in px up to 500 or in percent up to 50', () => {
    expect(parse('text', { padding: { value: 500 } }).success).toBe(true)
    expect(parse('text', { padding: { value: 501 } }).success).toBe(false)
    expect(parse('text', { padding: { value: 50, unit: 'percent' } }).success).toBe(true)
    expect(messages(parse('text', { padding: { value: 51, unit: 'percent' } }))).toEqual(['padding.value:out_of_range'])
    expect(parse('text', { padding: { value: 10, unit: 'em' } }).success).toBe(false)
  })

  test('hex colours of 3 or 6 digits; nothing else', () => {
    for (const ok of ['#fff', '#FFC107', '#000000']) expect(parse('text', { text_color: ok }).success, ok).toBe(true)
    for (const bad of ['fff', '#ffff', '#fffffff', '#ggg', 'red', 'rgb(0,0,0)', '#fff;background:url(x)']) {
      expect(messages(parse('text', { background_color: bad })), bad).toEqual(['background_color:invalid_hex_color'])
    }
  })

  test('enumerations: button types, styles, payment options, views, video types, countdown and progress styles, social proof', () => {
    for (const type of ['buy', 'details', 'customLink', 'individualLink', 'downloadFile', 'lessonLink']) expect(buttonSettings.safeParse({ type }).success).toBe(true)
    expect(buttonSettings.safeParse({ type: 'link' }).success).toBe(false)
    expect(buttonSettings.safeParse({ style: 'outlined', payment_option: 'autopay' }).success).toBe(true)
    expect(buttonSettings.safeParse({ style: 'ghost' }).success).toBe(false)
    for (const view of ['grid', 'list', 'slider', 'button', 'text']) expect(parse('products', { view }).success).toBe(true)
    expect(parse('products', { view: 'table' }).success).toBe(false)
    for (const style of ['loading', 'bordered', 'sections', 'circle', 'filledCircle', 'halfCircle', 'pieCircle']) expect(parse('conversion_tools', { progress_style: style }).success).toBe(true)
    for (const type of ['total_views', 'total_purchases', 'recent_purchase']) expect(parse('conversion_tools', { tool: 'social_proof', social_proof_type: type }).success).toBe(true)
    expect(parse('conversion_tools', { countdown_units: ['months', 'seconds'] }).success).toBe(true)
    expect(parse('conversion_tools', { countdown_units: ['days', 'days'] }).success).toBe(false)
    expect(parse('conversion_tools', { countdown_units: [] }).success).toBe(false)
  })

  test('unknown keys are refused, at every level', () => {
    expect(messages(parse('text', { html: '', css: 'x' }))[0]).toContain('Unrecognized key')
    expect(parse('button', { button: { onclick: 'x' } }).success).toBe(false)
    expect(parse('header', { social: { myspace: 'https://x.example' } }).success).toBe(false)
  })

  test('lists: 15 menu items, 20 testimonials, 20 contact fields, 300 product ids', () => {
    const item = (i: number) => ({ id: `m${i}`, name: 'Home', url: '/' })
    expect(parse('header', { menu: Array.from({ length: 15 }, (_, i) => item(i)) }).success).toBe(true)
    expect(parse('header', { menu: Array.from({ length: 16 }, (_, i) => item(i)) }).success).toBe(false)
    const quote = (i: number) => ({ id: `t${i}`, full_name: 'A', text: 'B' })
    expect(parse('testimonials', { items: Array.from({ length: 20 }, (_, i) => quote(i)) }).success).toBe(true)
    expect(parse('testimonials', { items: Array.from({ length: 21 }, (_, i) => quote(i)) }).success).toBe(false)
    const field = (i: number) => ({ id: `f${i}`, kind: 'custom' })
    expect(parse('contact_form', { fields: Array.from({ length: 20 }, (_, i) => field(i)) }).success).toBe(true)
    expect(parse('contact_form', { fields: Array.from({ length: 21 }, (_, i) => field(i)) }).success).toBe(false)
    expect(parse('contact_form', { fields: [field(1), field(1)] }).success).toBe(false)
    expect(parse('products', { product_ids: Array.from({ length: 300 }, (_, i) => i + 1) }).success).toBe(true)
    expect(parse('products', { product_ids: Array.from({ length: 301 }, (_, i) => i + 1) }).success).toBe(false)
  })
})

describe('block settings: texts, links, ids', () => {
  test('plain texts refuse script tags and are bounded', () => {
    expect(messages(parse('banner', { title: 'Hi <script>alert(1)</script>' }))).toEqual(['title:script_tag'])
    expect(parse('banner', { title: 'x'.repeat(300) }).success).toBe(true)
    expect(messages(parse('banner', { title: 'x'.repeat(301) }))).toEqual(['title:too_long'])
  })

  test('rich text keeps the allow-list\'s markup only', () => {
    const result = parse('text', { html: '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(1)</script><img src=x onerror=alert(1)>' })
    expect(result.data).toMatchObject({ html: '<p>Hi <a>there</a></p>' })
    expect(messages(parse('text', { html: '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>' }))).toEqual(['html:script_tag'])
  })

  test('links: http(s) or a path of this site, with a message that says so', () => {
    expect(parse('picture', { link: 'https://example.com/x' }).success).toBe(true)
    expect(parse('picture', { link: '/s/demo/course' }).success).toBe(true)
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'ftp://example.com', 'vbscript:x']) {
      expect(messages(parse('picture', { link: bad })), bad).toEqual(['link:unsafe_link'])
    }
  })

  test('external videos only from the allowed hosts', () => {
    expect(parse('video', { type: 'external', url: 'https://www.youtube.com/watch?v=abc' }).success).toBe(true)
    expect(messages(parse('video', { type: 'external', url: 'https://evil.example/v.mp4' }))).toEqual(['url:video_host_not_allowed'])
  })

  test('products, lessons and uploads are ids and keys, not text', () => {
    expect(parse('funnel_product', { product_id: 7 }).success).toBe(true)
    expect(parse('funnel_product', { product_id: '7' }).success).toBe(false)
    expect(parse('funnel_product', { product_id: 0 }).success).toBe(false)
    expect(parse('picture', { image_key: 'img-3f9a.webp' }).success).toBe(true)
    expect(messages(parse('picture', { image_key: '../etc/passwd' }))).toEqual(['image_key:unknown_upload'])
    expect(messages(parse('picture', { image_key: 'https://evil.example/x.png' }))).toEqual(['image_key:unknown_upload'])
  })
})

describe('the page document', () => {
  const block = (id: string, kind: string, settings: unknown = {}) => ({ id, kind, settings })

  test('blocks in order with their defaults; settings may be left out', () => {
    const result = pageDocumentSchema('shop').parse({ blocks: [{ id: 'h', kind: 'header' }, block('t', 'text', { html: '<p>Hi</p>' })] })
    expect(result.version).toBe(1)
    expect(result.settings).toEqual({ background_color: null, text_color: '#000000', font_family: 'default' })
    expect(result.blocks.map((b) => b.kind)).toEqual(['header', 'text'])
    expect(result.blocks[0]!.settings).toEqual(defaultBlockSettings('header'))
  })

  test('a block the page type does not permit is refused by name', () => {
    const result = pageDocumentSchema('course').safeParse({ blocks: [block('h', 'header')] })
    expect(messages(result)).toEqual(['blocks.0.kind:block_not_allowed'])
    expect(messages(pageDocumentSchema('shop').safeParse({ blocks: [block('f', 'funnel')] }))).toEqual(['blocks.0.kind:block_not_allowed'])
    expect(messages(pageDocumentSchema('shop').safeParse({ blocks: [block('x', 'marquee')] }))).toEqual(['blocks.0.kind:invalid_value'])
  })

  test('a products block takes only its page type\'s source', () => {
    expect(pageDocumentSchema('membership').parse({ blocks: [block('p', 'products')] }).blocks[0]!.settings).toMatchObject({ source: 'membership_products' })
    expect(pageDocumentSchema('membership').safeParse({ blocks: [block('p', 'products', { source: 'seller_products' })] }).success).toBe(false)
    expect(pageDocumentSchema('product').safeParse({ blocks: [block('p', 'products', { source: 'product' })] }).success).toBe(true)
  })

  test(`at most ${maxBlocksPerPage} blocks, unique ids`, () => {
    const many = (n: number) => Array.from({ length: n }, (_, i) => block(`g${i}`, 'gap'))
    expect(pageDocumentSchema('shop').safeParse({ blocks: many(maxBlocksPerPage) }).success).toBe(true)
    expect(messages(pageDocumentSchema('shop').safeParse({ blocks: many(maxBlocksPerPage + 1) }))).toEqual(['blocks:out_of_range'])
    expect(messages(pageDocumentSchema('shop').safeParse({ blocks: [block('a', 'gap'), block('a', 'text')] }))).toEqual(['blocks.1.id:duplicate_block_id'])
    expect(pageDocumentSchema('shop').safeParse({ blocks: [block('bad id!', 'gap')] }).success).toBe(false)
  })

  test('blocks do not nest: children, zones and other keys are refused', () => {
    for (const extra of [{ children: [block('c', 'text')] }, { zones: {} }, { props: {} }]) {
      expect(pageDocumentSchema('shop').safeParse({ blocks: [{ ...block('a', 'gap'), ...extra }] }).success).toBe(false)
    }
    expect(pageDocumentSchema('shop').safeParse({ blocks: [], theme: 'x' }).success).toBe(false)
    expect(pageDocumentSchema('shop').safeParse({ version: 2, blocks: [] }).success).toBe(false)
  })
})
