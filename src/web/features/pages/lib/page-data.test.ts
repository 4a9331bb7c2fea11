import { describe, expect, test } from 'vitest'
import { blockKinds, blocksAllowedOn, pageTypes, type PageDocument } from '../../../../shared/pages/page-blocks'
import { defaultBlockSettings, pageDocumentSchema } from '../../../../shared/schemas/page-blocks'
import { blockSpecs } from './block-specs'
import { checkDocument, dataToDocument, defaultPuckProps, documentToData, problemsOf } from './page-data'

const shop = (blocks: unknown[]): PageDocument => pageDocumentSchema('shop').parse({ blocks })

describe('page document <-> Puck data', () => {
  test('every kind\'s spec names exactly the settings of its schema', () => {
    for (const type of pageTypes) {
      for (const kind of blocksAllowedOn(type)) {
        expect(Object.keys(blockSpecs(kind, type)).sort(), `${type}/${kind}`).toEqual(Object.keys(defaultBlockSettings(kind)).sort())
      }
    }
  })

  test('a document of every permitted kind with its defaults survives the round trip, ids kept', () => {
    for (const type of pageTypes) {
      const doc = pageDocumentSchema(type).parse({ blocks: blocksAllowedOn(type).map((kind, i) => ({ id: `${kind}-${i}`, kind })) })
      const back = dataToDocument(documentToData(doc, type), type)
      expect(back, type).toEqual(doc)
      expect(pageDocumentSchema(type).parse(back)).toEqual(doc)
    }
  })

  test('filled settings survive: menus with submenus, testimonials, contact fields, a banner button, social links, nulls', () => {
    const doc = shop([
      { id: 'head', kind: 'header', settings: { title: 'Shop', menu: [{ id: 'm1', name: 'Courses', url: '/s/demo', submenu: [{ id: 's1', name: 'Yoga', url: 'https://example.com/yoga' }] }], social: { instagram: 'https://instagram.com/demo' }, sticky_header: true } },
      { id: 'ban', kind: 'banner', settings: { title: 'Hello', button: { text: 'Go', type: 'customLink', url: 'https://example.com' }, padding: { value: 10, unit: 'percent' } } },
      { id: 'ban2', kind: 'banner', settings: { title: null, text: 'No button' } },
      { id: 'quotes', kind: 'testimonials', settings: { items: [{ id: 't1', full_name: 'Ann', text: 'Great' }], view: 'slider' } },
      { id: 'form', kind: 'contact_form', settings: { fields: [{ id: 'email', kind: 'email', required: true }, { id: 'msg', kind: 'custom', label: 'Message', type: 'textarea' }] } },
      { id: 'count', kind: 'conversion_tools', settings: { tool: 'progress_bar', progress_style: 'halfCircle', countdown_units: ['hours', 'minutes'], font_size: 24 } },
      { id: 'txt', kind: 'text', settings: { html: '<p><strong>Hi</strong></p>' } },
    ])
    const data = documentToData(doc, 'shop')
    expect(data.content.map((item) => item.props.id)).toEqual(['head', 'ban', 'ban2', 'quotes', 'form', 'count', 'txt'])
    expect((data.content[2]!.props as Record<string, unknown>).title).toBe('')
    expect(((data.content[2]!.props as Record<string, unknown>).button as Record<string, unknown>).enabled).toBe(false)
    expect(dataToDocument(data, 'shop')).toEqual(doc)
  })

  test('unknown props, unknown kinds and kinds the page type does not permit are dropped', () => {
    const doc = dataToDocument({
      root: { props: { background_color: '#fff', title: 'Puck root title', stray: 1 } as Record<string, unknown> },
      content: [
        { type: 'text', props: { id: 'a', html: '<p>x</p>', children: [], zones: {}, onClick: 'alert(1)' } },
        { type: 'Section', props: { id: 'b' } },
        { type: 'funnel', props: { id: 'c' } },
        { type: 'gap', props: { id: 'd', height: '80' } },
      ],
    }, 'shop')
    expect(doc.settings).toEqual({ background_color: '#fff', text_color: '#000000', font_family: 'default' })
    expect(doc.blocks.map((b) => [b.id, b.kind])).toEqual([['a', 'text'], ['d', 'gap']])
    expect(Object.keys(doc.blocks[0]!.settings)).not.toContain('children')
    expect(Object.keys(doc.blocks[0]!.settings)).not.toContain('onClick')
    expect((doc.blocks[1]!.settings as { height: number }).height).toBe(80)
    expect(pageDocumentSchema('shop').safeParse(doc).success).toBe(true)
  })

  test('a missing, invalid or repeated id gets a fresh one of the id form', () => {
    const doc = dataToDocument({ root: {}, content: [
      { type: 'gap', props: { id: 'same' } }, { type: 'gap', props: { id: 'same' } }, { type: 'gap', props: { id: 'bad id!' } }, { type: 'gap', props: {} as { id: string } },
    ] }, 'course')
    const ids = doc.blocks.map((b) => b.id)
    expect(ids[0]).toBe('same')
    expect(new Set(ids).size).toBe(4)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/)
  })

  test('a new block starts from the schema\'s defaults; a membership products block from its own source', () => {
    for (const kind of blockKinds) expect(dataToDocument({ content: [{ type: kind, props: { id: 'x', ...defaultPuckProps(kind, 'shop') } }] }, 'shop').blocks[0]?.settings ?? null)
      .toEqual(blocksAllowedOn('shop').includes(kind) ? defaultBlockSettings(kind) : null)
    expect(defaultPuckProps('products', 'membership').source).toBe('membership_products')
  })

  test('out-of-range values are kept for the check, which names the block', () => {
    const data = documentToData(shop([{ id: 'g1', kind: 'gap' }, { id: 'g2', kind: 'gap' }]), 'shop')
    ;(data.content[1]!.props as Record<string, unknown>).height = 9999
    const doc = dataToDocument(data, 'shop')
    expect(checkDocument(doc, 'shop')).toEqual([{ blockId: 'g2', blockKind: 'gap', blockIndex: 1, path: 'blocks.1.settings.height', message: 'out_of_range' }])
    expect(problemsOf(doc, [{ path: 'document.blocks.0.settings.width', message: 'out_of_range' }])[0]!.blockId).toBe('g1')
    expect(problemsOf(doc, [{ path: 'revision', message: 'invalid_value' }])[0]!.blockId).toBeNull()
  })
})
