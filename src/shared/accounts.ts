// Account vocabulary of docs/reference/accounts-and-orders.md §1 and §3. The spec's "ablefy_affiliate" is `platform_affiliate`
// in code; the UI keeps the spec's word where it appears.
export const profileTypes = [
  'seller', 'publisher', 'platform_affiliate', 'team_member', 'sales_team_member', 'payer', 'manager', 'shop', 'reseller',
] as const
export type ProfileType = (typeof profileTypes)[number]

/** Where each profile works, in the spec's cabinet-entry order. */
export const profileArea: Record<ProfileType, string> = {
  seller: '/cabinet',
  publisher: '/publish',
  platform_affiliate: '/publish',
  team_member: '/team_member',
  sales_team_member: '/team_member',
  payer: '/payer',
  manager: '/admin',
  shop: '/cabinet',
  reseller: '/reseller',
}
export const profileEntryOrder: ProfileType[] = [
  'seller', 'publisher', 'platform_affiliate', 'team_member', 'sales_team_member', 'payer', 'manager', 'shop', 'reseller',
]

export const accountStates = ['active', 'deactivated', 'deleted'] as const
export type AccountState = (typeof accountStates)[number]
/** What happened to an account's data (docs/reference/accounts-and-orders.md §3). */
export const deletionDataHandling = ['empty', 'inactive_plan', 'data_scrambled', 'deleted'] as const
/** Account deletion questionnaire steps -1..5 (docs/reference/accounts-and-orders.md §2). */
export const deletionSteps = {
  notPossible: -1,
  whyDeleting: 0,
  preparing: 1,
  ready: 2,
  confirmDeletion: 3,
  firstDeactivate: 4,
  confirmDeactivation: 5,
} as const

/** Feature flags of docs/reference/accounts-and-orders.md §6, with their defaults for a new seller. */
export const featureFlags = {
  google_analytics: true, tag_manager: true, facebook_pixel: true, custom_css: true, lesson_quiz_comments: true,
  multicurrency: true, virtual_iban: false, customization: true, product_sharing: true, vimeo: true,
  custom_smtp: false, double_opt_in: true, pdf_stamp: true, domains: true, mobile_app: false, coupons: true,
  funnels: true, drip_in: true, live_shopping: false, community: false, sales_team: true, dunning: true,
  ticket_upgrade: true, metabase_analytics_sets: false, reseller_journey: false, conversion_tools: true,
  template_hub: true, affiliate_marketplace: true, twint: true, klarna: true, klarna_subscriptions: false,
} as const satisfies Record<string, boolean>
export type FeatureFlag = keyof typeof featureFlags

/** docs/reference/readings.md 23: a seller can sell with a payment account, a finished profile, a confirmed email, unblocked. */
export function sellerCanSell(seller: { paymentAccountDone: boolean; profileFinished: boolean; confirmed: boolean; blocked: boolean }): boolean {
  return seller.paymentAccountDone && seller.profileFinished && seller.confirmed && !seller.blocked
}

/**
 * The name a seller is shown by wherever payers and the back office name them (the shop, the payer
 * area, mails): the company, else the person's name, else the username (docs/decisions/0043-editor-uploads-and-confirmations.md).
 */
export function sellerDisplayName(seller: { username: string; company?: string | null; firstName?: string | null; lastName?: string | null }): string {
  return seller.company?.trim() || [seller.firstName?.trim(), seller.lastName?.trim()].filter(Boolean).join(' ') || seller.username
}
