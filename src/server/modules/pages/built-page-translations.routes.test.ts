import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import type { LocaleCode } from '../../../shared/i18n/locales'
import { localizedBlocks } from '../../../shared/pages/page-translations'
import { systemContext } from '../../context'
import { builtPage } from './built-data.service'
import { submitContactForm } from './contact-requests.service'

// A built page's own texts per language (docs/decisions/0095-product-translations.md, "Built pages"): saved in the
// draft's document, replaced and cleared with it, checked (locales, blocks, texts, the base rules), published with
// it, and the page read in German with each missing text falling back to the base one.

let t: TestApp
let seller: TestSeller
let pageId: number

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, ...(payload ? { payload } : {}) })

const blocks = [
  { id: 'head', kind: 'header', settings: { title: 'Studio Pia', menu: [{ id: 'm1', name: 'Courses', url: '/courses' }] } },
  { id: 'hero', kind: 'banner', settings: { title: 'Spring sale', text: 'New courses every week', button: { text: 'Read more', type: 'customLink', url: '/about' } } },
  { id: 'words', kind: 'text', settings: { html: '<p>Hand-made courses</p>' } },
  { id: 'ask', kind: 'contact_form', settings: { title: 'Write to us', success_text: 'Thanks, we will answer soon.', fields: [{ id: 'mail', kind: 'email', label: 'Your email', type: 'text', required: true }] } },
]
const german = {
  de: {
    head: { 'menu.m1.name': 'Kurse' },
    hero: { title: '  Frühlingsangebot ', 'button.text': 'Mehr lesen', text: '' },
    words: { html: '<p onclick="steal()">Handgemachte Kurse</p>' },
    ask: { 'fields.mail.label': 'Ihre E-Mail', success_text: 'Danke, wir antworten bald.' },
  },
}

const save = (translations: unknown, revision?: number) => call('PUT', `/cabinet/pages/${pageId}/draft`, {
  page_type: 'shop', ...(revision ? { revision } : {}), document: { blocks, ...(translations === undefined ? {} : { translations }) },
})

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const current = (await t.request({ method: 'GET', url: '/api/v1/cabinet/profile', token: seller.accessToken })).json()
  const profile = await t.request({ method: 'PUT', url: '/api/v1/cabinet/profile', token: seller.accessToken, payload: { ...current.profile, shop_languages: ['en', 'de'] } })
  expect(profile.statusCode, profile.body).toBe(200)
  // A profile PUT recomputes whether the profile is finished; the factory's seller has an open shop.
  await t.deps.database.executeSql('update sellers set profile_finished = true where id = $1', [seller.sellerId])
  const made = await call('POST', '/cabinet/pages', { page_type: 'shop', name: 'Shop in two languages' })
  expect(made.statusCode, made.body).toBe(201)
  pageId = made.json().id
})

afterAll(async () => {
  await t?.close()
})

describe('the draft\'s translations', () => {
  test('written with the draft (trimmed, sanitised, empty texts dropped) and read back', async () => {
    const saved = await save(german)
    expect(saved.statusCode, saved.body).toBe(200)
    const stored = {
      de: {
        head: { 'menu.m1.name': 'Kurse' },
        hero: { title: 'Frühlingsangebot', 'button.text': 'Mehr lesen' },
        words: { html: '<p>Handgemachte Kurse</p>' },
        ask: { 'fields.mail.label': 'Ihre E-Mail', success_text: 'Danke, wir antworten bald.' },
      },
    }
    expect(saved.json().draft.translations).toEqual(stored)
    const read = await call('GET', `/cabinet/pages/${pageId}`)
    expect(read.json().draft.translations).toEqual(stored)
  })

  test('a document sent again replaces them; null or {} or none clears them', async () => {
    const replaced = await save({ fr: { hero: { title: 'Soldes de printemps' } } })
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().draft.translations).toEqual({ fr: { hero: { title: 'Soldes de printemps' } } })
    for (const cleared of [null, {}, undefined]) {
      const answer = await save(cleared)
      expect(answer.statusCode, answer.body).toBe(200)
      expect(answer.json().draft).not.toHaveProperty('translations')
    }
  })

  const refused = async (translations: unknown, status: number, path: string | null) => {
    const before = (await call('GET', `/cabinet/pages/${pageId}`)).json()
    const answer = await save(translations)
    expect(answer.statusCode, answer.body).toBe(status)
    if (path !== null) expect(answer.json().error.fields.map((f: { path: string }) => f.path), answer.body).toContain(path)
    expect((await call('GET', `/cabinet/pages/${pageId}`)).json().revision).toBe(before.revision)
  }

  test.each([
    ['an unknown locale', { xx: { hero: { title: 'x' } } }, 'document.translations.xx'],
    ['a locale in the browser\'s spelling', { 'pt-BR': { hero: { title: 'x' } } }, 'document.translations.pt-BR'],
    // (the body's page types are a union: the answer names no field)
    ['a text that is not a string', { de: { hero: { title: 5 } } }, null],
  ])('400 for %s, the draft unchanged', async (_name, translations, path) => {
    await refused(translations, 400, path)
  })

  test.each([
    ['a block the document does not have', { de: { gone: { title: 'x' } } }, 'document.translations.de.gone'],
    ['a setting that is not a text', { de: { hero: { 'button.url': '/elsewhere' } } }, 'document.translations.de.hero.button.url'],
    ['a menu item the menu does not have', { de: { head: { 'menu.m9.name': 'x' } } }, 'document.translations.de.head.menu.m9.name'],
    ['a text longer than the base field allows', { de: { hero: { 'button.text': 'x'.repeat(101) } } }, 'document.translations.de.hero.button.text'],
    ['a script tag in a plain text', { de: { hero: { title: '<script>alert(1)</script>' } } }, 'document.translations.de.hero.title'],
  ])('422 for %s, the draft unchanged', async (_name, translations, path) => {
    await refused(translations, 422, path)
  })
})

