import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createSeller, signInManager, type TestSeller } from '../../../../tests/factories/catalog'
import { fullPayer, publishedProduct, sandboxPay, submitOrder } from '../../../../tests/factories/checkout'
import { createTestApp, type TestApp } from '../../../../tests/helpers/test-app'
import { communityText } from '../../../shared/schemas/community'
import { communityWriteLimit } from './community.service'

// A membership's community through the API (docs/decisions/0083-community.md): the seller switches it on per
// membership product (the community flag: off 403 feature_disabled); members with a current membership read,
// post and comment, others 403 and unknown communities 404; with review on a post waits, notifies the seller
// (community_new_post_for_review, a job) and shows after approval; hide, pin, reject and delete; bodies are
// stored as plain text without markup; writes are limited per member.

let t: TestApp
let seller: TestSeller
let other: TestSeller
let manager: string
let membership: { id: number; pricing_plans: { id: number }[] }
let member: { token: string; userId: number }
let outsider: string

const sql = async <T = any>(text: string, values: unknown[] = []) => (await t.deps.database.executeSql(text, values)).rows as T[]
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/v1${url}`, token, ...(payload === undefined ? {} : { payload }) })

async function signInPayer(email: string): Promise<string> {
  expect((await t.request({ method: 'POST', url: '/api/v1/app/user/send_magic_link', payload: { email } })).statusCode).toBe(204)
  const [mail] = await sql<{ html: string }>('select html from email_logs where lower("to") = lower($1) and kind = $2 order by id desc limit 1', [email, 'magic_link'])
  const token = /magic_link_token=([A-Za-z0-9_-]+)/.exec(mail!.html)![1]
  const res = await t.request({ method: 'POST', url: '/api/v1/app/session/magic_link', payload: { token, fingerprint: 'fp-community-1' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().access_token
}

async function buy(product: { id: number; pricing_plans: { id: number }[] }) {
  const payer = fullPayer()
  const res = await submitOrder(t, { product_id: product.id, pricing_plan_id: product.pricing_plans[0]!.id, payment_method: 'card', payer, terms_accepted: true })
  expect(res.statusCode, res.body).toBe(201)
  expect((await sandboxPay(t, res.json().next_action.payment_id)).statusCode).toBe(200)
  await t.deps.jobs.drain()
  const [order] = await sql<{ payer_user_id: number }>('select payer_user_id from orders where token = $1', [res.json().order.token])
  return { userId: order!.payer_user_id, token: await signInPayer(payer.email) }
}

/** A published membership that includes a digital product (a membership must include something). */
async function newMembership(owner: TestSeller = seller) {
  const included = await publishedProduct(t, owner.accessToken)
  return publishedProduct(t, owner.accessToken, { form: 'membership', addons: [{ product_id: included.id, kind: 'bundle' }] })
}

beforeAll(async () => {
  t = await createTestApp()
  seller = await createSeller(t)
  other = await createSeller(t)
  manager = await signInManager(t)
  for (const s of [seller, other]) {
    const flagged = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${s.sellerId}`, token: manager, payload: { features: { community: true } } })
    expect(flagged.statusCode, flagged.body).toBe(200)
  }
  membership = await newMembership()
  member = await buy(membership)
  outsider = (await buy(await publishedProduct(t, seller.accessToken))).token
}, 120_000)
afterAll(async () => { await t?.close() })

