import { describe, expect, test } from 'vitest'
import type { PageDocument } from '../../../../shared/pages/page-blocks'
import { pageDocumentSchema } from '../../../../shared/schemas/page-blocks'
import { toCamel, toSnake } from '../../../lib/api-client'
import { labelParts, translatableBlocks, translationsOfAnswer, translationsToSave } from './page-translations-draft'

// The page editor's languages (docs/decisions/0095-product-translations.md, "Built pages"): the draft's translations
// survive the API client's key conversion, the panel lists the texts with a base text, and a save sends only what
// still fits the blocks.

const document: PageDocument = pageDocumentSchema('shop').parse({
  blocks: [
    { id: 'contact_form-1b2c', kind: 'contact_form', settings: { title: 'Write to us', fields: [{ id: 'first_name', kind: 'first_name', label: 'First name' }, { id: 'item_1', kind: 'custom', label: 'Question' }] } },
    { id: 'hero_2', kind: 'banner', settings: { title: 'Spring', text: null } },
    { id: 'space', kind: 'gap' },
  ],
  translations: {
    pt_br: { 'contact_form-1b2c': { title: 'Escreva-nos', 'fields.item_1.label': 'Pergunta', 'fields.first_name.label': 'Nome' }, hero_2: { title: 'Primavera' } },
  },
})

describe('the editor\'s translations', () => {
  test('read back from an answer whose keys went to camelCase and back, as the document names them', () => {
    const answered = toSnake(toCamel(document)) as PageDocument
    expect(answered.translations).not.toEqual(document.translations) // the client changed some keys
    expect(translationsOfAnswer(answered)).toEqual(document.translations)
    // and sent as they are
    expect(toSnake(translationsToSave(document.blocks, translationsOfAnswer(answered)))).toEqual(document.translations)
  })

  test('the panel lists the blocks with texts that have a base text, by position', () => {
    const listed = translatableBlocks(document.blocks)
    expect(listed.map((b) => [b.block.id, b.position, b.props.map((p) => p.key)])).toEqual([
      ['contact_form-1b2c', 0, ['title', 'fields.first_name.label', 'fields.item_1.label', 'button.text', 'success_text']],
      ['hero_2', 1, ['title']],
    ])
    expect(labelParts('fields.item_1.label')).toEqual(['fields', 'label'])
    expect(labelParts('menu.m1.submenu.s1.name')).toEqual(['menu', 'submenu', 'name'])
  })

  test('a save keeps only what fits: a removed block takes its texts along; nothing left is no key', () => {
    const edited = document.blocks.filter((b) => b.id !== 'hero_2')
    expect(translationsToSave(edited, { ...document.translations, de: { hero_2: { title: 'Frühling' } } })).toEqual({ pt_br: { 'contact_form-1b2c': document.translations!.pt_br!['contact_form-1b2c'] } })
    expect(translationsToSave(edited, { de: { hero_2: { title: 'Frühling' } } })).toBeUndefined()
    // a block whose id the client would change (capitals) is not offered
    expect(translatableBlocks([{ id: 'Hero', kind: 'banner', settings: { title: 'x' } } as never])).toEqual([])
  })
})
