import { z } from 'zod'
import { integrationKinds } from '../integrations/kinds'
import { integrationConnectionStates } from '../states/integration-connection'
import { zIdParam, zText } from '../validation/storable'
import { listOutput, listQuery } from './lists'

// Sellers' connections to other services (docs/decisions/0075-integrations.md): the connect body per kind
// (its credentials), the connection as answered (never a secret: only its last four characters), the
// per-product list and campaign, the sync log and the service's lists.

const name = zText().trim().min(1).max(100).meta({ description: 'What the seller calls this connection; defaults to the service\'s name.' })
const secret = (what: string) => zText().trim().min(8).max(500).regex(/^[^\s<>]+$/).meta({ description: `${what}: stored encrypted, never answered.` })
const plain = (what: string, pattern = /^[A-Za-z0-9._@:+-]+$/) => zText().trim().min(1).max(200).regex(pattern).meta({ description: what })

/** Each kind's credentials, as typed in the connect dialog. */
export const integrationCredentials = {
  mail_chimp: z.object({
    api_key: zText().trim().max(200).regex(/^[0-9a-zA-Z]+-[a-z]+[0-9]+$/).meta({ description: 'The Mailchimp API key `<key>-<datacenter>` (e.g. `...-us21`): stored encrypted, never answered.' }),
  }).strict(),
  active_campaign: z.object({
    account: plain('The ActiveCampaign account name, as in `https://<account>.api-us1.com`.', /^[a-z0-9][a-z0-9-]{0,62}$/),
    api_key: secret('The ActiveCampaign API key (Settings > Developer)'),
  }).strict(),
  get_response: z.object({ api_key: secret('The GetResponse API key') }).strict(),
  klick_tipp: z.object({ username: plain('The KlickTipp user name'), password: zText().min(1).max(200).meta({ description: 'The KlickTipp password: stored encrypted, never answered.' }) }).strict(),
  mailing_work: z.object({ username: plain('The mailingwork API user name'), password: zText().min(1).max(200).meta({ description: 'The mailingwork API password: stored encrypted, never answered.' }) }).strict(),
  hubspot: z.object({ access_token: secret('A HubSpot private app\'s access token (scopes crm.objects.contacts.write, crm.lists.write)') }).strict(),
  zapier: z.object({}).strict(),
  api: z.object({}).strict(),
  vimeo_videos: z.object({ access_token: secret('A Vimeo personal access token') }).strict(),
  chat: z.object({ widget_id: plain('The chat widget\'s id or code (the part of its embed snippet that names the seller\'s widget).', /^[A-Za-z0-9_.:/-]+$/) }).strict(),
  tracify: z.object({ account_id: plain('The Tracify account id (csid).', /^[A-Za-z0-9_-]+$/) }).strict(),
} as const

export const createIntegrationInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mail_chimp'), name: name.optional(), credentials: integrationCredentials.mail_chimp }).strict(),
  z.object({ kind: z.literal('active_campaign'), name: name.optional(), credentials: integrationCredentials.active_campaign }).strict(),
  z.object({ kind: z.literal('get_response'), name: name.optional(), credentials: integrationCredentials.get_response }).strict(),
  z.object({ kind: z.literal('klick_tipp'), name: name.optional(), credentials: integrationCredentials.klick_tipp }).strict(),
  z.object({ kind: z.literal('mailing_work'), name: name.optional(), credentials: integrationCredentials.mailing_work }).strict(),
  z.object({ kind: z.literal('hubspot'), name: name.optional(), credentials: integrationCredentials.hubspot }).strict(),
  z.object({ kind: z.literal('zapier'), name: name.optional(), credentials: integrationCredentials.zapier.optional() }).strict(),
  z.object({ kind: z.literal('api'), name: name.optional(), credentials: integrationCredentials.api.optional() }).strict(),
  z.object({ kind: z.literal('vimeo_videos'), name: name.optional(), credentials: integrationCredentials.vimeo_videos }).strict(),
  z.object({ kind: z.literal('chat'), name: name.optional(), credentials: integrationCredentials.chat }).strict(),
  z.object({ kind: z.literal('tracify'), name: name.optional(), credentials: integrationCredentials.tracify }).strict(),
])
export type CreateIntegrationInput = z.output<typeof createIntegrationInput>

