import {
  IconAdjustments, IconAffiliate, IconAlarm, IconBellRinging, IconBroadcast, IconBrush, IconBuildingBank, IconBuildingStore, IconCalendar, IconCertificate, IconChartBar, IconClipboardCheck, IconClock, IconCode, IconColorSwatch, IconCreditCard, IconDeviceMobile, IconDiscount, IconFileInvoice, IconFileSpreadsheet, IconFileText, IconFilter, IconGavel, IconHeadset, IconHistory, IconHome, IconId, IconKey, IconLayout, IconMail, IconMailbox, IconMessages, IconPackage, IconPalette, IconPlugConnected, IconReceipt, IconReceiptRefund, IconRepeat, IconSchool, IconSettings, IconShare, IconShieldCheck, IconStack2, IconTicket, IconTransfer, IconTypography, IconUser, IconUserPlus, IconUsers, IconUsersGroup, IconWallet, IconWebhook, IconWorldWww, type Icon,
} from '@tabler/icons-react'
import type { FeatureFlag } from '../../shared/accounts'
import type { Area } from '../lib/profiles'

// The back-office areas of docs/reference/accounts-and-orders.md §2 and their navigation. Every entry leads to a
// built page: the navigation never offers a placeholder (docs/decisions/0041-first-ten-minutes.md).
// Labels are i18n keys: nav.<area>.<key>.

/**
 * `match`: the path prefix that marks the entry active, when the first two segments are not enough.
 * `feature`: shown only when the seller's feature flag is on (a flagged function hides itself in the UI).
 * `action`: what a team member needs to see the entry and open its pages (docs/decisions/0053-team-members.md);
 * the seller sees every entry.
 */
export type NavEntry = { to: string; key: string; icon: Icon; exact?: boolean; match?: string; feature?: FeatureFlag; action?: string }
export type AreaConfig = { area: Area; nav: NavEntry[] }