describe('community', () => {
  test('bodies are plain text: scripts, styles, event handlers and tags are gone, also when written as entities', () => {
    expect(communityText('Hi <b onclick="x()">all</b><script>alert(1)</script>')).toBe('Hi all')
    expect(communityText('&lt;script&gt;alert(1)&lt;/script&gt;ok')).toBe('ok')
    expect(communityText('2 < 3 & 5 > 4\nsecond line')).toBe('2 < 3 & 5 > 4\nsecond line')
    expect(communityText('<img src=x onerror=alert(1)>see <a href="javascript:alert(1)">this</a>')).toBe('see this')
  })

  test('the seller switches a membership\'s community on with review; a member\'s post waits, notifies the seller, and shows once approved', async () => {
    const base = `/payer/communities/${membership.id}/posts`
    // not switched on yet: no community
    expect((await call('GET', base, member.token)).statusCode).toBe(404)
    const list = await call('GET', '/cabinet/community', seller.accessToken)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().list).toEqual([expect.objectContaining({ product_id: membership.id, enabled: false, review_posts: true })])
    const saved = await call('PUT', `/cabinet/community/${membership.id}`, seller.accessToken, { enabled: true, review_posts: true })
    expect(saved.statusCode, saved.body).toBe(200)
    // another form or another seller's product is no membership of this seller
    expect((await call('PUT', `/cabinet/community/${membership.id}`, other.accessToken, { enabled: true, review_posts: false })).statusCode).toBe(404)

    // members only
    expect((await call('GET', base, outsider)).statusCode).toBe(403)
    expect((await call('POST', base, outsider, { body: 'Let me in' })).statusCode).toBe(403)
    expect((await call('GET', '/payer/communities', outsider)).json().list).toEqual([])
    expect((await call('GET', '/payer/communities', member.token)).json().list).toEqual([expect.objectContaining({ product_id: membership.id, review_posts: true })])

    const posted = await call('POST', base, member.token, { body: '<p>Hello circle!</p><script>steal()</script><img src=x onerror="alert(1)">' })
    expect(posted.statusCode, posted.body).toBe(201)
    const post = posted.json().post
    expect(post).toMatchObject({ state: 'pending', body: 'Hello circle!', mine: true })
    const [stored] = await sql<{ body: string }>('select body from community_posts where id = $1', [post.id])
    expect(stored!.body).not.toMatch(/<|script|onerror/)
    // markup alone is no post
    expect((await call('POST', base, member.token, { body: '<script>x()</script>' })).statusCode).toBe(422)

    // the seller hears of it through the job enqueued with the post
    await t.deps.jobs.drain()
    const notes = await call('GET', '/cabinet/notifications?type=community_new_post_for_review', seller.accessToken)
    expect(notes.json().list).toEqual([expect.objectContaining({ type: 'community_new_post_for_review', payload: expect.objectContaining({ product_id: membership.id }) })])

    // another member does not see it yet; its author does
    const second = await buy(membership)
    expect((await call('GET', base, second.token)).json().list).toEqual([])
    expect((await call('GET', base, member.token)).json().list.map((p: { id: number }) => p.id)).toEqual([post.id])
    // no comments on a post not published
    expect((await call('POST', `${base}/${post.id}/comments`, second.token, { body: 'Hi' })).statusCode).toBe(404)

    // the review queue
    const queue = await call('GET', '/cabinet/community/posts?state=pending&counts=true', seller.accessToken)
    expect(queue.json()).toMatchObject({ total_count: 1, counts: { pending: 1 }, list: [{ id: post.id, author_email: expect.any(String) }] })
    expect((await call('GET', '/cabinet/community', seller.accessToken)).json().pending_count).toBe(1)
    // another seller cannot touch it
    expect((await call('POST', `/cabinet/community/posts/${post.id}/moderate`, other.accessToken, { action: 'approve' })).statusCode).toBe(404)
    const approved = await call('POST', `/cabinet/community/posts/${post.id}/moderate`, seller.accessToken, { action: 'approve' })
    expect(approved.statusCode, approved.body).toBe(200)
    expect(approved.json().post).toMatchObject({ state: 'published', reviewed_at: expect.any(String) })
    expect((await call('POST', `/cabinet/community/posts/${post.id}/moderate`, seller.accessToken, { action: 'approve' })).statusCode).toBe(409)

    // now every member reads it and comments
    expect((await call('GET', base, second.token)).json().list).toEqual([expect.objectContaining({ id: post.id, mine: false, body: 'Hello circle!' })])
    const comment = await call('POST', `${base}/${post.id}/comments`, second.token, { body: 'Welcome! <b onmouseover="x()">:)</b>' })
    expect(comment.statusCode, comment.body).toBe(201)
    expect(comment.json().comment).toMatchObject({ body: 'Welcome! :)', state: 'published' })
    expect((await call('GET', base, member.token)).json().list[0].comments.map((c: { body: string }) => c.body)).toEqual(['Welcome! :)'])

    // hide the comment: members no longer see it; the seller does
    const hidden = await call('POST', `/cabinet/community/comments/${comment.json().comment.id}/moderate`, seller.accessToken, { action: 'hide' })
    expect(hidden.statusCode, hidden.body).toBe(200)
    expect((await call('GET', base, member.token)).json().list[0].comments).toEqual([])
    expect((await call('GET', '/cabinet/community/posts', seller.accessToken)).json().list[0].comments).toEqual([expect.objectContaining({ state: 'hidden' })])
  })

  test('without review a post shows at once; the seller pins, hides, rejects and deletes; an ended membership loses access', async () => {
    const club = await newMembership()
    expect((await call('PUT', `/cabinet/community/${club.id}`, seller.accessToken, { enabled: true, review_posts: false })).statusCode).toBe(200)
    const a = await buy(club)
    const base = `/payer/communities/${club.id}/posts`
    const first = (await call('POST', base, a.token, { body: 'First' })).json().post
    const second = (await call('POST', base, a.token, { body: 'Second' })).json().post
    expect([first.state, second.state]).toEqual(['published', 'published'])
    await t.deps.jobs.drain()
    expect((await sql('select id from notifications where type = $1 and payload->>\'product_id\' = $2', ['community_new_post_for_review', String(club.id)])).length).toBe(0)

    expect((await call('POST', `/cabinet/community/posts/${first.id}/moderate`, seller.accessToken, { action: 'pin' })).json().post.pinned).toBe(true)
    expect((await call('GET', base, a.token)).json().list.map((p: { body: string }) => p.body)).toEqual(['First', 'Second'])
    expect((await call('POST', `/cabinet/community/posts/${second.id}/moderate`, seller.accessToken, { action: 'hide' })).json().post.state).toBe('hidden')
    expect((await call('GET', base, a.token)).json().list.map((p: { body: string }) => p.body)).toEqual(['First'])
    expect((await call('POST', `/cabinet/community/posts/${second.id}/moderate`, seller.accessToken, { action: 'reject' })).statusCode).toBe(409)
    expect((await call('POST', `/cabinet/community/posts/${second.id}/moderate`, seller.accessToken, { action: 'show' })).json().post.state).toBe('published')
    expect((await call('DELETE', `/cabinet/community/posts/${second.id}`, seller.accessToken)).statusCode).toBe(204)
    expect((await call('GET', base, a.token)).json().total_count).toBe(1)

    // the membership ends (its grant expired): no more reading or writing
    await sql('update access_grants set state = \'expired\', expires_at = now() - interval \'1 day\' where payer_user_id = $1 and product_id = $2', [a.userId, club.id])
    expect((await call('GET', base, a.token)).statusCode).toBe(403)
    expect((await call('GET', '/payer/communities', a.token)).json().list).toEqual([])
  })

  test('a member writes at most the limit in a window (429), the seller\'s flag off closes the community (403 feature_disabled)', async () => {
    const club = await newMembership()
    expect((await call('PUT', `/cabinet/community/${club.id}`, seller.accessToken, { enabled: true, review_posts: false })).statusCode).toBe(200)
    const a = await buy(club)
    const base = `/payer/communities/${club.id}/posts`
    for (let i = 0; i < communityWriteLimit.writes; i++) expect((await call('POST', base, a.token, { body: `Post ${i}` })).statusCode).toBe(201)
    const limited = await call('POST', base, a.token, { body: 'One more' })
    expect(limited.statusCode).toBe(429)
    expect(limited.headers['retry-after']).toBeDefined()

    const off = await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { community: false } } })
    expect(off.statusCode, off.body).toBe(200)
    const closed = await call('GET', base, a.token)
    expect(closed.statusCode).toBe(403)
    expect(closed.json().error).toMatchObject({ type: 'feature_disabled', flag: 'community' })
    expect((await call('GET', '/payer/communities', a.token)).json().list).toEqual([])
    const cabinet = await call('GET', '/cabinet/community', seller.accessToken)
    expect(cabinet.statusCode).toBe(403)
    expect(cabinet.json().error.type).toBe('feature_disabled')
    await t.request({ method: 'PATCH', url: `/api/v1/admin/sellers/${seller.sellerId}`, token: manager, payload: { features: { community: true } } })
  })
})
