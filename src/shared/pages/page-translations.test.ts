import { describe, expect, test } from 'vitest'
import { pageDocumentSchema, pageTranslationProblems, storablePageTranslations } from '../schemas/page-blocks'
import type { PageDocument } from './page-blocks'
import { blockTextProps, fittingPageTranslations, localizedBlock, localizedBlocks, missingPageTexts } from './page-translations'

// A built page's texts per language (docs/decisions/0095-product-translations.md, "Built pages"): which props are
// texts, the document's check of its translations, and the fallback text by text.

const blocks = [
  { id: 'head', kind: 'header', settings: { title: 'Studio', menu: [{ id: 'm1', name: 'Courses', url: '/s/demo', submenu: [{ id: 's1', name: 'Painting', url: '/s/demo/p' }] }] } },
  { id: 'hero', kind: 'banner', settings: { title: 'Spring sale', text: 'New courses', button: { text: 'Shop now', type: 'customLink', url: '/s/demo' } } },
  { id: 'body', kind: 'text', settings: { html: '<p>Hello <strong>there</strong></p>' } },
  { id: 'quotes', kind: 'testimonials', settings: { items: [{ id: 't1', full_name: 'Pia', text: 'Lovely' }] } },
  { id: 'space', kind: 'gap', settings: {} },
]
const parse = (translations: unknown) => pageDocumentSchema('shop').safeParse({ blocks, translations })
/** The document as the service stores it: checked, its translations against its blocks, then cleaned. */
const doc = (translations: unknown): PageDocument => {
  const result = parse(translations)
  if (!result.success) throw new Error(JSON.stringify(result.error.issues))
  const problems = pageTranslationProblems(result.data)
  if (problems.length > 0) throw new Error(JSON.stringify(problems))
  return storablePageTranslations(result.data)
}

describe('the texts of a block', () => {
  test('texts only, lists by item id, an absent button has no text', () => {
    const parsed = doc(undefined)
    const keys = (id: string) => blockTextProps(parsed.blocks.find((b) => b.id === id)!).map((p) => p.key)
    expect(keys('head')).toEqual(['title', 'menu.m1.name', 'menu.m1.submenu.s1.name'])
    expect(keys('hero')).toEqual(['title', 'text', 'button.text'])
    expect(keys('body')).toEqual(['html'])
    expect(keys('quotes')).toEqual(['title', 'items.t1.text', 'items.t1.full_name'])
    expect(keys('space')).toEqual([])
    expect(blockTextProps({ kind: 'banner', settings: { title: 'x', text: null, button: null } } as never).map((p) => p.key)).toEqual(['title', 'text'])
    expect(blockTextProps(parsed.blocks.find((b) => b.id === 'body')!)[0]).toMatchObject({ rich: true, base: '<p>Hello <strong>there</strong></p>' })
  })
})

