import type { Config } from './config'
import type { Database, Db } from './db/client'
import type { Jobs } from './jobs/jobs'
import type { Logger } from './logger'
import type { Mailer } from './mail/mailer'
import type { Storage } from './modules/media/storage'
import type { TestClock } from './modules/test-clock/test-clock'
import type { CounterStore } from './plugins/counter-store'
import type { CommissionsPort } from './ports/commissions'
import type { ResellersPort } from './ports/resellers'
import type { MoneyOutPort } from './ports/money-out'
import type { CourseProgressOf } from './ports/course-progress'
import type { RateEvents } from './ports/rate-events'
import type { DealsPort } from './ports/deals'
import type { OrderDeliveryPort } from './ports/order-delivery'
import type { FunnelsPort } from './ports/funnels'
import type { MemberPagesPort } from './ports/member-pages'
import type { SellerBrandingPort } from './ports/seller-branding'
import type { AccountMoves } from './ports/account-moves'
import type { PlatformEvents } from './ports/platform-events'
import type { PlatformSettings } from './modules/platform-settings/platform-settings.store'
import type { Metrics } from './observability/metrics'

/** Everything a use case may need from the outside world, built once per process by main.ts or a test. */
export type AppDeps = {
  config: Config
  /**
   * Home country, fees and test mode: the environment's values unless a manager changed them
   * (docs/decisions/0062-platform-settings.md). Read these here, never from `config`.
   */
  settings: PlatformSettings
  database: Database
  db: Db
  jobs: Jobs<AppDeps>
  mailer: Mailer
  counters: CounterStore
  /** Uploaded files (download files, covers, course media): local disk by default. */
  storage: Storage
  logger: Logger
  /** Business time: billing, delivery and reservation schedules. The real clock plus the test clock's offset. */
  now: () => Date
  /** Real time, for sign-in sessions and tokens, which never follow the test clock; tests move it. */
  realNow: () => Date
  /** The billing test clock (TEST_CLOCK=on); its offset is 0 when off. */
  testClock: TestClock
  jwtKey: Uint8Array
  /** The plan's rate events (ports/rate-events.ts): dunning and billing listen, wired in bootstrap.ts. */
  rateEvents: RateEvents
  /** A payer's progress in a course (the courses module's, handed to the payer area; ports/course-progress.ts). */
  courseProgressOf: CourseProgressOf
  /** An attributed sale's commissions (the affiliates module's, asked by the order store; ports/commissions.ts). */
  commissions: CommissionsPort
  /** Account deletion's questions to the payouts module (ports/money-out.ts). */
  moneyOut: MoneyOutPort
  /** A resold order's reseller, for its detail and invoice (the resellers module's; ports/resellers.ts). */
  resellers: ResellersPort
  /** A deal's order and sales team member (the deals module's; ports/deals.ts). */
  deals: DealsPort
  /** A paid order's delivery in its payment's transaction (the delivery module's, asked by the order store; ports/order-delivery.ts). */
  orderDelivery: OrderDeliveryPort
  /** An order's funnel and node (the funnels module's; ports/funnels.ts). */
  funnels: FunnelsPort
  /** Whether a membership has a member page (the pages module's, asked by the payer area; ports/member-pages.ts). */
  memberPages: MemberPagesPort
  /** A seller's logo, colours and mail footer for the mails to their payers (the customization module's; ports/seller-branding.ts). */
  sellerBranding: SellerBrandingPort
  /** An account's moves (deactivated, reactivated, deleted), told to the platform plans (ports/account-moves.ts), wired in bootstrap.ts. */
  accountMoves: AccountMoves
  /** What happened, for other systems (ports/platform-events.ts): webhooks and integrations listen, wired in bootstrap.ts. */
  platformEvents: PlatformEvents
  /** This process's Prometheus metrics (src/server/observability/metrics.ts, docs/operations.md). */
  metrics: Metrics
}
