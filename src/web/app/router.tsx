import { createRootRoute, createRoute, createRouter, lazyRouteComponent, type RouteComponent } from '@tanstack/react-router'
import { api, setApiNavigator } from '../lib/api'
import type { Area } from '../lib/profiles'
import { requireSession, requireSignedIn } from './guard'
import { AreaNotFound, PublicNotFound, RouteError, RoutePending } from './route-states'
import { RootLayout } from './layouts/root-layout'

// Code-based routes (docs/reference/accounts-and-orders.md §2, docs/reference/catalogue-and-selling.md §2). Pages and area layouts load lazily, so the
// first load carries only the router, the providers and the page asked for.

/** A page outside the public set loads every Mantine style first (./public-styles.ts). */
function withFullStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([import('./full-styles'), load()]).then(([, module]) => module)
}

const rootRoute = createRootRoute({ component: RootLayout, notFoundComponent: PublicNotFound })

// ----------------------------------------------------------------------------------------- public site

const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  component: lazyRouteComponent(() => import('./layouts/public-layout'), 'PublicLayout'),
})

const site = () => import('../features/site/routes/site-pages')
// One chunk per account screen: the sign-in page must not carry the sign-up's or the settings' forms
// (docs/decisions/0045-cabinet-on-a-phone.md).
const signIn = () => import('../features/accounts/routes/sign-in-page')
const signUp = () => import('../features/accounts/routes/sign-up-pages')
const accountMails = () => import('../features/accounts/routes/email-pages')
const passwords = () => import('../features/accounts/routes/password-pages')
const accountSettings = withFullStyles(() => import('../features/accounts/routes/account-settings-page'))
const emails = withFullStyles(() => import('../features/emails/routes/email-pages'))