/**
 * A change: the name, and (optionally) new credentials of the connection's kind, checked with the service
 * like at connect; a disconnected connection given credentials the service accepts is connected again.
 */
export const updateIntegrationInput = z.object({
  name: name.optional(),
  credentials: z.record(z.string().max(40), zText().max(500)).optional()
    .meta({ description: 'The connection kind\'s credential fields (as at connect); all of them.' }),
}).strict()
export type UpdateIntegrationInput = z.output<typeof updateIntegrationInput>

export const integrationOutput = z.object({
  id: z.number().int(),
  kind: z.enum(integrationKinds),
  name: z.string(),
  state: z.enum(integrationConnectionStates),
  /** What may be shown of the credentials: plain fields (account, user name, widget id) and `<field>_hint` (the last 4 characters of a secret). */
  public_info: z.record(z.string(), z.string()),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** How many products have a list or campaign set on this connection. */
  product_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type IntegrationOutput = z.infer<typeof integrationOutput>
export const integrationAnswer = z.object({ integration: integrationOutput })

export const integrationSortKeys = ['created_at', 'name', 'kind', 'last_sync_at'] as const
export const integrationListQuery = listQuery.extend({
  sort_key: z.enum(integrationSortKeys).optional(),
  kind: z.enum(integrationKinds).optional(),
  state: z.enum(integrationConnectionStates).optional(),
})
export type IntegrationListQuery = z.output<typeof integrationListQuery>
export const integrationListOutput = listOutput(integrationOutput)

export const integrationParams = z.object({ id: zIdParam() })
export const integrationProductParams = z.object({ id: zIdParam(), product_id: zIdParam() })

// ---------------------------------------------------------------- per product

const remoteId = zText().trim().min(1).max(200).regex(/^[^\s<>]+$/)

export const productSettingInput = z.object({
  buyer_list_id: remoteId.nullable().optional().meta({ description: 'The service\'s list the buyer is added to (Mailchimp audience, ActiveCampaign list, HubSpot list, KlickTipp opt-in process).' }),
  buyer_campaign_id: remoteId.nullable().optional().meta({ description: 'The campaign (GetResponse), tag name (Mailchimp) or tag id (KlickTipp) the buyer gets.' }),
}).strict()
export type ProductSettingInput = z.output<typeof productSettingInput>

export const productSettingOutput = z.object({
  integration_id: z.number().int(),
  product_id: z.number().int(),
  buyer_list_id: z.string().nullable(),
  buyer_campaign_id: z.string().nullable(),
  updated_at: z.string(),
})
export type ProductSettingOutput = z.infer<typeof productSettingOutput>
export const productSettingAnswer = z.object({ product_setting: productSettingOutput })

export const productSettingsQuery = z.object({
  product_id: zIdParam().optional(),
  integration_id: zIdParam().optional(),
}).strict()
export const productSettingsOutput = z.object({ list: z.array(productSettingOutput) })

// ---------------------------------------------------------------- the sync log

export const syncActions = ['add', 'remove'] as const
/** awaiting_opt_in: held until the payer confirms (double opt-in, docs/decisions/0084-custom-smtp-and-double-opt-in.md). */
export const syncEventStates = ['pending', 'succeeded', 'failed', 'skipped', 'awaiting_opt_in'] as const
export const syncEventOutput = z.object({
  id: z.number().int(),
  integration_id: z.number().int(),
  /** order.paid -> add; order.refunded, order.chargebacked -> remove. */
  event_type: z.string(),
  action: z.enum(syncActions),
  order_id: z.number().int().nullable(),
  product_id: z.number().int(),
  state: z.enum(syncEventStates),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
})
export type SyncEventOutput = z.infer<typeof syncEventOutput>
export const syncEventListQuery = listQuery.extend({
  sort_key: z.enum(['created_at']).optional(),
  state: z.enum(syncEventStates).optional(),
})
export type SyncEventListQuery = z.output<typeof syncEventListQuery>
export const syncEventListOutput = listOutput(syncEventOutput)

// ---------------------------------------------------------------- the service's lists

export const remoteListOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Which setting it fills: a list (buyer_list_id) or a campaign or tag (buyer_campaign_id). */
  setting: z.enum(['buyer_list_id', 'buyer_campaign_id']),
})
export type RemoteListOutput = z.infer<typeof remoteListOutput>
export const remoteListsOutput = z.object({ list: z.array(remoteListOutput) })

