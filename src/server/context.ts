import type { LocaleCode } from '../shared/schemas/accounts'
import { featureFlags, type FeatureFlag } from '../shared/accounts'
import { AppError } from '../shared/errors'
import type { Actor } from './auth/permissions'
import type { Db } from './db/client'
import type { AppDeps } from './deps'

/** What every use case receives first: who asks, for which seller, in which language, at what time. */
export type Ctx = {
  deps: AppDeps
  db: Db
  requestId: string
  ip: string
  userAgent: string | undefined
  locale: LocaleCode
  actor: Actor | null
  /** The effective feature flags of the seller the request acts for (plan under overrides), read on every request. */
  sellerFeatures: Record<string, boolean>
  /** Business time (the test clock's, when on). */
  now: Date
  /** Real time: sessions and tokens. */
  realNow: Date
}

export function featureEnabled(ctx: Pick<Ctx, 'sellerFeatures'>, flag: FeatureFlag): boolean {
  return ctx.sellerFeatures[flag] ?? featureFlags[flag]
}

export function assertFeature(ctx: Pick<Ctx, 'sellerFeatures'>, flag: FeatureFlag): void {
  if (featureEnabled(ctx, flag)) return
  const error = new AppError('feature_disabled', `The ${flag} feature is not enabled for this seller`)
  error.details = { flag }
  throw error
}

export function requireActor(ctx: Ctx): Actor {
  if (!ctx.actor) throw new AppError('missing_access_token', 'Sign in to continue')
  return ctx.actor
}

/** A context for jobs, scripts and tests: nobody signed in. */
export function systemContext(deps: AppDeps, overrides: Partial<Ctx> = {}): Ctx {
  return {
    deps, db: deps.db, requestId: 'system', ip: '127.0.0.1', userAgent: undefined, locale: 'en', actor: null,
    sellerFeatures: {}, now: deps.now(), realNow: deps.realNow(), ...overrides,
  }
}
