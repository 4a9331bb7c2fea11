import { describe, expect, test } from 'vitest'
import { lessonDraftsOf, lessonMissing, lessonTranslationsInputOf, moduleDraftsOf, moduleMissing, moduleTranslationsInputOf } from './course-translation-draft'

// The course editor's language sections (docs/decisions/0095-product-translations.md, "Course content").

describe('course translation drafts', () => {
  test('stored translations (camelCase, as the API client gives them) open as drafts and go back as the whole set', () => {
    const modules = moduleDraftsOf({ pl: { title: 'Podstawy', description: null }, ptBr: { title: null, description: 'Primeiros passos' } })
    expect(modules).toEqual({ pl: { title: 'Podstawy', description: '' }, pt_br: { title: '', description: 'Primeiros passos' } })
    expect(moduleTranslationsInputOf(modules)).toEqual({ pl: { title: 'Podstawy', description: null }, pt_br: { title: null, description: 'Primeiros passos' } })

    const lessons = lessonDraftsOf({ pl: { title: 'Wstęp', textBlocks: { 1: '<p>Witamy</p>' } } }, [{ kind: 'video' }, { kind: 'text', html: '<p>Welcome</p>' }])
    expect(lessons).toEqual({ pl: { title: 'Wstęp', html: '<p>Witamy</p>' } })
    // the editor sends its text block first: its translation is index 0
    expect(lessonTranslationsInputOf(lessons, true)).toEqual({ pl: { title: 'Wstęp', text_blocks: { 0: '<p>Witamy</p>' } } })
    expect(lessonTranslationsInputOf({ pl: { title: '', html: '<p></p>' } }, true)).toEqual({ pl: { title: null } })
    expect(lessonTranslationsInputOf(lessons, false)).toEqual({ pl: { title: 'Wstęp' } })
  })

  test('a language is complete when it gives every text the module or lesson has', () => {
    expect(moduleMissing({ title: 'Podstawy', description: '' }, { title: 'Basics', description: 'Start' })).toEqual(['description'])
    expect(moduleMissing({ title: 'Podstawy', description: '' }, { title: 'Basics', description: null })).toEqual([])
    expect(lessonMissing({ title: 'Wstęp', html: '<p></p>' }, '<p>Welcome</p>')).toEqual(['text'])
    expect(lessonMissing({ title: '', html: '' }, '')).toEqual(['title'])
  })
})
