import { describe, expect, test } from 'vitest'
import { lessonTranslationsOf, localizedLessonTexts, localizedModuleTexts, missingLessonTexts, missingModuleTexts } from './course-translations'

// docs/decisions/0095-product-translations.md, "Course content": each text falls back to the base on its own.

describe('course texts per language', () => {
  const blocks = [{ kind: 'text', html: '<p>Welcome</p>' }, { kind: 'video', url: 'https://vimeo.com/1' }, { kind: 'text', html: '<p>Bye</p>' }]
  const stored = { pl: { title: 'Wstęp', text_blocks: { 0: '<p>Witamy</p>', 1: '<p>not a text block</p>' } }, de: { title: '  ' } }

  test('a translated text replaces its base text; an untranslated one, or a language without a translation, shows the base', () => {
    const pl = localizedLessonTexts({ title: 'Intro', blocks }, stored, 'pl')
    expect(pl.title).toBe('Wstęp')
    expect(pl.blocks.map((b) => b.html ?? b.kind)).toEqual(['<p>Witamy</p>', 'video', '<p>Bye</p>'])
    expect(localizedLessonTexts({ title: 'Intro', blocks }, stored, 'de').title).toBe('Intro')
    expect(localizedLessonTexts({ title: 'Intro', blocks }, stored, null).blocks).toEqual(blocks)
    expect(localizedModuleTexts({ title: 'Basics', description: 'Start' }, { pl: { title: 'Podstawy' } }, 'pl')).toEqual({ title: 'Podstawy', description: 'Start' })
    expect(localizedModuleTexts({ title: 'Basics', description: null }, { pl: { title: 'Podstawy' } }, 'xx')).toEqual({ title: 'Basics', description: null })
  })

  test('stored values are read defensively and a language is complete when every text with a base text is given', () => {
    expect(lessonTranslationsOf({ ...stored, xx: { title: 'X' }, fr: { text_blocks: { a: '<p>x</p>' } } })).toEqual({ pl: stored.pl })
    expect(missingLessonTexts(stored.pl, { blocks })).toEqual([2])
    expect(missingLessonTexts(undefined, { blocks: [] })).toEqual(['title'])
    expect(missingModuleTexts({ title: 'Podstawy' }, { title: 'Basics', description: 'Start' })).toEqual(['description'])
    expect(missingModuleTexts({ title: 'Podstawy' }, { title: 'Basics', description: null })).toEqual([])
  })
})
