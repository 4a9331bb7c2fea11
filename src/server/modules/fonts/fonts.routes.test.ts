import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { multipart, tempDataDir, type Part } from '../../../../tests/factories/media'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { cssString, fontKindOf } from './font-files'

// Custom fonts (docs/decisions/0061-fonts-and-themes.md): uploads checked by their bytes, the served file and
// the seller's @font-face stylesheet.

const require = createRequire(import.meta.url)
const woff2 = readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-400-normal.woff2'))
const woff = readFileSync(require.resolve('@fontsource/montserrat/files/montserrat-latin-400-normal.woff'))

/** A minimal TrueType file: the offset table and one table record whose bytes follow. */
function tinyTtf(): Buffer {
  const bytes = Buffer.alloc(12 + 16 + 8)
  bytes.writeUInt32BE(0x00010000, 0)
  bytes.writeUInt16BE(1, 4)
  bytes.write('name', 12, 'latin1')
  bytes.writeUInt32BE(28, 20)
  bytes.writeUInt32BE(8, 24)
  return bytes
}

const temp = tempDataDir()
let t: TestApp
let seller: TestSeller
let other: TestSeller
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: temp.dir })
  seller = await createSeller(t)
  other = await createSeller(t)
})
afterAll(async () => {
  await t.close()
  temp.remove()
})

const url = '/api/v1/cabinet/fonts'
const fontPart = (filename: string, content: Buffer | string, contentType = 'font/woff2'): Part => ({ name: 'file', filename, content, contentType })
const field = (name: string, content: string): Part => ({ name, content })
const upload = (parts: Part[], token = seller.accessToken) => t.request({ method: 'POST', url, token, ...multipart(parts) })

describe('font files by content', () => {
  test('WOFF2, WOFF and TrueType are known by their first bytes; a header that disagrees with the file is not', () => {
    expect(fontKindOf(woff2)?.format).toBe('woff2')
    expect(fontKindOf(woff)?.format).toBe('woff')
    expect(fontKindOf(tinyTtf())?.format).toBe('truetype')
    expect(fontKindOf(woff2.subarray(0, woff2.length - 1))).toBeUndefined()
    const otto = tinyTtf()
    otto.write('OTTO', 0, 'latin1')
    expect(fontKindOf(otto)).toBeUndefined()
    expect(fontKindOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><font id="x"/></svg>'))).toBeUndefined()
  })

  test('a CSS string escapes quotes, backslashes, line breaks and markup', () => {
    expect(cssString('Brand Sans')).toBe('"Brand Sans"')
    const hostile = cssString('x";}</style><script>alert(1)</script>\n\\')
    expect(hostile).not.toMatch(/[<>;{}\n]|"(?!$)(?<!^")/)
    expect(hostile.slice(1, -1)).not.toContain('"')
  })
})

