import { createHash } from 'node:crypto'
import type { IntegrationKind } from '../../../shared/integrations/kinds'
import type { Config } from '../../config'

// The services' public REST APIs, one small client per kind (docs/decisions/0075-integrations.md), called
// with `fetch` outside any transaction. Each base address comes from the configuration when set (tests point
// it at a local stand-in) and is the service's own otherwise; a seller never gives an address, only an
// account name, so no seller can make the platform call a host of their choosing. Redirects are refused and
// every call has a timeout. Error texts name the service's status and message, never a credential.

export type Buyer = { email: string; first_name: string; last_name: string }
export type Target = { listId: string | null; campaignId: string | null }
export type RemoteList = { id: string; name: string; setting: 'buyer_list_id' | 'buyer_campaign_id' }

export type ServiceClient = {
  /** Asks the service to accept the credentials; answers what may be shown of the account (e.g. its name). */
  check(): Promise<Record<string, string>>
  lists?(): Promise<RemoteList[]>
  /** Adds (or updates) the buyer in the list or campaign; safe to repeat. */
  add?(buyer: Buyer, target: Target): Promise<void>
  /** Removes the buyer from the list (or unsubscribes, untags where the service has no removal); safe to repeat. */
  remove?(buyer: Buyer, target: Target): Promise<void>
}

/** The service refused the credentials (401 or 403). */
export class CredentialsRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CredentialsRefused'
  }
}

/** The service answered with an error or could not be reached. */
export class ServiceFailed extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ServiceFailed'
  }
}

type Answer = { status: number; body: any }
type Http = (method: string, path: string, options?: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; ok?: number[] }) => Promise<Answer>

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '')

function short(message: string): string {
  return message.length > 300 ? `${message.slice(0, 300)}...` : message
}

/** One service's HTTP: JSON in and out, its auth headers, a timeout, no redirects; non-2xx (except `ok`) throws. */
function httpOf(label: string, base: string, auth: Record<string, string>, timeoutMs: number): Http {
  const root = base.replace(/\/$/, '')
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { accept: 'application/json', ...auth, ...options.headers }
    let body: string | undefined
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(options.form).toString()
    } else if (options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(options.body)
    }
    let response: Response
    try {
      response = await fetch(`${root}${path}`, { method, headers, body, redirect: 'error', signal: AbortSignal.timeout(timeoutMs) })
    } catch (error) {
      const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : 'could not be reached'
      throw new ServiceFailed(`${label} ${reason}`)
    }
    const raw = await response.text()
    let parsed: any = null
    try {
      parsed = raw ? JSON.parse(raw) : null
    } catch {
      parsed = raw
    }
    if (response.ok || options.ok?.includes(response.status)) return { status: response.status, body: parsed }
    const detail = typeof parsed === 'object' && parsed !== null
      ? text(parsed.detail ?? parsed.message ?? parsed.title ?? parsed.error?.message ?? parsed.error ?? parsed.errors?.[0]?.title)
      : String(parsed ?? '')
    const message = short(`${label} answered ${response.status}${detail ? `: ${detail}` : ''}`)
    if (response.status === 401 || response.status === 403) throw new CredentialsRefused(message)
    throw new ServiceFailed(message)
  }
}

// ---------------------------------------------------------------- Mailchimp Marketing API 3.0

