import { describe, expect, test } from 'vitest'
import { emptyTextDraft, textDraftComplete, textDraftsOf, textTranslationsInputOf } from './text-language-cards'

const fields = ['name', 'location'] as const

describe('a ticket type\'s texts per language as the wizard edits them', () => {
  test('the stored set (camelCase locale keys) opens as drafts in locale order, a null text as empty', () => {
    expect(textDraftsOf({ ptBr: { name: 'Fila da frente', location: null }, de: { name: 'Erste Reihe', location: 'Hamburg' } }, fields)).toEqual({
      de: { name: 'Erste Reihe', location: 'Hamburg' }, pt_br: { name: 'Fila da frente', location: '' },
    })
    expect(textDraftsOf(undefined, fields)).toEqual({})
  })

  test('the drafts are sent trimmed, an empty text as null; every language kept (the whole set)', () => {
    expect(textTranslationsInputOf({ pl: { name: ' Pierwszy rząd ', location: ' ' }, fr: emptyTextDraft(fields) }, fields)).toEqual({
      fr: { name: null, location: null }, pl: { name: 'Pierwszy rząd', location: null },
    })
    expect(textTranslationsInputOf({}, fields)).toEqual({})
  })

  test('complete when every text the base has is given', () => {
    expect(textDraftComplete({ name: 'Balkon', location: '' }, { name: 'Balcony', location: null }, fields)).toBe(true)
    expect(textDraftComplete({ name: 'Balkon', location: '' }, { name: 'Balcony', location: 'Hamburg' }, fields)).toBe(false)
    expect(textDraftComplete({ name: '' }, { name: null }, ['name'])).toBe(true)
  })
})