const allConfigs: Record<Area, AreaConfig> = {
  cabinet: {
    area: 'cabinet',
    nav: [
      { to: '/cabinet', key: 'dashboard', icon: IconHome, exact: true, action: 'dashboard.read' },
      // docs/decisions/0087-analytics-sets.md: visible with the flag off too, the page says which plan unlocks it
      { to: '/cabinet/analytics', key: 'analytics', icon: IconChartBar, match: '/cabinet/analytics', action: 'dashboard.read' },
      { to: '/cabinet/products', key: 'products', icon: IconPackage, action: 'products.read' },
      { to: '/cabinet/coupons', key: 'coupons', icon: IconDiscount, action: 'products.read' },
      // docs/decisions/0067-multi-item-shares.md
      { to: '/cabinet/item_shares', key: 'itemShares', icon: IconShare, feature: 'product_sharing', action: 'products.read' },
      // docs/decisions/0066-funnels.md
      { to: '/cabinet/funnels', key: 'funnels', icon: IconFilter, action: 'products.read' },
      // docs/decisions/0083-community.md: visible with the flag off too, the page says which plan unlocks it
      { to: '/cabinet/community', key: 'community', icon: IconMessages, action: 'products.read' },
      // docs/decisions/0086-live-shopping-and-mobile-app.md: visible with the flag off too, the page says which plan unlocks it
      { to: '/cabinet/live_events', key: 'liveShopping', icon: IconBroadcast, match: '/cabinet/live_events', action: 'products.read' },
      { to: '/cabinet/orders', key: 'orders', icon: IconReceipt, action: 'orders.read' },
      { to: '/cabinet/order_rates', key: 'orderRates', icon: IconRepeat, action: 'orders.read' },
      { to: '/cabinet/payers', key: 'payers', icon: IconUsers, action: 'payers.read' },
      // docs/decisions/0065-serving-built-pages.md
      { to: '/cabinet/contact_requests', key: 'contactRequests', icon: IconMail, action: 'products.read' },
      { to: '/cabinet/payment_authorizations', key: 'paymentAuthorizations', icon: IconShieldCheck, action: 'orders.read' },
      { to: '/cabinet/transfers', key: 'transfers', icon: IconTransfer, action: 'orders.read' },
      { to: '/cabinet/payouts_balance', key: 'payouts', icon: IconWallet, match: '/cabinet/payouts', action: 'payouts.read' },
      { to: '/cabinet/invoices', key: 'invoices', icon: IconFileInvoice, action: 'orders.read' },
      { to: '/cabinet/dunning', key: 'dunning', icon: IconBellRinging, match: '/cabinet/dunning', action: 'orders.read' },
      { to: '/cabinet/claims', key: 'claims', icon: IconGavel, action: 'orders.read' },
      { to: '/cabinet/past_due_orders', key: 'pastDueOrders', icon: IconAlarm, action: 'orders.read' },
      { to: '/cabinet/payment_tickets/overview', key: 'paymentTickets', icon: IconTicket, action: 'tickets.read' },
      { to: '/cabinet/courses/overview', key: 'courses', icon: IconSchool, action: 'courses.read' },
      { to: '/cabinet/affiliate_programs', key: 'affiliatePrograms', icon: IconAffiliate, match: '/cabinet/affiliate_', action: 'affiliates.read' },
      { to: '/cabinet/settings/payment_providers', key: 'paymentProviders', icon: IconCreditCard, match: '/cabinet/settings/payment_', action: 'settings.read' },
      { to: '/cabinet/settings/checkout', key: 'checkoutSettings', icon: IconPalette, match: '/cabinet/settings/checkout', action: 'settings.read' },
      { to: '/cabinet/settings/cancellation_terms', key: 'cancellationTerms', icon: IconFileText, match: '/cabinet/settings/cancellation_terms', action: 'settings.read' },
      // docs/decisions/0061-fonts-and-themes.md
      { to: '/cabinet/themes', key: 'themes', icon: IconBrush, match: '/cabinet/themes', action: 'settings.read' },
      { to: '/cabinet/fonts', key: 'fonts', icon: IconTypography, action: 'settings.read' },
      // docs/decisions/0085-customization.md
      { to: '/cabinet/customization', key: 'customization', icon: IconColorSwatch, action: 'settings.read' },
      // docs/decisions/0064-visual-editor.md: built pages and their editor
      { to: '/cabinet/pages', key: 'pages', icon: IconLayout, match: '/cabinet/pages', action: 'products.read' },
      // docs/decisions/0060-domains.md
      { to: '/cabinet/domains', key: 'domains', icon: IconWorldWww, feature: 'domains', action: 'settings.read' },
      // docs/decisions/0074-tracking-with-consent.md
      { to: '/cabinet/tracking_codes', key: 'trackingCodes', icon: IconChartBar, action: 'settings.read' },
      // docs/decisions/0072-signed-webhooks.md
      { to: '/cabinet/webhooks', key: 'webhooks', icon: IconWebhook, action: 'settings.read' },
      // docs/decisions/0075-integrations.md
      { to: '/cabinet/integrations', key: 'integrations', icon: IconPlugConnected, action: 'settings.read' },
      // docs/decisions/0086-live-shopping-and-mobile-app.md
      { to: '/cabinet/mobile_app', key: 'mobileApp', icon: IconDeviceMobile, action: 'settings.read' },
      // docs/decisions/0084-custom-smtp-and-double-opt-in.md
      { to: '/cabinet/mail_settings', key: 'mailSettings', icon: IconMailbox, action: 'settings.read' },
      { to: '/cabinet/identity', key: 'identity', icon: IconId, action: 'payouts.read' },
      { to: '/cabinet/bank_accounts', key: 'bankAccounts', icon: IconBuildingBank, action: 'payouts.read' },
      // docs/decisions/0078-virtual-iban-bank-statements.md
      { to: '/cabinet/bank_transfers', key: 'bankTransfers', icon: IconTransfer, feature: 'virtual_iban', action: 'orders.read' },
      // docs/decisions/0076-datev-export.md
      { to: '/cabinet/datev', key: 'datev', icon: IconFileSpreadsheet, action: 'payouts.read' },
      { to: '/cabinet/reseller', key: 'reseller', icon: IconBuildingStore, feature: 'reseller_journey', action: 'settings.write' },
      // docs/decisions/0073-seller-api-keys.md
      { to: '/cabinet/api_keys', key: 'apiKeys', icon: IconKey, action: 'team.manage' },
      { to: '/cabinet/team', key: 'team', icon: IconUsersGroup, match: '/cabinet/team', action: 'team.manage' },
      { to: '/cabinet/plans', key: 'plans', icon: IconStack2, action: 'payouts.read' },
      // docs/decisions/0054-sales-team-and-deals.md
      { to: '/cabinet/sales_team', key: 'salesTeam', icon: IconUsersGroup, feature: 'sales_team', action: 'team.manage' },
      { to: '/cabinet/deals', key: 'deals', icon: IconFileText, match: '/cabinet/deals', feature: 'sales_team', action: 'deals.read' },
      { to: '/cabinet/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
  publish: {
    area: 'publish',
    nav: [
      { to: '/publish', key: 'overview', icon: IconHome, exact: true },
      { to: '/publish/affiliate_programs', key: 'affiliatePrograms', icon: IconAffiliate },
      { to: '/publish/affiliate_marketplace', key: 'marketplace', icon: IconUsers },
      { to: '/publish/affiliate_nodes', key: 'affiliateNodes', icon: IconCertificate },
      { to: '/publish/orders', key: 'orders', icon: IconReceipt },
      { to: '/publish/transfers', key: 'transfers', icon: IconTransfer },
      { to: '/publish/statistics', key: 'statistics', icon: IconChartBar, match: '/publish/statistics' },
      { to: '/publish/payouts_balance', key: 'payoutsBalance', icon: IconWallet },
      { to: '/publish/payouts', key: 'payouts', icon: IconCreditCard },
      { to: '/publish/embeddable_items', key: 'embeddableItems', icon: IconCode },
      { to: '/publish/payouts_settings', key: 'payoutsSettings', icon: IconCalendar },
      { to: '/publish/identity', key: 'identity', icon: IconShieldCheck },
      { to: '/publish/bank_accounts', key: 'bankAccounts', icon: IconBuildingBank },
      { to: '/publish/details', key: 'details', icon: IconId },
      { to: '/publish/email_notification', key: 'emailNotification', icon: IconMail },
      { to: '/publish/support', key: 'support', icon: IconHeadset },
      { to: '/publish/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
  reseller: {
    area: 'reseller',
    nav: [
      { to: '/reseller', key: 'overview', icon: IconHome, exact: true },
      { to: '/reseller/sales', key: 'sales', icon: IconReceipt },
      { to: '/reseller/payouts_balance', key: 'payoutsBalance', icon: IconWallet },
      { to: '/reseller/payouts', key: 'payouts', icon: IconCreditCard },
      { to: '/reseller/payouts_settings', key: 'payoutsSettings', icon: IconCalendar },
      { to: '/reseller/identity', key: 'identity', icon: IconShieldCheck },
      { to: '/reseller/bank_accounts', key: 'bankAccounts', icon: IconBuildingBank },
      { to: '/reseller/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
  team_member: {
    area: 'team_member',
    nav: [
      { to: '/team_member', key: 'overview', icon: IconHome, exact: true },
      { to: '/team_member/invites', key: 'invites', icon: IconUserPlus },
      { to: '/team_member/deals', key: 'deals', icon: IconFileText, feature: 'sales_team', action: 'deals.read' },
      { to: '/team_member/transfers', key: 'transfers', icon: IconTransfer },
      { to: '/team_member/payouts', key: 'payouts', icon: IconWallet },
      { to: '/team_member/payouts_balance', key: 'payoutsBalance', icon: IconChartBar },
      { to: '/team_member/payouts_settings', key: 'payoutsSettings', icon: IconCreditCard },
      { to: '/team_member/bank_accounts', key: 'bankAccounts', icon: IconBuildingBank },
      { to: '/team_member/identity', key: 'identity', icon: IconId },
      { to: '/team_member/notific_settings', key: 'notificSettings', icon: IconMail },
      { to: '/team_member/support', key: 'support', icon: IconHeadset },
      { to: '/team_member/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
  payer: {
    area: 'payer',
    nav: [
      { to: '/payer', key: 'overview', icon: IconHome, exact: true },
      { to: '/payer/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
  admin: {
    area: 'admin',
    nav: [
      { to: '/admin', key: 'overview', icon: IconHome, exact: true },
      { to: '/admin/emails', key: 'emails', icon: IconMailbox },
      { to: '/admin/users', key: 'users', icon: IconUser },
      { to: '/admin/sellers', key: 'sellers', icon: IconUsers },
      { to: '/admin/products', key: 'products', icon: IconPackage },
      { to: '/admin/product_reviews', key: 'productReviews', icon: IconClipboardCheck },
      { to: '/admin/test_clock', key: 'testClock', icon: IconClock },
      { to: '/admin/legitimations', key: 'identityChecks', icon: IconId },
      { to: '/admin/bank_accounts', key: 'bankAccounts', icon: IconBuildingBank },
      { to: '/admin/bank_account_legitimations', key: 'legitimations', icon: IconShieldCheck },
      { to: '/admin/payouts', key: 'payouts', icon: IconWallet },
      { to: '/admin/resellers', key: 'resellers', icon: IconBuildingStore },
      { to: '/admin/admin_audit_log', key: 'adminAuditLog', icon: IconHistory },
      { to: '/admin/settings', key: 'platformSettings', icon: IconAdjustments },
      { to: '/admin/platform_plans', key: 'platformPlans', icon: IconStack2 },
      { to: '/admin/orders', key: 'orders', icon: IconReceipt },
      { to: '/admin/refunds', key: 'refunds', icon: IconReceiptRefund },
      { to: '/admin/claims', key: 'claims', icon: IconGavel },
      { to: '/admin/profile/edit', key: 'account', icon: IconSettings },
    ],
  },
}

export const areaConfigs = allConfigs

/**
 * The nav entry a path belongs to, as the navigation marks it active: an exact entry only itself; others by
 * their `match`, else by their first two segments (`/cabinet/payment_tickets/...`); the longest wins.
 */
export function navEntryOfPath(config: AreaConfig, pathname: string): NavEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/'
  let best: NavEntry | undefined
  let bestLength = -1
  for (const entry of config.nav) {
    const prefix = entry.exact ? entry.to : entry.match ?? entry.to.split('/').slice(0, 3).join('/')
    const hit = entry.exact ? path === entry.to : path === prefix || path.startsWith(entry.match ? prefix : `${prefix}/`)
    if (hit && prefix.length > bestLength) {
      best = entry
      bestLength = prefix.length
    }
  }
  return best
}

/** Whether a profile may see a nav entry: sellers all; a team member those whose action they hold. */
export function mayOpen(entry: NavEntry | undefined, profile: { type: string; permissions: readonly string[] } | null): boolean {
  if (!profile || profile.type !== 'team_member' || !entry?.action) return true
  return entry.action !== 'team.manage' && profile.permissions.includes(entry.action)
}