function mailchimp(config: Config, credentials: Record<string, string>): ServiceClient {
  const key = credentials.api_key ?? ''
  const dc = key.split('-').pop() ?? ''
  const base = config.MAILCHIMP_API_BASE ?? `https://${dc}.api.mailchimp.com/3.0`
  const http = httpOf('Mailchimp', base, { authorization: `Basic ${Buffer.from(`sellfront:${key}`).toString('base64')}` }, config.INTEGRATIONS_TIMEOUT_MS)
  // A list member's id is the MD5 of the lower-cased address (Mailchimp's subscriber hash).
  const member = (listId: string, email: string) => `/lists/${encodeURIComponent(listId)}/members/${createHash('md5').update(email.toLowerCase()).digest('hex')}`
  return {
    async check() {
      const { body } = await http('GET', '/?fields=account_name,login_id')
      return { account: text(body?.account_name) }
    },
    async lists() {
      const { body } = await http('GET', '/lists?count=100&fields=lists.id,lists.name')
      return ((body?.lists ?? []) as any[]).map((l) => ({ id: text(l.id), name: text(l.name), setting: 'buyer_list_id' as const }))
    },
    async add(buyer, target) {
      if (!target.listId) return
      await http('PUT', member(target.listId, buyer.email), {
        body: { email_address: buyer.email, status_if_new: 'subscribed', merge_fields: { FNAME: buyer.first_name, LNAME: buyer.last_name } },
      })
      if (target.campaignId) await http('POST', `${member(target.listId, buyer.email)}/tags`, { body: { tags: [{ name: target.campaignId, status: 'active' }] } })
    },
    async remove(buyer, target) {
      if (!target.listId) return
      // Archives the member (Mailchimp keeps the address so a new opt-in can bring it back); gone already is fine.
      await http('DELETE', member(target.listId, buyer.email), { ok: [404] })
    },
  }
}

// ---------------------------------------------------------------- ActiveCampaign API v3

function activeCampaign(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.ACTIVECAMPAIGN_API_BASE ?? `https://${credentials.account}.api-us1.com/api/3`
  const http = httpOf('ActiveCampaign', base, { 'api-token': credentials.api_key ?? '' }, config.INTEGRATIONS_TIMEOUT_MS)
  return {
    async check() {
      const { body } = await http('GET', '/users/me')
      return { user: text(body?.user?.username ?? body?.user?.email) }
    },
    async lists() {
      const { body } = await http('GET', '/lists?limit=100')
      return ((body?.lists ?? []) as any[]).map((l) => ({ id: text(l.id), name: text(l.name), setting: 'buyer_list_id' as const }))
    },
    async add(buyer, target) {
      const { body } = await http('POST', '/contact/sync', { body: { contact: { email: buyer.email, firstName: buyer.first_name, lastName: buyer.last_name } } })
      const contact = text(body?.contact?.id)
      if (target.listId && contact) await http('POST', '/contactLists', { body: { contactList: { list: target.listId, contact, status: 1 } } })
    },
    async remove(buyer, target) {
      if (!target.listId) return
      const { body } = await http('GET', `/contacts?email=${encodeURIComponent(buyer.email)}`)
      const contact = text(body?.contacts?.[0]?.id)
      // ActiveCampaign removes from a list by unsubscribing (status 2).
      if (contact) await http('POST', '/contactLists', { body: { contactList: { list: target.listId, contact, status: 2 } } })
    },
  }
}

// ---------------------------------------------------------------- GetResponse API v3

function getResponse(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.GETRESPONSE_API_BASE ?? 'https://api.getresponse.com/v3'
  const http = httpOf('GetResponse', base, { 'x-auth-token': `api-key ${credentials.api_key}` }, config.INTEGRATIONS_TIMEOUT_MS)
  const query = (buyer: Buyer, campaignId: string) => `/contacts?query[email]=${encodeURIComponent(buyer.email)}&query[campaignId]=${encodeURIComponent(campaignId)}&fields=contactId`
  return {
    async check() {
      const { body } = await http('GET', '/accounts')
      return { account: text(body?.email ?? body?.accountId) }
    },
    async lists() {
      const { body } = await http('GET', '/campaigns?perPage=100&fields=campaignId,name')
      return ((body ?? []) as any[]).map((c) => ({ id: text(c.campaignId), name: text(c.name), setting: 'buyer_campaign_id' as const }))
    },
    async add(buyer, target) {
      if (!target.campaignId) return
      const name = `${buyer.first_name} ${buyer.last_name}`.trim()
      // 409: the address is in the campaign already (a repeated job).
      await http('POST', '/contacts', { body: { email: buyer.email, ...(name ? { name } : {}), campaign: { campaignId: target.campaignId } }, ok: [409] })
    },
    async remove(buyer, target) {
      if (!target.campaignId) return
      const { body } = await http('GET', query(buyer, target.campaignId))
      for (const contact of (body ?? []) as any[]) await http('DELETE', `/contacts/${encodeURIComponent(text(contact.contactId))}`, { ok: [404] })
    },
  }
}