const publicRoutes = [
  createRoute({ getParentRoute: () => publicLayout, path: '/', component: lazyRouteComponent(site, 'LandingPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'plans', component: lazyRouteComponent(site, 'PlansPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'terms', component: lazyRouteComponent(site, 'TermsPage') }),
  // The promo pages (docs/decisions/0055-platform-plans.md): the spec's two route names, one page.
  createRoute({ getParentRoute: () => publicLayout, path: 'elopage_promos/$token', component: lazyRouteComponent(withFullStyles(() => import('../features/platform-plans/routes/promo-page')), 'PromoPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'ablefy_promos/$token', component: lazyRouteComponent(withFullStyles(() => import('../features/platform-plans/routes/promo-page')), 'PromoPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'privacy', component: lazyRouteComponent(site, 'PrivacyPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'imprint', component: lazyRouteComponent(site, 'ImprintPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'email_logs/$token', component: lazyRouteComponent(emails, 'EmailLogPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'emails/unsubscribe/$token', component: lazyRouteComponent(emails, 'UnsubscribePage') }),
  // docs/decisions/0084-custom-smtp-and-double-opt-in.md: a payer confirms their address for a seller's mailings
  createRoute({ getParentRoute: () => publicLayout, path: 'opt_in/$token', component: lazyRouteComponent(withFullStyles(() => import('../features/mail-settings/routes/opt-in-page')), 'OptInPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/sign_in', component: lazyRouteComponent(signIn, 'SignInPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/sign_up', component: lazyRouteComponent(signUp, 'SignUpPage') }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: 'users/sign_up/about_you',
    beforeLoad: requireSession,
    component: lazyRouteComponent(signUp, 'AboutYouPage'),
  }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/confirmation', component: lazyRouteComponent(accountMails, 'ConfirmationPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/confirmation/new', component: lazyRouteComponent(accountMails, 'ResendConfirmationPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/password/new', component: lazyRouteComponent(passwords, 'PasswordNewPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/password/edit', component: lazyRouteComponent(passwords, 'PasswordEditPage') }),
  createRoute({ getParentRoute: () => publicLayout, path: 'users/ablefy_affiliate', component: lazyRouteComponent(() => import('./platform-affiliate-route'), 'PlatformAffiliateRoute') }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: 's/$username/payment/$token/manage',
    beforeLoad: requireSignedIn,
    component: lazyRouteComponent(withFullStyles(() => import('../features/payer/routes/manage-payment-page')), 'ManagePaymentPage'),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: 'sandbox/setups/$token',
    beforeLoad: requireSignedIn,
    component: lazyRouteComponent(withFullStyles(() => import('../features/payer/routes/sandbox-setup-page')), 'SandboxSetupPage'),
  }),
  createRoute({ getParentRoute: () => publicLayout, path: 'deals/$token', component: lazyRouteComponent(() => import('../features/deals/routes/deals-pages'), 'DealLandingPage') }),
  // A shared theme link (docs/decisions/0061-fonts-and-themes.md): signed in first, then applied by the seller profile.
  createRoute({
    getParentRoute: () => publicLayout,
    path: 'themes/shared/$token',
    beforeLoad: requireSignedIn,
    component: lazyRouteComponent(withFullStyles(() => import('../features/themes/routes/themes-pages')), 'SharedThemePage'),
  }),
  createRoute({ getParentRoute: () => publicLayout, path: '$', component: PublicNotFound }),
]

// ------------------------------------------------------------------------------------------------ areas

const areaLayouts = withFullStyles(() => import('./layouts/area-layouts'))
const layoutExport: Record<Area, 'CabinetLayout' | 'PublishLayout' | 'ResellerLayout' | 'TeamMemberLayout' | 'PayerLayout' | 'AdminLayout'> = {
  cabinet: 'CabinetLayout', publish: 'PublishLayout', reseller: 'ResellerLayout', team_member: 'TeamMemberLayout', payer: 'PayerLayout', admin: 'AdminLayout',
}

type ExtraPage = { path: string; component: RouteComponent }

function areaRoutes(area: Area, home: RouteComponent, extra: ExtraPage[] = []) {
  const layout = createRoute({
    getParentRoute: () => rootRoute,
    path: `/${area}`,
    beforeLoad: requireSignedIn,
    component: lazyRouteComponent(areaLayouts, layoutExport[area]),
  })
  const parent = () => layout
  return layout.addChildren([
    createRoute({ getParentRoute: parent, path: '/', component: home }),
    createRoute({ getParentRoute: parent, path: 'profile/edit', component: lazyRouteComponent(accountSettings, 'AccountSettingsPage') }),
    ...extra.map((page) => createRoute({ getParentRoute: parent, path: page.path, component: page.component })),
    createRoute({ getParentRoute: parent, path: '$', component: () => <AreaNotFound area={area} /> }),
  ])
}

const products = () => import('../features/products/routes/products-pages')
const paymentSettings = () => import('../features/payment-settings/routes/payment-settings-pages')
const paymentTickets = () => import('../features/payment-tickets/routes/payment-tickets-pages')
const courseTabs = () => import('../features/course-reports/routes/course-tabs-pages')
const notificationPages = () => import('../features/notifications/routes/notifications-pages')
const dunningPages = () => import('../features/dunning/routes/dunning-pages')
const affiliatePages = () => import('../features/affiliates/routes/affiliate-pages')
// Money out (docs/decisions/0049-money-out.md): the same pages serve /cabinet and /publish (the area decides the party).
const identityPages = () => import('../features/payouts/routes/identity-pages')
const bankAccountPages = () => import('../features/payouts/routes/bank-accounts-pages')
const payoutPages = () => import('../features/payouts/routes/payouts-pages')
// Team members (docs/decisions/0053-team-members.md): the seller's team and audit log; the team member's own area.
const teamPages = () => import('../features/team/routes/team-pages')
const teamMemberPages = () => import('../features/team-member/routes/team-member-home-page')
const cabinet = areaRoutes('cabinet', lazyRouteComponent(() => import('./cabinet-home'), 'CabinetHomePage'), [
  { path: 'notifications', component: lazyRouteComponent(notificationPages, 'NotificationsPage') },
  { path: 'settings/notifications', component: lazyRouteComponent(notificationPages, 'NotificationSettingsPage') },
  { path: 'products', component: lazyRouteComponent(products, 'ProductListPage') },
  { path: 'products/categories', component: lazyRouteComponent(products, 'CategoriesPage') },
  { path: 'products/$productId/edit', component: lazyRouteComponent(products, 'ProductEditPage') },
  { path: 'coupons', component: lazyRouteComponent(() => import('../features/coupons/routes/coupons-page'), 'CouponsPage') },
  { path: 'funnels', component: lazyRouteComponent(() => import('../features/funnels/routes/funnels-page'), 'FunnelsPage') },
  { path: 'settings/payment_providers', component: lazyRouteComponent(paymentSettings, 'PaymentProvidersPage') },
  { path: 'settings/payment_settings', component: lazyRouteComponent(paymentSettings, 'PaymentSettingsPage') },
  { path: 'settings/checkout', component: lazyRouteComponent(() => import('../features/checkout-settings/routes/checkout-settings-page'), 'CheckoutSettingsPage') },
  { path: 'settings/cancellation_terms', component: lazyRouteComponent(() => import('../features/checkout-settings/routes/cancellation-terms-page'), 'CancellationTermsPage') },
  { path: 'deals', component: lazyRouteComponent(() => import('../features/deals/routes/deals-pages'), 'DealsPage') },
  { path: 'sales_team', component: lazyRouteComponent(() => import('../features/sales-team/routes/sales-team-page'), 'SalesTeamPage') },
  { path: 'domains', component: lazyRouteComponent(() => import('../features/domains/routes/domains-page'), 'DomainsPage') },
  { path: 'tracking_codes', component: lazyRouteComponent(() => import('../features/tracking/routes/tracking-codes-page'), 'TrackingCodesPage') },
  { path: 'webhooks', component: lazyRouteComponent(() => import('../features/webhooks/routes/webhooks-page'), 'WebhooksPage') },
  // docs/decisions/0075-integrations.md
  { path: 'integrations', component: lazyRouteComponent(() => import('../features/integrations/routes/integrations-page'), 'IntegrationsPage') },
  // docs/decisions/0084-custom-smtp-and-double-opt-in.md
  { path: 'mail_settings', component: lazyRouteComponent(() => import('../features/mail-settings/routes/mail-settings-page'), 'MailSettingsPage') },
  { path: 'orders', component: lazyRouteComponent(() => import('../features/orders/routes/orders-page'), 'OrdersPage') },
  { path: 'orders/$orderId', component: lazyRouteComponent(() => import('../features/orders/routes/order-detail-page'), 'OrderDetailPage') },
  { path: 'order_rates', component: lazyRouteComponent(() => import('../features/order-rates/routes/order-rates-page'), 'OrderRatesPage') },
  { path: 'invoices', component: lazyRouteComponent(() => import('../features/invoices/routes/invoices-page'), 'InvoicesPage') },
  { path: 'transfers', component: lazyRouteComponent(() => import('../features/transfers/routes/transfers-page'), 'TransfersPage') },
  { path: 'dunning', component: lazyRouteComponent(dunningPages, 'DunningRunsPage') },
  { path: 'claims', component: lazyRouteComponent(dunningPages, 'ClaimsPage') },
  { path: 'past_due_orders', component: lazyRouteComponent(() => import('../features/orders/routes/past-due-orders-page'), 'PastDueOrdersPage') },
  { path: 'settings/dunning', component: lazyRouteComponent(dunningPages, 'DunningSettingsPage') },
  { path: 'payers', component: lazyRouteComponent(() => import('../features/payers/routes/payers-pages'), 'PayersPage') },
  { path: 'contact_requests', component: lazyRouteComponent(() => import('../features/contact-requests/routes/contact-requests-page'), 'ContactRequestsPage') },
  { path: 'payers/$payerId', component: lazyRouteComponent(() => import('../features/payers/routes/payers-pages'), 'PayerDetailPage') },
  { path: 'payment_authorizations', component: lazyRouteComponent(() => import('../features/payment-authorizations/routes/payment-authorizations-page'), 'PaymentAuthorizationsPage') },
  { path: 'payment_tickets/overview', component: lazyRouteComponent(paymentTickets, 'PaymentTicketsOverviewPage') },
  { path: 'payment_tickets/details', component: lazyRouteComponent(paymentTickets, 'PaymentTicketsDetailsPage') },
  { path: 'payment_tickets/check_in', component: lazyRouteComponent(paymentTickets, 'CheckInPage') },
  { path: 'courses/overview', component: lazyRouteComponent(courseTabs, 'CoursesOverviewPage') },
  { path: 'courses/sessions', component: lazyRouteComponent(courseTabs, 'CourseSessionsPage') },
  { path: 'courses/lesson_statuses', component: lazyRouteComponent(courseTabs, 'LessonStatusesPage') },
  { path: 'courses/quiz_attempts', component: lazyRouteComponent(courseTabs, 'QuizAttemptsPage') },
  { path: 'courses/preview/$productId', component: lazyRouteComponent(() => import('../features/course-player/routes/course-preview-page'), 'CoursePreviewPage') },
  { path: 'affiliate_programs', component: lazyRouteComponent(affiliatePages, 'AffiliateProgramsPage') },
  { path: 'affiliate_nodes', component: lazyRouteComponent(affiliatePages, 'AffiliateNodesPage') },
  { path: 'affiliate_statistics', component: lazyRouteComponent(affiliatePages, 'AffiliateStatisticsPage') },
  { path: 'identity', component: lazyRouteComponent(identityPages, 'IdentityPage') },
  { path: 'bank_accounts', component: lazyRouteComponent(bankAccountPages, 'BankAccountsPage') },
  { path: 'payouts', component: lazyRouteComponent(payoutPages, 'PayoutsPage') },
  { path: 'payouts_balance', component: lazyRouteComponent(payoutPages, 'PayoutsBalancePage') },
  { path: 'payouts_settings', component: lazyRouteComponent(payoutPages, 'PayoutsSettingsPage') },
  { path: 'reseller', component: lazyRouteComponent(() => import('../features/resellers/routes/cabinet-reseller-page'), 'CabinetResellerPage') },
  { path: 'team', component: lazyRouteComponent(teamPages, 'TeamPage') },
  // docs/decisions/0087-analytics-sets.md
  { path: 'analytics', component: lazyRouteComponent(() => import('../features/analytics/routes/analytics-pages'), 'AnalyticsSetsPage') },
  { path: 'analytics/$setId', component: lazyRouteComponent(() => import('../features/analytics/routes/analytics-pages'), 'AnalyticsSetPage') },
  // docs/decisions/0078-virtual-iban-bank-statements.md
  { path: 'bank_transfers', component: lazyRouteComponent(() => import('../features/bank-transfers/routes/bank-transfers-page'), 'BankTransfersPage') },
  // docs/decisions/0083-community.md
  { path: 'community', component: lazyRouteComponent(() => import('../features/community/routes/community-page'), 'CommunityPage') },
  // docs/decisions/0086-live-shopping-and-mobile-app.md
  { path: 'live_events', component: lazyRouteComponent(() => import('../features/live-shopping/routes/live-events-pages'), 'LiveEventsPage') },
  { path: 'live_events/$id', component: lazyRouteComponent(() => import('../features/live-shopping/routes/live-events-pages'), 'LiveEventPage') },
  { path: 'mobile_app', component: lazyRouteComponent(() => import('../features/mobile-app/routes/mobile-app-page'), 'MobileAppPage') },
  // docs/decisions/0076-datev-export.md
  { path: 'datev', component: lazyRouteComponent(() => import('../features/accounting/routes/datev-page'), 'DatevPage') },
  // docs/decisions/0073-seller-api-keys.md
  { path: 'api_keys', component: lazyRouteComponent(() => import('../features/api-keys/routes/api-keys-page'), 'ApiKeysPage') },
  { path: 'team/audit_log', component: lazyRouteComponent(teamPages, 'TeamAuditLogPage') },
  { path: 'plans', component: lazyRouteComponent(() => import('../features/platform-plans/routes/cabinet-plans-page'), 'CabinetPlansPage') },
  // docs/decisions/0061-fonts-and-themes.md
  { path: 'fonts', component: lazyRouteComponent(() => import('../features/fonts/routes/fonts-page'), 'FontsPage') },
  // docs/decisions/0085-customization.md
  { path: 'customization', component: lazyRouteComponent(() => import('../features/customization/routes/customization-page'), 'CustomizationPage') },
  { path: 'themes', component: lazyRouteComponent(() => import('../features/themes/routes/themes-pages'), 'ThemesPage') },
  { path: 'themes/hub', component: lazyRouteComponent(() => import('../features/themes/routes/themes-pages'), 'ThemeHubPage') },
  // docs/decisions/0067-multi-item-shares.md
  { path: 'item_shares', component: lazyRouteComponent(() => import('../features/products/routes/shares-page'), 'SharesPage') },
  // docs/decisions/0064-visual-editor.md: the editor (Puck and its CSS) is its own chunk, loaded only on its route.
  { path: 'pages', component: lazyRouteComponent(() => import('../features/pages/routes/pages-list-page'), 'PagesListPage') },
  { path: 'pages/$pageId/edit', component: lazyRouteComponent(() => import('../features/pages/routes/page-editor-page'), 'PageEditorPage') },
])
const publishPrograms = () => import('../features/publish/routes/programs-pages')
const publishDetails = () => import('../features/publish/routes/details-pages')
const publishPayouts = () => import('../features/publish/routes/payouts-pages')
const publishStatistics = () => import('../features/publish/routes/statistics-pages')
const publishEmbeds = () => import('../features/publish/routes/embeddable-items-pages')
const publish = areaRoutes('publish', lazyRouteComponent(() => import('./publish-home'), 'PublishHomePage'), [
  { path: 'details', component: lazyRouteComponent(publishDetails, 'PublisherDetailsPage') },
  { path: 'email_notification', component: lazyRouteComponent(publishDetails, 'EmailNotificationPage') },
  { path: 'identity', component: lazyRouteComponent(identityPages, 'IdentityPage') },
  { path: 'bank_accounts', component: lazyRouteComponent(bankAccountPages, 'BankAccountsPage') },
  { path: 'payouts_settings', component: lazyRouteComponent(payoutPages, 'PayoutsSettingsPage') },
  { path: 'payouts', component: lazyRouteComponent(payoutPages, 'PayoutsPage') },
  { path: 'payouts_balance', component: lazyRouteComponent(() => import('./publisher-balance-page'), 'PublisherBalancePage') },
  { path: 'transfers', component: lazyRouteComponent(publishPayouts, 'PublisherTransfersPage') },
  { path: 'orders', component: lazyRouteComponent(() => import('../features/publish/routes/orders-page'), 'PublisherOrdersPage') },
  { path: 'affiliate_programs', component: lazyRouteComponent(publishPrograms, 'MyProgramsPage') },
  { path: 'affiliate_marketplace', component: lazyRouteComponent(publishPrograms, 'MarketplacePage') },
  { path: 'affiliate_marketplace/$itemId', component: lazyRouteComponent(publishPrograms, 'ProgramDetailPage') },
  { path: 'affiliate_nodes', component: lazyRouteComponent(publishPrograms, 'AffiliateNodesPage') },
  { path: 'affiliate_nodes/new', component: lazyRouteComponent(publishPrograms, 'AffiliateNodeNewPage') },
  { path: 'statistics', component: lazyRouteComponent(publishStatistics, 'StatisticsOverviewPage') },
  { path: 'statistics_programs', component: lazyRouteComponent(publishStatistics, 'StatisticsProgramsPage') },
  { path: 'statistics_products', component: lazyRouteComponent(publishStatistics, 'StatisticsProductsPage') },
  { path: 'statistics_sellers', component: lazyRouteComponent(publishStatistics, 'StatisticsSellersPage') },
  { path: 'statistics_affiliate', component: lazyRouteComponent(publishStatistics, 'StatisticsAffiliatePage') },
  { path: 'embeddable_items', component: lazyRouteComponent(publishEmbeds, 'EmbeddableItemsPage') },
  { path: 'embeddable_items/new', component: lazyRouteComponent(publishEmbeds, 'EmbeddableItemNewPage') },
  { path: 'embeddable_items/$itemId/edit', component: lazyRouteComponent(publishEmbeds, 'EmbeddableItemEditPage') },
  { path: 'embeddable_items/$itemId/preview', component: lazyRouteComponent(publishEmbeds, 'EmbeddableItemPreviewPage') },
  { path: 'support', component: lazyRouteComponent(() => import('../features/publish/routes/support-page'), 'PublisherSupportPage') },
])
// Resellers (docs/decisions/0051-resellers.md): their home with the sellers' requests, their sales, and money out.
const resellerPages = () => import('../features/resellers/routes/reseller-pages')
const reseller = areaRoutes('reseller', lazyRouteComponent(resellerPages, 'ResellerHomePage'), [
  { path: 'sales', component: lazyRouteComponent(resellerPages, 'ResellerSalesPage') },
  { path: 'identity', component: lazyRouteComponent(identityPages, 'IdentityPage') },
  { path: 'bank_accounts', component: lazyRouteComponent(bankAccountPages, 'BankAccountsPage') },
  { path: 'payouts_settings', component: lazyRouteComponent(payoutPages, 'PayoutsSettingsPage') },
  { path: 'payouts', component: lazyRouteComponent(payoutPages, 'PayoutsPage') },
  { path: 'payouts_balance', component: lazyRouteComponent(payoutPages, 'PayoutsBalancePage') },
])
const teamMember = areaRoutes('team_member', lazyRouteComponent(teamMemberPages, 'TeamMemberHomePage'), [
  { path: 'invites', component: lazyRouteComponent(teamMemberPages, 'TeamMemberInvitesPage') },
  { path: 'deals', component: lazyRouteComponent(() => import('../features/deals/routes/deals-pages'), 'DealsPage') },
  { path: 'identity', component: lazyRouteComponent(identityPages, 'IdentityPage') },
  { path: 'bank_accounts', component: lazyRouteComponent(bankAccountPages, 'BankAccountsPage') },
  { path: 'payouts', component: lazyRouteComponent(payoutPages, 'PayoutsPage') },
  { path: 'payouts_balance', component: lazyRouteComponent(payoutPages, 'PayoutsBalancePage') },
  { path: 'payouts_settings', component: lazyRouteComponent(payoutPages, 'PayoutsSettingsPage') },
  { path: 'support', component: lazyRouteComponent(() => import('../features/team-member/routes/team-member-support-page'), 'TeamMemberSupportPage') },
  { path: 'transfers', component: lazyRouteComponent(() => import('../features/team-member/routes/team-member-transfers-page'), 'TeamMemberTransfersPage') },
  { path: 'notific_settings', component: lazyRouteComponent(() => import('../features/team-member/routes/team-member-notific-settings-page'), 'TeamMemberNotificSettingsPage') },
  { path: 'sellers/$sellerId/cabinet/$', component: lazyRouteComponent(() => import('../features/team-member/routes/team-member-seller-path-page'), 'TeamMemberSellerPathPage') },
])
const payer = areaRoutes('payer', lazyRouteComponent(() => import('../features/payer/routes/payer-home-page'), 'PayerHomePage'), [
  { path: 's/$id', component: lazyRouteComponent(() => import('../features/payer/routes/payer-seller-page'), 'PayerSellerPage') },
  { path: 's/$id/community/$productId', component: lazyRouteComponent(() => import('../features/community/routes/payer-community-page'), 'PayerCommunityPage') },
])
const admin = areaRoutes('admin', lazyRouteComponent(() => import('../features/admin/routes/admin-home-page'), 'AdminHomePage'), [
  { path: 'emails', component: lazyRouteComponent(emails, 'OutboxPage') },
  { path: 'sellers', component: lazyRouteComponent(() => import('../features/admin/routes/sellers-page'), 'SellersPage') },
  { path: 'products', component: lazyRouteComponent(() => import('../features/admin/routes/products-page'), 'AdminProductsPage') },
  { path: 'product_reviews', component: lazyRouteComponent(() => import('../features/admin/routes/product-reviews-page'), 'ProductReviewsPage') },
  { path: 'test_clock', component: lazyRouteComponent(() => import('../features/admin/routes/test-clock-page'), 'TestClockPage') },
  { path: 'legitimations', component: lazyRouteComponent(identityPages, 'AdminLegitimationsPage') },
  { path: 'bank_accounts', component: lazyRouteComponent(bankAccountPages, 'AdminBankAccountsPage') },
  { path: 'bank_account_legitimations', component: lazyRouteComponent(bankAccountPages, 'AdminBankAccountLegitimationsPage') },
  { path: 'payouts', component: lazyRouteComponent(payoutPages, 'AdminPayoutsPage') },
  { path: 'resellers', component: lazyRouteComponent(() => import('../features/resellers/routes/admin-resellers-page'), 'AdminResellersPage') },
  { path: 'users', component: lazyRouteComponent(() => import('../features/admin/routes/users-page'), 'UsersPage') },
  { path: 'users/$id', component: lazyRouteComponent(() => import('../features/admin/routes/user-page'), 'UserPage') },
  { path: 'admin_audit_log', component: lazyRouteComponent(() => import('../features/admin/routes/admin-audit-log-page'), 'AdminAuditLogPage') },
  { path: 'settings', component: lazyRouteComponent(() => import('../features/admin/routes/settings-page'), 'PlatformSettingsPage') },
  { path: 'platform_plans', component: lazyRouteComponent(() => import('../features/platform-plans/routes/admin-plans-page'), 'AdminPlatformPlansPage') },
  // The managers' orders (with the refund) and claims (docs/decisions/0057-orders-area-remains.md).
  { path: 'orders', component: lazyRouteComponent(() => import('../features/admin/routes/admin-orders-page'), 'AdminOrdersPage') },
  { path: 'claims', component: lazyRouteComponent(() => import('../features/admin/routes/admin-claims-page'), 'AdminClaimsPage') },
  { path: 'refunds', component: lazyRouteComponent(() => import('../features/admin/routes/admin-refunds-page'), 'AdminRefundsPage') },

])

// The payer's course player (docs/reference/readings.md 14): its own full-page layout; signed out it sends the payer to
// the seller's course sign-in (/s/{seller}/sign_in), which the storefront serves.
const coursePlayer = createRoute({
  getParentRoute: () => rootRoute,
  path: '/s/$seller/courses/$slug',
  validateSearch: (search: Record<string, unknown>): { lesson?: number } => (Number(search.lesson) > 0 ? { lesson: Number(search.lesson) } : {}),
  component: lazyRouteComponent(withFullStyles(() => import('../features/course-player/routes/course-player-page')), 'CoursePlayerPage'),
})

const routeTree = rootRoute.addChildren([publicLayout.addChildren(publicRoutes), coursePlayer, cabinet, publish, reseller, teamMember, payer, admin])

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  defaultErrorComponent: RouteError,
  defaultPendingComponent: RoutePending,
  defaultPendingMs: 300,
  scrollRestoration: true,
})

// A route change cancels the calls of the page being left (docs/reference/accounts-and-orders.md §4); exempt calls go on.
router.subscribe('onBeforeNavigate', (event) => {
  if (event.fromLocation && event.pathChanged) api.cancelRouteRequests()
})

setApiNavigator(async (path) => {
  await router.navigate({ href: path })
})