describe('cabinet fonts', () => {
  test('uploads a WOFF2 with defaults (weight 400, normal, swap, fallback Montserrat); the file is served with a long cache and CORS', async () => {
    const res = await upload([field('font_name', 'Brand Sans'), fontPart('brand.woff2', woff2)])
    expect(res.statusCode).toBe(201)
    const font = res.json().font
    expect(font).toMatchObject({ font_name: 'Brand Sans', font_weight: 400, font_style: 'normal', font_display: 'swap', fallback_font: 'Montserrat', font_format: 'woff2', original_name: 'brand.woff2', size: woff2.length })
    const path = new URL(font.url).pathname
    expect(path).toBe(`/fonts/${font.id}.woff2`)
    const served = await t.app.inject({ method: 'GET', url: path })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('font/woff2')
    expect(served.headers['cache-control']).toContain('immutable')
    expect(served.headers['access-control-allow-origin']).toBe('*')
    expect(served.rawPayload.equals(woff2)).toBe(true)
    // The id with another extension, or a name that is no font file, is not served.
    expect((await t.app.inject({ method: 'GET', url: `/fonts/${font.id}.ttf` })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/fonts/..%2f..%2fetc.woff2' })).statusCode).toBe(404)
  })

  test('WOFF and TrueType with every setting; the format comes from the bytes, not the name', async () => {
    const a = await upload([field('font_name', 'Brand Serif'), field('font_weight', '700'), field('font_style', 'italic'), field('font_display', 'optional'), field('fallback_font', 'serif'), fontPart('brand.ttf', woff, 'font/ttf')])
    expect(a.statusCode).toBe(201)
    expect(a.json().font).toMatchObject({ font_format: 'woff', font_weight: 700, font_style: 'italic', font_display: 'optional', fallback_font: 'serif' })
    expect(a.json().font.url).toMatch(/\.woff$/)
    const b = await upload([field('font_name', 'Tiny'), fontPart('tiny.ttf', tinyTtf(), 'font/ttf')])
    expect(b.statusCode).toBe(201)
    expect(b.json().font.font_format).toBe('truetype')
    const served = await t.app.inject({ method: 'GET', url: new URL(b.json().font.url).pathname })
    expect(served.headers['content-type']).toBe('font/ttf')
  })

  test('refuses SVG, HTML and script named as fonts, an OpenType CFF file, a cut file, bad settings and a missing file; nothing is stored', async () => {
    const before = (await t.request({ method: 'GET', url, token: other.accessToken })).json().total_count
    const disguised = [
      fontPart('x.woff2', '<svg xmlns="http://www.w3.org/2000/svg"><defs><font id="f"><font-face font-family="x"/></font></defs><script>alert(1)</script></svg>', 'font/woff2'),
      fontPart('x.woff', '<!doctype html><html><script>alert(1)</script></html>', 'font/woff'),
      fontPart('x.ttf', 'alert(document.cookie)//padding-padding-padding-padding-padding', 'font/ttf'),
      fontPart('x.woff2', woff2.subarray(0, 200), 'font/woff2'),
    ]
    for (const part of disguised) {
      const res = await upload([field('font_name', 'Evil'), part], other.accessToken)
      expect(res.statusCode).toBe(422)
      expect(res.json().error.fields).toMatchObject([{ path: 'file', message: expect.stringContaining('not a font') }])
    }
    const otto = tinyTtf()
    otto.write('OTTO', 0, 'latin1')
    expect((await upload([field('font_name', 'CFF'), fontPart('x.otf', otto)], other.accessToken)).statusCode).toBe(422)
    const badWeight = await upload([field('font_name', 'W'), field('font_weight', '450'), fontPart('x.woff2', woff2)], other.accessToken)
    expect(badWeight.statusCode).toBe(422)
    expect(badWeight.json().error.fields[0].path).toBe('font_weight')
    expect((await upload([field('font_name', 'S'), field('font_style', 'oblique'), fontPart('x.woff2', woff2)], other.accessToken)).statusCode).toBe(422)
    expect((await upload([field('font_name', 'F'), field('fallback_font', 'Comic Neue'), fontPart('x.woff2', woff2)], other.accessToken)).statusCode).toBe(422)
    expect((await upload([fontPart('x.woff2', woff2)], other.accessToken)).json().error.fields[0].path).toBe('font_name')
    expect((await upload([field('font_name', 'None')], other.accessToken)).json().error.fields[0].path).toBe('file')
    const json = await t.request({ method: 'POST', url, token: other.accessToken, payload: { font_name: 'x' } })
    expect(json.statusCode).toBe(415)
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).json().total_count).toBe(before)
  })

  test('over the size limit is 413', async () => {
    const big = Buffer.concat([woff2, Buffer.alloc(2 * 1024 * 1024)])
    expect((await upload([field('font_name', 'Big'), fontPart('big.woff2', big)], other.accessToken)).statusCode).toBe(413)
  })

  test('the stylesheet has one @font-face per font with every name a CSS string, a hostile name included', async () => {
    const fresh = await createSeller(t)
    const hostile = 'Evil"; } body { background: url(https://evil.example/x) } </style><script>alert(1)</script>'
    const res = await upload([field('font_name', hostile), field('font_weight', '300'), fontPart('e.woff2', woff2)], fresh.accessToken)
    expect(res.statusCode).toBe(201)
    expect(res.json().font.font_name).toBe(hostile)
    const list = (await t.request({ method: 'GET', url, token: fresh.accessToken })).json()
    const sheet = await t.app.inject({ method: 'GET', url: new URL(list.stylesheet_url).pathname })
    expect(sheet.statusCode).toBe(200)
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(sheet.headers['access-control-allow-origin']).toBe('*')
    const css = sheet.body
    expect(css.match(/@font-face/g)).toHaveLength(1)
    expect(css).toContain('font-weight: 300;')
    expect(css).toContain('font-display: swap;')
    expect(css).toContain(`format("woff2")`)
    expect(css).not.toContain('<')
    expect(css).not.toContain('evil.example/x)')
    // Exactly the rule's own braces: the name adds none.
    expect(css.match(/[{}]/g)).toEqual(['{', '}'])
    expect((await t.app.inject({ method: 'GET', url: '/fonts/sellers/abc.css' })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: '/fonts/sellers/999999.css' })).body).toBe('')
  })

  test('update and delete; another seller\'s font is 404; a deleted font is no longer served', async () => {
    const created = (await upload([field('font_name', 'Mine'), fontPart('m.woff2', woff2)])).json().font
    const patched = await t.request({ method: 'PATCH', url: `${url}/${created.id}`, token: seller.accessToken, payload: { font_name: 'Mine Bold', font_weight: 800, font_display: 'block' } })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().font).toMatchObject({ font_name: 'Mine Bold', font_weight: 800, font_display: 'block', font_style: 'normal' })
    expect((await t.request({ method: 'PATCH', url: `${url}/${created.id}`, token: seller.accessToken, payload: { font_weight: 450 } })).statusCode).toBeGreaterThanOrEqual(400)
    expect((await t.request({ method: 'PATCH', url: `${url}/${created.id}`, token: other.accessToken, payload: { font_name: 'Stolen' } })).statusCode).toBe(404)
    expect((await t.request({ method: 'DELETE', url: `${url}/${created.id}`, token: other.accessToken })).statusCode).toBe(404)
    const mine = (await t.request({ method: 'GET', url, token: seller.accessToken })).json()
    expect(mine.list.map((f: { id: number }) => f.id)).toContain(created.id)
    expect((await t.request({ method: 'GET', url, token: other.accessToken })).json().list.map((f: { id: number }) => f.id)).not.toContain(created.id)
    expect((await t.request({ method: 'DELETE', url: `${url}/${created.id}`, token: seller.accessToken })).statusCode).toBe(204)
    expect((await t.app.inject({ method: 'GET', url: `/fonts/${created.id}.woff2` })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url, token: seller.accessToken })).json().list.map((f: { id: number }) => f.id)).not.toContain(created.id)
  })
})
