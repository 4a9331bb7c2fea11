import { createHash } from 'node:crypto'
import { startServer, type RecordedRequest, type Reply, type StandInServer } from './server'

// Local stand-ins of the integrations' services (docs/decisions/0075-integrations.md), one server with a path
// prefix per service, each checking its own auth and keeping what was added: Mailchimp Marketing API 3.0
// (`/mailchimp/3.0`, basic auth with the key), ActiveCampaign v3 (`/activecampaign/api/3`, `Api-Token`),
// GetResponse v3 (`/getresponse/v3`, `X-Auth-Token: api-key ...`), HubSpot CRM v3 (`/hubspot`, bearer),
// KlickTipp (`/klicktipp`, session login and cookie), mailingwork (`/mailingwork`, username and password in every
// form post, errors as `{ error: n }` with status 200) and Vimeo (`/vimeo`, bearer). `bases` are the
// configuration values that point the platform at them.

export type MailServicesStandIn = StandInServer & {
  bases: Record<string, string>
  keys: { mailchimp: string; activeCampaign: string; getResponse: string; hubspot: string; klickTipp: { username: string; password: string }; mailingwork: { username: string; password: string }; vimeo: string }
  /** Mailchimp: list id -> subscriber hash -> member. */
  mailchimpMembers: Map<string, Map<string, { email_address: string; status: string; merge_fields: Record<string, string>; tags: string[] }>>
  /** ActiveCampaign: `<list>:<contact id>` -> status (1 subscribed, 2 unsubscribed); contacts by email. */
  acContacts: Map<string, { id: string; firstName: string; lastName: string }>
  acContactLists: Map<string, number>
  /** GetResponse: contact id -> contact. */
  grContacts: Map<string, { email: string; name: string; campaignId: string }>
  /** HubSpot: contacts by email, list id -> record ids. */
  hsContacts: Map<string, { id: string; properties: Record<string, string> }>
  hsMemberships: Map<string, Set<string>>
  /** KlickTipp: subscribers by email. */
  ktSubscribers: Map<string, { listid: string | null; tags: Set<string>; unsubscribed: boolean; fields: Record<string, string> }>
  /** mailingwork: recipients by id, each with its fields (1 address, 3 first name, 4 last name) and lists. */
  mwRecipients: Map<string, { fields: Record<string, string>; lists: Set<string> }>
  /** Requests to one service whose auth was refused. */
  refused: RecordedRequest[]
}

const ok = (body: unknown, status = 200): Reply => ({ status, body })