describe('the document\'s translations', () => {
  test('an old document without them stays as it was; empty sets leave no key', () => {
    expect(doc(undefined)).not.toHaveProperty('translations')
    expect(doc(null)).not.toHaveProperty('translations')
    expect(doc({})).not.toHaveProperty('translations')
    expect(doc({ de: { hero: { title: '  ', text: null } } })).not.toHaveProperty('translations')
  })

  test('texts are trimmed, rich text sanitised as the base', () => {
    const parsed = doc({
      de: { hero: { title: '  Frühlingsangebot ', 'button.text': 'Jetzt kaufen' }, body: { html: '<p onclick="x()">Hallo <img src=x onerror=alert(1)></p>' }, head: { 'menu.m1.submenu.s1.name': 'Malen' } },
    })
    expect(parsed.translations).toEqual({
      de: { hero: { title: 'Frühlingsangebot', 'button.text': 'Jetzt kaufen' }, body: { html: expect.not.stringMatching(/onclick|onerror/) }, head: { 'menu.m1.submenu.s1.name': 'Malen' } },
    })
  })

  test.each([
    ['an unknown locale', { xx: { hero: { title: 'x' } } }],
    ['a locale in another spelling', { 'pt-br': { hero: { title: 'x' } } }],
    ['a number', { de: { hero: { title: 5 } } }],
  ])('%s is refused by the document\'s shape (a 400)', (_name, translations) => {
    const result = parse(translations)
    expect(result.success).toBe(false)
    expect(result.error!.issues[0]!.path[0]).toBe('translations')
  })

  test.each([
    ['a block the document lacks', { de: { gone: { title: 'x' } } }, 'translations.de.gone'],
    ['a prop that is not a text of the block', { de: { hero: { image_key: 'x' } } }, 'translations.de.hero.image_key'],
    ['a link', { de: { hero: { 'button.url': '/x' } } }, 'translations.de.hero.button.url'],
    ['an item id the list lacks', { de: { head: { 'menu.nope.name': 'x' } } }, 'translations.de.head.menu.nope.name'],
    ['a text longer than its base field', { de: { hero: { 'button.text': 'x'.repeat(101) } } }, 'translations.de.hero.button.text'],
    ['a script tag', { de: { hero: { text: '<script>alert(1)</script>' } } }, 'translations.de.hero.text'],
  ])('%s does not fit the blocks (the service\'s 422)', (_name, translations, path) => {
    const result = parse(translations)
    expect(result.success).toBe(true)
    expect(pageTranslationProblems(result.data!).map((p) => p.path)).toEqual([path])
  })

  test('a document without translations, or with fitting ones, has no problem', () => {
    expect(pageTranslationProblems(parse(undefined).data!)).toEqual([])
    expect(pageTranslationProblems(parse({ de: { hero: { title: 'Neu', text: null } } }).data!)).toEqual([])
  })
})

describe('the fallback', () => {
  const parsed = doc({ de: { hero: { title: 'Frühlingsangebot', 'button.text': 'Jetzt kaufen' }, head: { 'menu.m1.name': 'Kurse' } } })

  test('each text of the language, else the base; another language or none: the base blocks', () => {
    const de = localizedBlocks(parsed, 'de')
    const hero = de.find((b) => b.id === 'hero')! as Extract<PageDocument['blocks'][number], { kind: 'banner' }>
    expect(hero.settings.title).toBe('Frühlingsangebot')
    expect(hero.settings.text).toBe('New courses')
    expect(hero.settings.button?.text).toBe('Jetzt kaufen')
    expect(hero.settings.button?.url).toBe('/s/demo')
    const head = de.find((b) => b.id === 'head')! as Extract<PageDocument['blocks'][number], { kind: 'header' }>
    expect(head.settings.menu[0]!.name).toBe('Kurse')
    expect(head.settings.menu[0]!.submenu[0]!.name).toBe('Painting')
    expect(localizedBlocks(parsed, 'fr')).toEqual(parsed.blocks)
    expect(localizedBlocks(parsed, null)).toEqual(parsed.blocks)
    expect(localizedBlocks(parsed, 'xx')).toEqual(parsed.blocks)
    // the document is not changed
    expect((parsed.blocks[1] as Extract<PageDocument['blocks'][number], { kind: 'banner' }>).settings.title).toBe('Spring sale')
  })

  test('a stored value of the wrong shape is ignored', () => {
    const block = parsed.blocks[1]!
    expect(localizedBlock(block, { de: { hero: { title: 5 } } }, 'de')).toBe(block)
    expect(localizedBlock(block, { de: 'x' }, 'de')).toBe(block)
    expect(localizedBlock(block, 'x', 'de')).toBe(block)
  })

  test('the editor keeps only texts that still fit, and names what a language lacks', () => {
    const edited = parsed.blocks.filter((b) => b.id !== 'head')
    expect(fittingPageTranslations(edited, { de: { hero: { title: ' Neu ', text: '' }, head: { title: 'Studio' } }, xx: { hero: { title: 'x' } } }))
      .toEqual({ de: { hero: { title: 'Neu' } } })
    expect(missingPageTexts(edited, parsed.translations, 'de')).toEqual([
      { blockId: 'hero', key: 'text' }, { blockId: 'body', key: 'html' }, { blockId: 'quotes', key: 'items.t1.text' }, { blockId: 'quotes', key: 'items.t1.full_name' },
    ])
  })
})
