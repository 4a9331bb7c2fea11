// The integrations of docs/reference/accounts-and-orders.md §3 ("Integrations") and what each one is here
// (docs/decisions/0075-integrations.md): which fields connect it, which of them are secret (sealed at rest and
// never answered), whether purchases and refunds are synced to it, and whether it offers lists to choose from.
// One table, read by the server, the request schemas and the cabinet's connect dialog.

export const integrationKinds = [
  'active_campaign', 'mail_chimp', 'get_response', 'mailing_work', 'klick_tipp', 'zapier', 'chat', 'api', 'vimeo_videos', 'hubspot', 'tracify',
] as const
export type IntegrationKind = (typeof integrationKinds)[number]

export type IntegrationCategory = 'mail_marketing' | 'crm' | 'automation' | 'video' | 'chat' | 'tracking'

/** A connect field: `secret` ones are sealed at rest and only their last characters are ever shown. */
export type IntegrationField = { key: string; secret: boolean }

export type IntegrationKindInfo = {
  /** The service's name as people write it (a brand, not translated). */
  label: string
  category: IntegrationCategory
  fields: readonly IntegrationField[]
  /**
   * `sync`: a purchase adds the buyer to the product's list or campaign and a refund or chargeback removes
   * them, through the service's API. `stored`: the connection is kept for the seller (and for the part of
   * the platform that uses it); nothing is sent on a purchase.
   */
  mode: 'sync' | 'stored'
  /** Whether the service offers its lists (or campaigns, tags) to choose from (GET .../lists). */
  lists: boolean
  /** Whether connecting asks the service to accept the credentials first. */
  checked: boolean
  /** The per-product settings the service uses (the spec's "buyer list id" and "buyer campaign id"). */
  productSettings: readonly ('buyer_list_id' | 'buyer_campaign_id')[]
}

export const integrationKindInfo: Record<IntegrationKind, IntegrationKindInfo> = {
  mail_chimp: {
    label: 'Mailchimp', category: 'mail_marketing', fields: [{ key: 'api_key', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_list_id', 'buyer_campaign_id'],
  },
  active_campaign: {
    label: 'ActiveCampaign', category: 'mail_marketing', fields: [{ key: 'account', secret: false }, { key: 'api_key', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_list_id'],
  },
  get_response: {
    label: 'GetResponse', category: 'mail_marketing', fields: [{ key: 'api_key', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_campaign_id'],
  },
  klick_tipp: {
    label: 'KlickTipp', category: 'mail_marketing', fields: [{ key: 'username', secret: false }, { key: 'password', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_list_id', 'buyer_campaign_id'],
  },
  mailing_work: {
    label: 'mailingwork', category: 'mail_marketing', fields: [{ key: 'username', secret: false }, { key: 'password', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_list_id'],
  },
  hubspot: {
    label: 'HubSpot', category: 'crm', fields: [{ key: 'access_token', secret: true }],
    mode: 'sync', lists: true, checked: true, productSettings: ['buyer_list_id'],
  },
  zapier: { label: 'Zapier', category: 'automation', fields: [], mode: 'stored', lists: false, checked: false, productSettings: [] },
  api: { label: 'API', category: 'automation', fields: [], mode: 'stored', lists: false, checked: false, productSettings: [] },
  vimeo_videos: {
    label: 'Vimeo', category: 'video', fields: [{ key: 'access_token', secret: true }], mode: 'stored', lists: false, checked: true, productSettings: [],
  },
  chat: { label: 'Chat', category: 'chat', fields: [{ key: 'widget_id', secret: false }], mode: 'stored', lists: false, checked: false, productSettings: [] },
  tracify: { label: 'Tracify', category: 'tracking', fields: [{ key: 'account_id', secret: false }], mode: 'stored', lists: false, checked: false, productSettings: [] },
}

/** The kinds whose connections sync purchases and refunds. */
export const syncingKinds: readonly IntegrationKind[] = integrationKinds.filter((kind) => integrationKindInfo[kind].mode === 'sync')
