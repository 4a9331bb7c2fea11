import { featureFlags, type FeatureFlag } from './accounts'

// What each feature flag gates (docs/decisions/0077-feature-flags.md). Every flag of `featureFlags` is here:
// either with the gates the server enforces (403 feature_disabled naming the flag) and a web page the web app
// explains it on, or as pending while its function is not built. src/server/feature-gates.routes.test.ts
// switches each gated flag off for a seller and calls its first gate; a flag that is neither fails that test.

export type FeatureGate = { gates: readonly [string, ...string[]] } | { pending: string }

/** The reason of a pending flag: its function is not built yet. */
export const pendingReason = 'its function is not built yet'

export const featureGates = {
  google_analytics: { gates: ['POST /cabinet/tracking_codes (google_analytics, google_analytics_4)'] },
  tag_manager: { gates: ['POST /cabinet/tracking_codes (google_tag_manager)'] },
  facebook_pixel: { gates: ['POST /cabinet/tracking_codes (facebook_pixel)'] },
  custom_css: { gates: ['POST /cabinet/tracking_codes (custom_tracking_codes)', 'page documents with settings.custom_css', 'the storefront\'s custom CSS'] },
  lesson_quiz_comments: { gates: ['course player: lesson quizzes and comments'] },
  multicurrency: { gates: ['pricing plans in a currency other than eur (POST /cabinet/products, .../pricing_plans)'] },
  virtual_iban: { gates: ['/cabinet/bank_statements', '/cabinet/bank_transfers'] },
  customization: { gates: ['/cabinet/customization', 'the seller\'s logo, colours and mail footer on payer pages and mails'] },
  product_sharing: { gates: ['POST /cabinet/product_shares'] },
  vimeo: { gates: ['POST /cabinet/integrations (vimeo)'] },
  custom_smtp: { gates: ['/cabinet/smtp_settings', 'payer mails through the seller\'s own mail server'] },
  double_opt_in: { gates: ['/cabinet/double_opt_in', 'payers held from the integrations until they confirm'] },
  pdf_stamp: { gates: ['PUT /cabinet/products/{id}/download_settings (stamp_pdf)'] },
  domains: { gates: ['/cabinet/domains'] },
  mobile_app: { gates: ['/cabinet/mobile_app/notification_settings', 'the app\'s legal documents (/shop/{sellerId}/mobile_app/document/{id})'] },
  coupons: { gates: ['/cabinet/coupons', 'coupon codes at checkout'] },
  funnels: { gates: ['/cabinet/funnels'] },
  drip_in: { gates: ['PATCH /cabinet/courses/{id}/drip (paused)', 'drip schedules of the course player'] },
  live_shopping: { gates: ['/cabinet/live_events', 'the live event pages (/live/{username}/{id})'] },
  community: { gates: ['/cabinet/community', 'the members\' community (/payer/communities/{product_id}/...)'] },
  sales_team: { gates: ['/cabinet/deals'] },
  dunning: { gates: ['/cabinet/dunning_settings', '/cabinet/dunnings', '/cabinet/claims'] },
  ticket_upgrade: { gates: ['payer ticket upgrades (/payer/payment_tickets/{id}/upgrades)'] },
  metabase_analytics_sets: { gates: ['/cabinet/analytics_sets'] },
  reseller_journey: { gates: ['reseller invitations and applications'] },
  conversion_tools: { gates: ['POST /cabinet/tracking_codes (tracify)'] },
  template_hub: { gates: ['GET /cabinet/themes/hub', 'public themes'] },
  affiliate_marketplace: { gates: ['affiliate programs listed in the marketplace'] },
  twint: { gates: ['PUT /cabinet/payment_settings (twint active)', 'twint at checkout'] },
  klarna: { gates: ['PUT /cabinet/payment_settings (klarna active)', 'klarna at checkout'] },
  klarna_subscriptions: { gates: ['klarna at checkout of recurring pricing plans'] },
} as const satisfies Record<FeatureFlag, FeatureGate>

export const pendingFlags = (Object.keys(featureGates) as FeatureFlag[]).filter((flag) => 'pending' in featureGates[flag])

/** Where a seller's effective flag comes from: the default, the platform plan the seller is on, or a manager's override. */
export const featureSources = ['default', 'platform_plan', 'override'] as const
export type FeatureSource = (typeof featureSources)[number]
export type FeatureState = { flag: FeatureFlag; enabled: boolean; source: FeatureSource; default: boolean; plan: boolean | null; override: boolean | null }

/** Every flag with its effective value and source: the override over the plan's value over the default. */
export function featureStates(plan: Record<string, boolean> | null | undefined, overrides: Record<string, boolean> | null | undefined): FeatureState[] {
  return (Object.keys(featureFlags) as FeatureFlag[]).map((flag) => {
    const planValue = typeof plan?.[flag] === 'boolean' ? plan[flag] : null
    const override = typeof overrides?.[flag] === 'boolean' ? overrides[flag] : null
    const source: FeatureSource = override !== null ? 'override' : planValue !== null ? 'platform_plan' : 'default'
    return { flag, enabled: override ?? planValue ?? featureFlags[flag], source, default: featureFlags[flag], plan: planValue, override }
  })
}

/**
 * The flags a checkout method is behind: TWINT and Klarna each by their own, Klarna for a plan with later rates
 * (installments, subscriptions) by klarna_subscriptions too. Empty: the method needs no flag.
 */
export function methodFlags(method: string, recurring: boolean): FeatureFlag[] {
  if (method === 'twint') return ['twint']
  if (method === 'klarna') return recurring ? ['klarna', 'klarna_subscriptions'] : ['klarna']
  return []
}

/** The first flag of those `methodFlags` names that is off for the seller; null when the method may be offered. */
export function methodFlagOff(features: Record<string, boolean>, method: string, recurring: boolean): FeatureFlag | null {
  return methodFlags(method, recurring).find((flag) => !(features[flag] ?? featureFlags[flag])) ?? null
}