// ---------------------------------------------------------------- HubSpot CRM v3 (contacts and lists)

function hubspot(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.HUBSPOT_API_BASE ?? 'https://api.hubapi.com'
  const http = httpOf('HubSpot', base, { authorization: `Bearer ${credentials.access_token}` }, config.INTEGRATIONS_TIMEOUT_MS)
  return {
    async check() {
      const { body } = await http('GET', '/account-info/v3/details')
      return { portal: text(body?.portalId) }
    },
    async lists() {
      const { body } = await http('POST', '/crm/v3/lists/search', { body: { query: '', processingTypes: ['MANUAL', 'SNAPSHOT'], count: 100, offset: 0 } })
      return ((body?.lists ?? []) as any[]).map((l) => ({ id: text(l.listId), name: text(l.name), setting: 'buyer_list_id' as const }))
    },
    async add(buyer, target) {
      const { body } = await http('POST', '/crm/v3/objects/contacts/batch/upsert', {
        body: { inputs: [{ idProperty: 'email', id: buyer.email, properties: { email: buyer.email, firstname: buyer.first_name, lastname: buyer.last_name } }] },
      })
      const contact = text(body?.results?.[0]?.id)
      if (target.listId && contact) await http('PUT', `/crm/v3/lists/${encodeURIComponent(target.listId)}/memberships/add`, { body: [contact] })
    },
    async remove(buyer, target) {
      if (!target.listId) return
      const { status, body } = await http('GET', `/crm/v3/objects/contacts/${encodeURIComponent(buyer.email)}?idProperty=email`, { ok: [404] })
      if (status === 404) return
      await http('PUT', `/crm/v3/lists/${encodeURIComponent(target.listId)}/memberships/remove`, { body: [text(body?.id)] })
    },
  }
}

// ---------------------------------------------------------------- KlickTipp REST API (session login)

function klickTipp(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.KLICKTIPP_API_BASE ?? 'https://api.klicktipp.com'
  const timeout = config.INTEGRATIONS_TIMEOUT_MS
  /** Signs in, runs `work` with the session's cookie, signs out. */
  async function session<T>(work: (http: Http) => Promise<T>): Promise<T> {
    const login = await httpOf('KlickTipp', base, {}, timeout)('POST', '/account/login', { form: { username: credentials.username ?? '', password: credentials.password ?? '' } })
    const cookie = `${text(login.body?.session_name)}=${text(login.body?.sessid)}`
    const http = httpOf('KlickTipp', base, { cookie }, timeout)
    try {
      return await work(http)
    } finally {
      await http('POST', '/account/logout').catch(() => undefined)
    }
  }
  const named = (map: unknown, setting: RemoteList['setting']) =>
    Object.entries((map ?? {}) as Record<string, unknown>).map(([id, name]) => ({ id, name: text(name) || id, setting }))
  return {
    check: () => session(async () => ({ user: credentials.username ?? '' })),
    lists: () => session(async (http) => [...named((await http('GET', '/list')).body, 'buyer_list_id'), ...named((await http('GET', '/tag')).body, 'buyer_campaign_id')]),
    add: (buyer, target) => session(async (http) => {
      await http('POST', '/subscriber', {
        form: {
          email: buyer.email, ...(target.listId ? { listid: target.listId } : {}), ...(target.campaignId ? { tagid: target.campaignId } : {}),
          'fields[fieldFirstName]': buyer.first_name, 'fields[fieldLastName]': buyer.last_name,
        },
      })
    }),
    remove: (buyer, target) => session(async (http) => {
      // With a tag the buyer loses the tag (KlickTipp's automations key on tags); without, they are unsubscribed.
      if (target.campaignId) await http('POST', '/subscriber/untag', { form: { email: buyer.email, tagid: target.campaignId } })
      else await http('POST', '/subscriber/unsubscribe', { form: { email: buyer.email } })
    }),
  }
}

// ---------------------------------------------------------------- mailingwork JSON webservice (form posts)