describe('published, and read in a language', () => {
  beforeAll(async () => {
    expect((await save(german)).statusCode).toBe(200)
    expect((await call('POST', `/cabinet/pages/${pageId}/publish`)).statusCode).toBe(200)
    expect((await call('POST', `/cabinet/pages/${pageId}/activate`)).statusCode).toBe(200)
  })

  /** The page's blocks as the storefront renders them in `locale` (src/storefront/built/built-page.tsx), as JSON. */
  const shown = async (locale: LocaleCode) => {
    const ctx = { ...systemContext(t.deps), locale }
    const answer = await builtPage(ctx, seller.username, { type: 'shop', productId: null, path: `/s/${seller.username}` })
    expect(answer).not.toBeNull()
    return JSON.stringify(localizedBlocks(answer!.document, locale))
  }

  test('publishing keeps them: the published version carries them and nothing is left unpublished', async () => {
    const page = (await call('GET', `/cabinet/pages/${pageId}`)).json()
    expect(page.unpublished_changes).toBe(false)
    const answer = await builtPage(systemContext(t.deps), seller.username, { type: 'shop', productId: null, path: '/' })
    expect(answer!.document.translations?.de?.hero).toEqual({ title: 'Frühlingsangebot', 'button.text': 'Mehr lesen' })
  })

  test('German: the German texts, the base text where German has none; English: the base texts', async () => {
    const de = await shown('de')
    expect(de).toContain('Frühlingsangebot')
    expect(de).toContain('New courses every week') // no German text: the base one
    expect(de).toContain('Mehr lesen')
    expect(de).toContain('"name":"Kurse"')
    expect(de).toContain('Handgemachte Kurse')
    expect(de).toContain('Ihre E-Mail')
    expect(de).toContain('Write to us')
    expect(de).not.toContain('Spring sale')
    expect(de).not.toContain('onclick')
    const en = await shown('en')
    expect(en).toContain('Spring sale')
    expect(en).toContain('Read more')
    expect(en).toContain('Hand-made courses')
    expect(en).toContain('Your email')
    expect(en).not.toContain('Frühlingsangebot')
  })

  test('the contact form thanks in the page\'s language; the seller\'s record keeps the base label', async () => {
    const post = { pageId, blockId: 'ask', values: { mail: 'pat@example.com' }, honeypot: '' }
    const de = await submitContactForm({ ...systemContext(t.deps), locale: 'de' }, seller.username, post)
    expect(de.successText).toBe('Danke, wir antworten bald.')
    const en = await submitContactForm({ ...systemContext(t.deps), locale: 'en' }, seller.username, post)
    expect(en.successText).toBe('Thanks, we will answer soon.')
    const requests = (await call('GET', '/cabinet/contact_requests')).json()
    expect(requests.list[0].fields[0]).toMatchObject({ label: 'Your email', value: 'pat@example.com' })
  })

  describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('with the storefront built', () => {
    test('the shop page in German and in English, each cached in its own language', async () => {
      for (let round = 0; round < 2; round++) {
        const de = await t.request({ method: 'GET', url: `/s/${seller.username}?lang=de` })
        expect(de.statusCode).toBe(200)
        expect(de.body.startsWith('<!doctype html><html lang="de">')).toBe(true)
        expect(de.body).toContain('Frühlingsangebot')
        expect(de.body).toContain('New courses every week')
        expect(de.body).toContain('hreflang="de"')
        expect(de.body).toContain('>Kurse</a>')
        expect(de.body).toContain('Handgemachte Kurse')
        expect(de.body).toContain('Ihre E-Mail')
        const en = await t.request({ method: 'GET', url: `/s/${seller.username}?lang=en` })
        expect(en.statusCode).toBe(200)
        expect(en.body).toContain('Spring sale')
        expect(en.body).not.toContain('Frühlingsangebot')
      }
    })
  })
})
