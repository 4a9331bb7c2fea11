import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, type TestSeller } from '../../../../tests/factories/catalog'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { systemContext } from '../../context'
import { builtPage } from './built-data.service'

// An affiliate program's landing as the seller's built page of type affiliate (docs/decisions/0071-funnel-gaps.md):
// the affiliate block shows the program's terms and the join link; without an active page, or when it fails,
// the program's own landing shows (logged), never a 500.

let t: TestApp
let seller: TestSeller
let programId: number

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1${url}`, token: seller.accessToken, ...(payload ? { payload } : {}) })

async function affiliatePage(blocks: object[], activate = true): Promise<number> {
  const made = await call('POST', '/cabinet/pages', { page_type: 'affiliate', name: 'Partners page' })
  expect(made.statusCode, made.body).toBe(201)
  const id = made.json().id as number
  const saved = await call('PUT', `/cabinet/pages/${id}/draft`, { page_type: 'affiliate', document: { blocks } })
  expect(saved.statusCode, saved.body).toBe(200)
  expect((await call('POST', `/cabinet/pages/${id}/publish`)).statusCode).toBe(200)
  if (activate) expect((await call('POST', `/cabinet/pages/${id}/activate`)).statusCode).toBe(200)
  return id
}

const blocks = [
  { id: 'words', kind: 'text', settings: { html: '<p>Earn with our courses</p>' } },
  { id: 'aff', kind: 'affiliate', settings: { title: 'Become a partner', button_text: 'Join now' } },
]

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  const rows = (await t.deps.database.executeSql(
    `insert into affiliate_programs (seller_id, name, description, commission_bps, cookies_expire, hold_days) values ($1, 'Partners', 'Old landing text', '[2500, 500]'::jsonb, 90, 0) returning id`,
    [seller.sellerId],
  )).rows as { id: number }[]
  programId = rows[0]!.id
})

afterAll(async () => {
  await t?.close()
})

describe('the affiliate landing as a built page', () => {
  test('the data service gives the affiliate block the program\'s terms and join link', async () => {
    const ctx = systemContext(t.deps)
    const where = { type: 'affiliate' as const, productId: null, path: '/x', affiliate: { commissions: [25, 5], cookies_expire: 90, join_url: '/publish/affiliate_marketplace/1' } }
    expect(await builtPage(ctx, seller.username, where)).toBeNull() // no active page yet: today's landing
    await affiliatePage(blocks)
    const answer = await builtPage(ctx, seller.username, where)
    expect(answer?.data.affiliate).toEqual(where.affiliate)
    expect(answer?.document.blocks.map((b) => b.kind)).toEqual(['text', 'affiliate'])
  })

  describe.runIf(existsSync('dist/storefront/server/entry-server.js'))('with the storefront built', () => {
    test('the landing renders the built page with the terms and the join action, keeping recruited_by; no script', async () => {
      const res = await t.request({ method: 'GET', url: `/s/${seller.username}/affiliate_programs/${programId}?recruited_by=abcdefgh12` })
      expect(res.statusCode).toBe(200)
      expect(res.body).toContain('data-testid="built-affiliate"')
      expect(res.body).toContain('Earn with our courses')
      expect(res.body).toContain('Become a partner')
      expect(res.body).toContain('Level 1: 25 %')
      expect(res.body).toContain('Cookie lifetime: 90 days')
      expect(res.body).toContain(`href="/publish/affiliate_marketplace/${programId}?recruited_by=abcdefgh12"`)
      expect(res.body).not.toContain('Old landing text')
      expect(res.body).not.toMatch(/<script[^>]+src=/)
      const plain = await t.request({ method: 'GET', url: `/s/${seller.username}/affiliate_programs/${programId}` })
      expect(plain.body).toContain(`href="/publish/affiliate_marketplace/${programId}"`)
    })

    test('a page that fails to render falls back to the program\'s landing (logged), never a 500', async () => {
      const broken = await affiliatePage([{ id: 'aff', kind: 'affiliate', settings: { title: 'Broken', button_text: 'Join' } }])
      await t.deps.database.executeSql(`update page_versions set document = jsonb_set(document, '{blocks,0,settings}', 'null'::jsonb) where page_id = $1`, [broken])
      const res = await t.request({ method: 'GET', url: `/s/${seller.username}/affiliate_programs/${programId}` })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('data-testid="built-page"')
      expect(res.body).toContain('data-testid="affiliate-join"')
      expect((await call('POST', `/cabinet/pages/${broken}/deactivate`)).statusCode).toBe(200)
      const none = await t.request({ method: 'GET', url: `/s/${seller.username}/affiliate_programs/${programId}` })
      expect(none.statusCode).toBe(200)
      expect(none.body).toContain('Old landing text')
    })
  })
})