/**
 * mailingwork's webservice: every call a form POST to `<base>/<method>` with the account's username and password,
 * answered `{ error, message, result }`, error 0 meaning success. Recipients carry numbered fields (1 the
 * address, 3 the first name, 4 the last name, the account's defaults) and may be on several lists.
 */
function mailingwork(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.MAILINGWORK_API_BASE ?? 'https://webservice.mailingwork.de/webservice/webservice/json'
  const http = httpOf('mailingwork', base, {}, config.INTEGRATIONS_TIMEOUT_MS)
  const login = { username: credentials.username ?? '', password: credentials.password ?? '' }
  /** One call; `tolerated` error codes (such as "no match found") answer null instead of failing. */
  async function call(method: string, params: Record<string, string> = {}, tolerated: number[] = []): Promise<unknown> {
    const { body } = await http('POST', `/${method}`, { form: { ...login, ...params } })
    const error = Number(body?.error ?? -1)
    if (error === 0) return body?.result ?? null
    if (tolerated.includes(error)) return null
    throw new ServiceFailed(short(`mailingwork answered error ${error}${body?.message ? `: ${text(body.message)}` : ''}`))
  }
  const ids = (result: unknown) => (Array.isArray(result) ? result : result === null || result === undefined ? [] : [result]).map(text).filter(Boolean)
  /** The recipients with this address on the list ("no match found" is error 4). */
  const inList = async (email: string, listId: string) => ids(await call('getRecipientIdsByEmail', { email, 'advanced[listId]': listId }, [4]))
  const lists = async () => ((await call('getlists')) as any[] ?? []).map((l) => ({ id: text(l?.id), name: text(l?.name) || text(l?.id), setting: 'buyer_list_id' as const }))
  return {
    async check() {
      // A refused login is an error answer with status 200; an unreachable service stays a failure to reach it.
      const { body } = await http('POST', '/getlists', { form: login })
      if (Number(body?.error ?? -1) !== 0) throw new CredentialsRefused(short(`mailingwork refused the login${body?.message ? `: ${text(body.message)}` : ''}`))
      return { user: login.username }
    },
    lists,
    async add(buyer, target) {
      if (!target.listId) return
      const names = { 'fields[3]': buyer.first_name, 'fields[4]': buyer.last_name }
      const [existing] = await inList(buyer.email, target.listId)
      if (existing) await call('updateRecipient', { recipientId: existing, ...names })
      else await call('createRecipient', { listId: target.listId, 'fields[1]': buyer.email, ...names })
    },
    async remove(buyer, target) {
      if (!target.listId) return
      // mailingwork removes a recipient as a whole: one also on the seller's other lists is kept.
      for (const recipientId of await inList(buyer.email, target.listId)) {
        const onLists = ids(await call('getRecipientListsById', { recipientId }, [3]))
        if (onLists.every((id) => id === target.listId)) await call('deleteRecipientById', { recipientId }, [3])
      }
    },
  }
}

// ---------------------------------------------------------------- Vimeo API 3.4

function vimeo(config: Config, credentials: Record<string, string>): ServiceClient {
  const base = config.VIMEO_API_BASE ?? 'https://api.vimeo.com'
  const http = httpOf('Vimeo', base, { authorization: `bearer ${credentials.access_token}`, accept: 'application/vnd.vimeo.*+json;version=3.4' }, config.INTEGRATIONS_TIMEOUT_MS)
  return {
    async check() {
      const { body } = await http('GET', '/me?fields=name,uri')
      return { account: text(body?.name) }
    },
  }
}

/** The client of a kind whose credentials the service checks; null for kinds that only store a connection. */
export function serviceClient(config: Config, kind: IntegrationKind, credentials: Record<string, string>): ServiceClient | null {
  switch (kind) {
    case 'mail_chimp': return mailchimp(config, credentials)
    case 'active_campaign': return activeCampaign(config, credentials)
    case 'get_response': return getResponse(config, credentials)
    case 'hubspot': return hubspot(config, credentials)
    case 'klick_tipp': return klickTipp(config, credentials)
    case 'mailing_work': return mailingwork(config, credentials)
    case 'vimeo_videos': return vimeo(config, credentials)
    default: return null
  }
}