export async function startMailServicesStandIn(): Promise<MailServicesStandIn> {
  const keys = {
    mailchimp: '0123456789abcdef0123456789abcdef-us21',
    activeCampaign: 'ac-key-0123456789abcdef',
    getResponse: 'gr-key-0123456789abcdef',
    hubspot: 'pat-eu1-0123456789abcdef',
    klickTipp: { username: 'seller-kt', password: 'kt-password' },
    mailingwork: { username: 'seller-mw', password: 'mw-password' },
    vimeo: 'vimeo-token-0123456789abcdef',
  }
  const mailchimpMembers = new Map<string, Map<string, any>>([['list-buyers', new Map()], ['list-news', new Map()]])
  const acContacts = new Map<string, { id: string; firstName: string; lastName: string }>()
  const acContactLists = new Map<string, number>()
  const grContacts = new Map<string, { email: string; name: string; campaignId: string }>()
  const hsContacts = new Map<string, { id: string; properties: Record<string, string> }>()
  const hsMemberships = new Map<string, Set<string>>([['17', new Set()]])
  const ktSubscribers = new Map<string, { listid: string | null; tags: Set<string>; unsubscribed: boolean; fields: Record<string, string> }>()
  const ktSessions = new Set<string>()
  const mwRecipients = new Map<string, { fields: Record<string, string>; lists: Set<string> }>()
  const refused: RecordedRequest[] = []
  let sequence = 1000
  const next = () => String(++sequence)
  const deny = (request: RecordedRequest, status = 401): Reply => {
    refused.push(request)
    return { status, body: { title: 'Unauthorized', detail: 'Your API key may be invalid' } }
  }

  function mailchimp(r: RecordedRequest, path: string): Reply {
    const expected = `Basic ${Buffer.from(`sellfront:${keys.mailchimp}`).toString('base64')}`
    if (r.headers.authorization !== expected) return deny(r)
    if (r.method === 'GET' && path === '/') return ok({ account_name: 'Seller Co', login_id: '1' })
    if (r.method === 'GET' && path === '/lists') return ok({ lists: [{ id: 'list-buyers', name: 'Buyers' }, { id: 'list-news', name: 'Newsletter' }] })
    const m = path.match(/^\/lists\/([^/]+)\/members\/([0-9a-f]{32})(\/tags)?$/)
    const list = m ? mailchimpMembers.get(decodeURIComponent(m[1]!)) : undefined
    if (!m || !list) return { status: 404, body: { title: 'Resource Not Found', detail: 'The requested resource could not be found.' } }
    const hash = m[2]!
    if (m[3] && r.method === 'POST') {
      const member = list.get(hash)
      if (!member) return { status: 404, body: { title: 'Resource Not Found' } }
      for (const tag of r.body.tags ?? []) member.tags = tag.status === 'active' ? [...new Set([...member.tags, tag.name])] : member.tags.filter((t: string) => t !== tag.name)
      return { status: 204, body: '' }
    }
    if (r.method === 'PUT') {
      if (createHash('md5').update(String(r.body.email_address).toLowerCase()).digest('hex') !== hash) return { status: 400, body: { title: 'Invalid Resource', detail: 'hash does not match the address' } }
      const member = { email_address: r.body.email_address, status: list.get(hash)?.status ?? r.body.status_if_new, merge_fields: r.body.merge_fields ?? {}, tags: list.get(hash)?.tags ?? [] }
      list.set(hash, member)
      return ok({ id: hash, ...member })
    }
    if (r.method === 'DELETE') {
      if (!list.delete(hash)) return { status: 404, body: { title: 'Resource Not Found' } }
      return { status: 204, body: '' }
    }
    return { status: 405, body: { title: 'Method Not Allowed' } }
  }

  function activeCampaign(r: RecordedRequest, path: string): Reply {
    if (r.headers['api-token'] !== keys.activeCampaign) return deny(r, 403)
    if (r.method === 'GET' && path === '/users/me') return ok({ user: { username: 'seller-ac', email: 'ac@example.com' } })
    if (r.method === 'GET' && path === '/lists') return ok({ lists: [{ id: '3', name: 'Customers' }] })
    if (r.method === 'POST' && path === '/contact/sync') {
      const c = r.body.contact
      const contact = { id: acContacts.get(c.email)?.id ?? next(), firstName: c.firstName, lastName: c.lastName }
      acContacts.set(c.email, contact)
      return ok({ contact: { id: contact.id, email: c.email } }, 201)
    }
    if (r.method === 'POST' && path === '/contactLists') {
      const cl = r.body.contactList
      acContactLists.set(`${cl.list}:${cl.contact}`, Number(cl.status))
      return ok({ contactList: cl }, 201)
    }
    if (r.method === 'GET' && path === '/contacts') {
      const contact = acContacts.get(String(r.query.email))
      return ok({ contacts: contact ? [{ id: contact.id, email: r.query.email }] : [] })
    }
    return { status: 404, body: { message: 'No Result found' } }
  }

  function getResponse(r: RecordedRequest, path: string): Reply {
    if (r.headers['x-auth-token'] !== `api-key ${keys.getResponse}`) return deny(r)
    if (r.method === 'GET' && path === '/accounts') return ok({ accountId: 'gr1', email: 'gr@example.com' })
    if (r.method === 'GET' && path === '/campaigns') return ok([{ campaignId: 'cmpA', name: 'Buyers A' }])
    if (r.method === 'POST' && path === '/contacts') {
      const exists = [...grContacts.values()].some((c) => c.email === r.body.email && c.campaignId === r.body.campaign?.campaignId)
      if (exists) return { status: 409, body: { httpStatus: 409, code: 1008, message: 'Contact already added' } }
      grContacts.set(next(), { email: r.body.email, name: r.body.name ?? '', campaignId: r.body.campaign?.campaignId })
      return { status: 202, body: '' }
    }
    if (r.method === 'GET' && path === '/contacts') {
      const email = r.query.query?.email
      const campaignId = r.query.query?.campaignId
      return ok([...grContacts.entries()].filter(([, c]) => c.email === email && c.campaignId === campaignId).map(([contactId]) => ({ contactId })))
    }
    const del = path.match(/^\/contacts\/([^/]+)$/)
    if (r.method === 'DELETE' && del) return grContacts.delete(decodeURIComponent(del[1]!)) ? { status: 204, body: '' } : { status: 404, body: { message: 'not found' } }
    return { status: 404, body: { message: 'not found' } }
  }

  function hubspot(r: RecordedRequest, path: string): Reply {
    if (r.headers.authorization !== `Bearer ${keys.hubspot}`) return deny(r)
    if (r.method === 'GET' && path === '/account-info/v3/details') return ok({ portalId: 4711 })
    if (r.method === 'POST' && path === '/crm/v3/lists/search') return ok({ lists: [{ listId: '17', name: 'Buyers', processingType: 'MANUAL' }], hasMore: false, offset: 1, total: 1 })
    if (r.method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
      const results = (r.body.inputs as any[]).map((input) => {
        const contact = hsContacts.get(input.id) ?? { id: next(), properties: {} }
        contact.properties = { ...contact.properties, ...input.properties }
        hsContacts.set(input.id, contact)
        return { id: contact.id, properties: contact.properties }
      })
      return ok({ status: 'COMPLETE', results })
    }
    const contact = path.match(/^\/crm\/v3\/objects\/contacts\/([^/]+)$/)
    if (r.method === 'GET' && contact) {
      const found = r.query.idProperty === 'email' ? hsContacts.get(decodeURIComponent(contact[1]!)) : undefined
      return found ? ok({ id: found.id, properties: found.properties }) : { status: 404, body: { status: 'error', message: 'Object not found' } }
    }
    const membership = path.match(/^\/crm\/v3\/lists\/([^/]+)\/memberships\/(add|remove)$/)
    if (r.method === 'PUT' && membership) {
      const members = hsMemberships.get(membership[1]!)
      if (!members) return { status: 404, body: { message: 'List not found' } }
      for (const id of r.body as string[]) {
        if (membership[2] === 'add') members.add(id)
        else members.delete(id)
      }
      return ok({ recordIdsMissing: [], recordsIdsAdded: membership[2] === 'add' ? r.body : [], recordIdsRemoved: membership[2] === 'remove' ? r.body : [] })
    }
    return { status: 404, body: { message: 'not found' } }
  }

  function klickTipp(r: RecordedRequest, path: string): Reply {
    if (r.method === 'POST' && path === '/account/login') {
      if (r.body.username !== keys.klickTipp.username || r.body.password !== keys.klickTipp.password) return deny(r)
      const sessid = `s${next()}`
      ktSessions.add(sessid)
      return ok({ sessid, session_name: 'SSESSkt' })
    }
    const session = /SSESSkt=([^;]+)/.exec(String(r.headers.cookie ?? ''))?.[1]
    if (!session || !ktSessions.has(session)) return deny(r, 403)
    if (path === '/account/logout') {
      ktSessions.delete(session)
      return ok(true)
    }
    if (r.method === 'GET' && path === '/list') return ok({ 11: 'Double opt-in' })
    if (r.method === 'GET' && path === '/tag') return ok({ 42: 'Bought course' })
    if (r.method === 'POST' && path === '/subscriber') {
      const current = ktSubscribers.get(r.body.email) ?? { listid: null, tags: new Set<string>(), unsubscribed: false, fields: {} }
      if (r.body.listid) current.listid = r.body.listid
      if (r.body.tagid) current.tags.add(r.body.tagid)
      current.unsubscribed = false
      current.fields = r.body.fields ?? {}
      ktSubscribers.set(r.body.email, current)
      return ok({ id: '1', email: r.body.email })
    }
    if (r.method === 'POST' && path === '/subscriber/untag') {
      ktSubscribers.get(r.body.email)?.tags.delete(r.body.tagid)
      return ok([true])
    }
    if (r.method === 'POST' && path === '/subscriber/unsubscribe') {
      const s = ktSubscribers.get(r.body.email)
      if (s) s.unsubscribed = true
      return ok([true])
    }
    return { status: 404, body: 'not found' }
  }

  function mailingwork(r: RecordedRequest, path: string): Reply {
    const answer = (result: unknown) => ok({ error: 0, message: 'successfully executed', result })
    const failed = (error: number, message: string) => ok({ error, message, result: null })
    if (r.method !== 'POST') return { status: 405, body: 'POST only' }
    if (r.body.username !== keys.mailingwork.username || r.body.password !== keys.mailingwork.password) {
      refused.push(r)
      return failed(1, 'authentication failed')
    }
    const method = path.slice(1).toLowerCase()
    const idsInList = (email: string, listId?: string) =>
      [...mwRecipients].filter(([, x]) => x.fields['1'] === email && (!listId || x.lists.has(listId))).map(([id]) => id)
    if (method === 'getlists') return answer([{ id: '7', name: 'Buyers' }, { id: '8', name: 'Newsletter' }])
    if (method === 'getrecipientidsbyemail') {
      const ids = idsInList(r.body.email, r.body.advanced?.listId)
      return ids.length ? answer(ids) : failed(4, 'No match found')
    }
    if (method === 'createrecipient') {
      if (!r.body.listId) return failed(2, 'No list provided')
      const id = next()
      mwRecipients.set(id, { fields: { ...r.body.fields }, lists: new Set([r.body.listId]) })
      return answer(id)
    }
    if (method === 'updaterecipient') {
      const recipient = mwRecipients.get(r.body.recipientId)
      if (!recipient) return failed(3, 'Recipient not exists')
      Object.assign(recipient.fields, r.body.fields ?? {})
      return answer(true)
    }
    if (method === 'getrecipientlistsbyid') {
      const recipient = mwRecipients.get(r.body.recipientId)
      return recipient ? answer([...recipient.lists]) : failed(3, 'Recipient not exists')
    }
    if (method === 'deleterecipientbyid') return mwRecipients.delete(r.body.recipientId) ? answer(true) : failed(3, 'Recipient not found')
    return failed(-1, 'Unknown method')
  }

  function vimeo(r: RecordedRequest, path: string): Reply {
    if (r.headers.authorization !== `bearer ${keys.vimeo}`) return deny(r)
    if (r.method === 'GET' && path === '/me') return ok({ uri: '/users/1', name: 'Seller Videos' })
    return { status: 404, body: { error: 'not found' } }
  }

  const services: [string, (r: RecordedRequest, path: string) => Reply][] = [
    ['/mailchimp/3.0', mailchimp], ['/activecampaign/api/3', activeCampaign], ['/getresponse/v3', getResponse], ['/hubspot', hubspot], ['/klicktipp', klickTipp], ['/mailingwork', mailingwork], ['/vimeo', vimeo],
  ]
  const server = await startServer((request) => {
    for (const [prefix, handle] of services) {
      if (request.path === prefix || request.path.startsWith(`${prefix}/`)) return handle(request, request.path.slice(prefix.length) || '/')
    }
    return { status: 404, body: { error: 'no such service' } }
  })
  return {
    ...server,
    bases: {
      MAILCHIMP_API_BASE: `${server.url}/mailchimp/3.0`, ACTIVECAMPAIGN_API_BASE: `${server.url}/activecampaign/api/3`, GETRESPONSE_API_BASE: `${server.url}/getresponse/v3`,
      HUBSPOT_API_BASE: `${server.url}/hubspot`, KLICKTIPP_API_BASE: `${server.url}/klicktipp`, MAILINGWORK_API_BASE: `${server.url}/mailingwork`,
      VIMEO_API_BASE: `${server.url}/vimeo`,
    },
    keys, mailchimpMembers, acContacts, acContactLists, grContacts, hsContacts, hsMemberships, ktSubscribers, mwRecipients, refused,
  }
}
