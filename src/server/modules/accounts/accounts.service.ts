import { randomUUID } from 'node:crypto'
import { featureFlags, profileEntryOrder, sellerCanSell, sellerDisplayName, type FeatureFlag, type ProfileType } from '../../../shared/accounts'
import type { SellingMode } from '../../../shared/resellers'
import { AppError } from '../../../shared/errors'
import type {
  aboutYouInput, changeEmailInput, changePasswordInput, createProfileInput, deactivateInput, magicLinkRequestInput,
  ProfileOutput, resetPasswordInput, SessionOutput, SignInInput, signUpInput, TokensOutput, updateMeInput, UserOutput,
} from '../../../shared/schemas/accounts'
import { zUsername } from '../../../shared/validation'
import { int4Max } from '../../../shared/validation/storable'
import type { z } from 'zod'
import type { Actor } from '../../auth/permissions'
import type { Ctx } from '../../context'
import type { AppDeps } from '../../deps'
import type { Executor } from '../../db/client'
import { guessCounterKey, limitGuesses, type GuessLimit } from '../../plugins/rate-limits'
import * as email from '../email/email.service'
import { dummyPasswordHash, hashPassword, verifyPassword } from './accounts.passwords'
import * as paymentSettings from '../payment-settings/payment-settings.service'
import * as repo from './accounts.repository'
import * as adminRepo from './admin-users.repository'
import { assertTransition } from '../../../shared/states/transitions'
import { accountTransitions, deletionTransitions, type AccountState, type DeletionState } from '../../../shared/states/account'
import { hashToken, randomToken, signAccessToken, verifyAccessToken } from './accounts.tokens'
import { isUniqueViolation } from '../../db/unique-violation'

// Accounts and sessions (docs/reference/accounts-and-orders.md §2 to §5, §8). Each exported function is one use case.

const tokenLifetimeSeconds = { confirmation: 3 * 86400, reset_password: 2 * 3600, magic_link: 15 * 60, change_email: 3 * 86400 } as const
type MailTokenKind = keyof typeof tokenLifetimeSeconds

export function missingAccessToken() {
  return new AppError('missing_access_token', 'Sign in to continue')
}

// ---------------------------------------------------------------- request actor

/**
 * Resolves the Authorization header to the actor; a revoked session or a gone user is an invalid token.
 * The profile in use is the session's (switching it takes effect for every token of the session at once,
 * so a renewal racing a switch cannot bring the old profile back), or, when the request names a seller
 * (`X-Seller-Id`), the user's profile for that seller. The profile is read on every request, so a removed
 * team member loses access with the next call (docs/decisions/0053-team-members.md): a seller the user
 * does not (or no longer) work for answers 404 on the seller's routes.
 */
export async function resolveActor(
  ctx: Ctx, authorization: string, request: { actForSellerId?: string | undefined; sellerArea?: boolean; adminToken?: string | undefined } = {},
): Promise<{ actor: Actor; sellerFeatures: Record<string, boolean> }> {
  const claims = await verifyAccessToken(ctx.deps.jwtKey, authorization, ctx.realNow)
  const rows = await repo.loadActorRows(ctx.db, claims.sessionId)
  // A blocked account's tokens stop working with its next request (docs/decisions/0056-managers-admin-mode.md).
  if (!rows || rows.session.revokedAt || rows.user.id !== claims.userId || rows.user.accountState !== 'active' || rows.user.blockedAt) {
    throw new AppError('invalid_access_token', 'The session has ended')
  }
  if (request.adminToken !== undefined) return resolveAdminMode(ctx, rows.user.id, rows.session.id, request.adminToken, request)
  return actorOf(ctx, rows.user, rows.session.id, rows.profile, request)
}

type ActorProfile = Awaited<ReturnType<typeof repo.loadActorRows>> extends infer R ? R extends { profile: infer P } ? P : never : never

async function actorOf(
  ctx: Ctx, user: repo.UserRow, sessionId: string, sessionProfile: ActorProfile,
  request: { actForSellerId?: string | undefined; sellerArea?: boolean }, adminMode?: Actor['adminMode'],
): Promise<{ actor: Actor; sellerFeatures: Record<string, boolean> }> {
  let profile = sessionProfile
  if (request.actForSellerId !== undefined) {
    const sellerId = Number(request.actForSellerId)
    const named = /^[1-9][0-9]{0,9}$/.test(request.actForSellerId) && sellerId <= int4Max ? await repo.findWorkProfile(ctx.db, user.id, sellerId) : undefined
    if (!named) throw notWorkingFor()
    profile = named
  } else if (profile?.endedAt && request.sellerArea) {
    throw notWorkingFor()
  }
  const ended = profile?.endedAt != null
  return {
    actor: {
      userId: user.id,
      sessionId,
      profileId: profile?.id ?? null,
      profileType: (profile?.type as ProfileType | undefined) ?? null,
      sellerId: profile?.sellerBlocked || ended ? null : profile?.sellerId ?? null,
      permissions: ended ? [] : profile?.permissions ?? [],
      confirmed: user.confirmedAt != null,
      ...(adminMode ? { adminMode } : {}),
    },
    sellerFeatures: profile?.sellerFeatures ?? {},
  }
}

export const adminModeCookie = 'admin_access_token'

function adminModeEnded() {
  return new AppError('admin_mode_ended', 'Admin mode has ended')
}

/**
 * Admin mode (docs/decisions/0056-managers-admin-mode.md): the manager's valid session plus the
 * `admin_access_token` cookie bound to it make the request the user's, naming the manager. The cookie alone
 * is nothing; an expired or ended one, a manager who is no longer one, or a user who can no longer sign in
 * answer 401 `admin_mode_ended` (never silently the manager's own request).
 */
async function resolveAdminMode(
  ctx: Ctx, managerUserId: number, managerSessionId: string, token: string, request: { actForSellerId?: string | undefined; sellerArea?: boolean },
) {
  const session = token ? await adminRepo.findAdminSessionByToken(ctx.db, hashToken(token)) : undefined
  if (!session || session.managerSessionId !== managerSessionId || session.managerUserId !== managerUserId || session.endedAt) throw adminModeEnded()
  if (session.expiresAt <= ctx.realNow) {
    await adminRepo.updateAdminSession(ctx.db, session.id, { endedAt: ctx.realNow, endedReason: 'expired' })
    throw adminModeEnded()
  }
  const user = await repo.findUserById(ctx.db, session.userId)
  if (!user || user.accountState !== 'active' || user.blockedAt || !(await adminRepo.hasManagerProfile(ctx.db, managerUserId))) throw adminModeEnded()
  const profile = session.profileId != null
    ? await adminRepo.findProfileForActor(ctx.db, user.id, session.profileId)
    : await defaultActorProfile(ctx.db, user.id)
  return actorOf(ctx, user, managerSessionId, profile, request, { managerUserId, adminSessionId: session.id })
}

async function defaultActorProfile(db: Executor, userId: number): Promise<ActorProfile> {
  const first = defaultProfile(await repo.listProfiles(db, userId))
  return first ? adminRepo.findProfileForActor(db, userId, first.id) : undefined
}

function notWorkingFor() {
  return new AppError('not_found', 'You do not work for this seller')
}

function requireUser(ctx: Ctx): Actor {
  if (!ctx.actor) throw missingAccessToken()
  return ctx.actor
}

// ---------------------------------------------------------------- outputs

export async function userOutput(ctx: Ctx, db: Executor, user: repo.UserRow, currentProfileId: number | null): Promise<UserOutput> {
  const profiles = await repo.listProfiles(db, user.id)
  const seller = await repo.findSellerByUser(db, user.id)
  const confirmed = user.confirmedAt != null
  // docs/reference/readings.md 23: derived from the seller's providers and the platform's test mode on every read.
  const paymentAccountDone = seller ? await paymentSettings.paymentAccountDone(db, ctx.deps, seller.id) : false
  const legalReviewedAt = seller ? await repo.legalTextsReviewedAt(db, seller.id) : null
  const adminMode = ctx.actor?.adminMode && ctx.actor.userId === user.id ? await adminModeInfo(db, ctx.actor.adminMode) : null
  // The platform plan's flags under the seller's own (docs/decisions/0055-platform-plans.md).
  const features = seller ? await repo.effectiveFeaturesOf(db, seller.id) : {}
  return {
    admin_mode: adminMode,
    id: user.id,
    email: user.email,
    unconfirmed_email: user.unconfirmedEmail,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    locale: user.locale,
    confirmed,
    account_state: user.accountState as UserOutput['account_state'],
    created_at: user.createdAt.toISOString(),
    profiles: profiles.map(profileOutput),
    current_profile_id: currentProfileId,
    seller: seller
      ? {
          id: seller.id,
          username: seller.username,
          can_sell: sellerCanSell({ ...seller, paymentAccountDone, confirmed }),
          payment_account_done: paymentAccountDone,
          power_seller: seller.powerSeller,
          profile_finished: seller.profileFinished,
          // docs/decisions/0042-minimal-checkout-and-legal-texts.md: null until the seller confirms the legal texts.
          legal_texts_reviewed_at: legalReviewedAt?.toISOString() ?? null,
          features: Object.fromEntries(Object.keys(featureFlags).map((flag) => [flag, features[flag] ?? featureFlags[flag as FeatureFlag]])),
        }
      : null,
  }
}

/** Who acts as the user and until when: every page of the web app shows it. */
async function adminModeInfo(db: Executor, adminMode: NonNullable<Actor['adminMode']>): Promise<UserOutput['admin_mode']> {
  const manager = await repo.findUserById(db, adminMode.managerUserId)
  const session = await adminRepo.findAdminSessionById(db, adminMode.adminSessionId)
  if (!manager || !session) return null
  return { manager_name: `${manager.firstName} ${manager.lastName}`.trim(), manager_email: manager.email, expires_at: session.expiresAt.toISOString() }
}

function profileOutput(p: repo.ProfileWithSeller): ProfileOutput {
  return {
    id: p.id, type: p.type as ProfileType, seller_id: p.sellerId, seller_username: p.sellerUsername,
    // the seller's display name, as payers see it (docs/decisions/0043-editor-uploads-and-confirmations.md)
    name: p.sellerName, permissions: p.type === 'team_member' || p.type === 'sales_team_member' ? p.permissions : [], created_at: p.createdAt.toISOString(),
  }
}

/** The profile a new session starts in: the first in the spec's cabinet-entry order. */
function defaultProfile(profiles: repo.ProfileWithSeller[]): repo.ProfileWithSeller | undefined {
  return [...profiles].sort((a, b) => profileEntryOrder.indexOf(a.type as ProfileType) - profileEntryOrder.indexOf(b.type as ProfileType))[0]
}

// ---------------------------------------------------------------- sessions

async function startSession(ctx: Ctx, tx: Executor, user: repo.UserRow, fingerprint: string): Promise<SessionOutput> {
  const profiles = await repo.listProfiles(tx, user.id)
  const profile = defaultProfile(profiles)
  const session = await repo.insertSession(tx, {
    id: randomUUID(), userId: user.id, profileId: profile?.id ?? null, fingerprintHash: hashToken(fingerprint),
    userAgent: ctx.userAgent?.slice(0, 300), ip: ctx.ip, lastUsedAt: ctx.realNow,
  })
  const tokens = await issueTokens(ctx, tx, session.id, user.id)
  await repo.updateUser(tx, user.id, { lastSignInAt: ctx.now })
  return { ...tokens, user: await userOutput(ctx, tx, user, session.profileId) }
}

async function issueTokens(ctx: Ctx, tx: Executor, sessionId: string, userId: number): Promise<TokensOutput> {
  const { config } = ctx.deps
  const access = await signAccessToken(ctx.deps.jwtKey, { userId, sessionId }, ctx.realNow, config.ACCESS_TOKEN_TTL_SECONDS)
  const refreshToken = randomToken()
  const refreshExpiresAt = new Date(ctx.realNow.getTime() + config.REFRESH_TOKEN_TTL_SECONDS * 1000)
  await repo.insertRefreshToken(tx, { sessionId, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiresAt })
  return {
    access_token: access.token, expires_at: access.expiresAt.toISOString(),
    refresh_token: refreshToken, refresh_expires_at: refreshExpiresAt.toISOString(),
  }
}

/**
 * Wrong passwords per account email (docs/decisions/0040-guess-limits.md; RATE_LIMIT_AUTH_EMAIL_FAILURES in
 * RATE_LIMIT_AUTH_WINDOW_SECONDS); the sign-in door is also limited per IP (authRateLimit, every attempt).
 */
function signInGuessLimit(config: Ctx['deps']['config']): GuessLimit {
  return { name: 'sign-in', failures: config.RATE_LIMIT_AUTH_EMAIL_FAILURES, windowSeconds: config.RATE_LIMIT_AUTH_WINDOW_SECONDS }
}
const signInGuessKey = (emailAddress: string) => emailAddress.trim().toLowerCase()

/**
 * Signs in with email and password. Past the wrong passwords allowed for the email every attempt answers
 * 429 with Retry-After until the window ends, the right password too; signing in rightly does not clear
 * the count (only a password reset, which proves the mailbox, does).
 */
export async function signIn(ctx: Ctx, input: SignInInput): Promise<SessionOutput> {
  const { config } = ctx.deps
  const found: { user: repo.UserRow | null } = { user: null }
  await limitGuesses(ctx.deps, signInGuessLimit(config), signInGuessKey(input.email), async () => {
    const user = await repo.findUserByEmail(ctx.db, input.email)
    const valid = user && user.accountState !== 'deleted'
      ? await verifyPassword(user.passwordHash, input.password)
      : (await verifyPassword(await dummyPasswordHash(config.ARGON2_MEMORY_KIB), input.password), false)
    if (valid) found.user = user!
    return valid
  })
  const user = found.user
  if (!user) throw new AppError('invalid_credentials', 'Email or password is wrong')
  if (user.blockedAt) throw new AppError('account_blocked', 'This account is blocked')
  // A deletion a manager started is not undone by signing in (docs/decisions/0056-managers-admin-mode.md).
  if (user.dataHandling === 'deletion_requested') throw new AppError('account_deactivated', 'This account is being deleted')
  return ctx.db.transaction(async (tx) => {
    // Signing in to a deactivated account reactivates it (its data was kept).
    const current = user.accountState === 'deactivated'
      ? await moveAccount(ctx.deps, tx, user, { account: 'active', deletion: 'empty' }, { deactivatedAt: null })
      : user
    return startSession(ctx, tx, current, input.fingerprint)
  })
}

export async function renewToken(ctx: Ctx, input: { refresh_token?: string; fingerprint?: string }): Promise<TokensOutput> {
  if (!input.refresh_token) throw new AppError('missing_refresh_token', 'No refresh token was sent')
  const tokenHash = hashToken(input.refresh_token)
  const outcome = await ctx.db.transaction(async (tx) => {
    const found = await repo.findRefreshToken(tx, tokenHash)
    if (!found) return { error: new AppError('invalid_refresh_token', 'The refresh token is not valid') }
    const { token, session } = found
    if (session.revokedAt) return { error: new AppError('invalid_refresh_token', 'The session has ended') }
    if (token.expiresAt <= ctx.realNow) return { error: new AppError('expired_refresh_token', 'The refresh token has expired') }
    if (!input.fingerprint || hashToken(input.fingerprint) !== session.fingerprintHash) {
      return { error: new AppError('invalid_refresh_token', 'The refresh token belongs to another client') }
    }
    if (!(await repo.markRefreshTokenRotated(tx, token.id, ctx.realNow))) {
      // A token presented after it was exchanged has leaked: end the whole family.
      await repo.revokeSession(tx, session.id, 'refresh_token_reuse', ctx.realNow)
      return { error: new AppError('invalid_refresh_token', 'The refresh token was already used; the session has ended') }
    }
    const user = await repo.findUserById(tx, session.userId)
    if (!user || user.accountState !== 'active' || user.blockedAt) return { error: new AppError('invalid_refresh_token', 'The account is not active') }
    await repo.updateSession(tx, session.id, { lastUsedAt: ctx.realNow })
    return { tokens: await issueTokens(ctx, tx, session.id, session.userId) }
  })
  // Errors are answered after commit so a detected reuse stays revoked.
  if (outcome.error) throw outcome.error
  return outcome.tokens!
}

/** Ends the session; a manager's admin mode ends with the manager's session (docs/decisions/0056-managers-admin-mode.md). */
export async function signOut(ctx: Ctx): Promise<void> {
  const actor = requireUser(ctx)
  await ctx.db.transaction(async (tx) => {
    await repo.revokeSession(tx, actor.sessionId, 'signed_out', ctx.realNow)
    await adminRepo.endAdminSessions(tx, { managerSessionId: actor.sessionId }, 'signed_out', ctx.realNow)
  })
}

export async function switchProfile(ctx: Ctx, profileId: number): Promise<{ access_token: string; expires_at: string; user: UserOutput }> {
  const actor = requireUser(ctx)
  return ctx.db.transaction(async (tx) => {
    const profiles = await repo.listProfiles(tx, actor.userId)
    // A profile of someone else is answered like one that does not exist.
    if (!profiles.some((p) => p.id === profileId)) throw new AppError('not_found', 'No such profile')
    // In admin mode the switch is the admin session's; the manager's own session keeps its profile.
    if (actor.adminMode) await adminRepo.updateAdminSession(tx, actor.adminMode.adminSessionId, { profileId })
    else await repo.updateSession(tx, actor.sessionId, { profileId })
    const tokenUserId = actor.adminMode?.managerUserId ?? actor.userId
    const access = await signAccessToken(ctx.deps.jwtKey, { userId: tokenUserId, sessionId: actor.sessionId }, ctx.realNow, ctx.deps.config.ACCESS_TOKEN_TTL_SECONDS)
    const user = (await repo.findUserById(tx, actor.userId))!
    return { access_token: access.token, expires_at: access.expiresAt.toISOString(), user: await userOutput(ctx, tx, user, profileId) }
  })
}

// ---------------------------------------------------------------- sign up and profiles


/** A free seller username derived from a wish (the given username, else the name), made unique with a number. */
async function freeSellerUsername(tx: Executor, wish: string): Promise<string> {
  let base = wish.normalize('NFKD').replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^[^A-Za-z]+/, '').replace(/-+$/, '').slice(0, 40).toLowerCase()
  if (base.length < 3) base = `seller-${base}`.replace(/-+$/, '')
  for (let n = 0; n < 1000; n++) {
    const candidate = n === 0 ? base : `${base}-${n + 1}`
    if (!(await repo.usernameInUse(tx, candidate))) return candidate
  }
  return `${base}-${randomToken(4).toLowerCase().replace(/[^a-z0-9]/g, '')}`
}

async function createProfileRows(ctx: Ctx, tx: Executor, user: repo.UserRow, type: 'seller' | 'payer' | 'publisher' | 'platform_affiliate' | 'manager' | 'reseller') {
  if (type === 'seller') {
    const existing = await repo.findSellerByUser(tx, user.id)
    const seller = existing ?? await repo.insertSeller(tx, {
      userId: user.id,
      username: user.username && !(await repo.usernameInUse(tx, user.username, user.id)) ? user.username : await freeSellerUsername(tx, user.username ?? `${user.firstName}-${user.lastName}`),
    })
    return repo.insertProfile(tx, { userId: user.id, type, sellerId: seller.id })
  }
  return repo.insertProfile(tx, { userId: user.id, type })
}

async function createMailToken(ctx: Ctx, tx: Executor, userId: number, kind: MailTokenKind, data?: Record<string, unknown>): Promise<string> {
  const token = randomToken()
  await repo.insertUserToken(tx, {
    userId, kind, tokenHash: hashToken(token), data, expiresAt: new Date(ctx.realNow.getTime() + tokenLifetimeSeconds[kind] * 1000),
  })
  return token
}

const link = (ctx: Ctx, path: string) => `${ctx.deps.config.appUrl}${path}`

export async function signUp(ctx: Ctx, input: z.output<typeof signUpInput>): Promise<SessionOutput & { preview_url?: string }> {
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await repo.emailInUse(tx, input.email)) throw new AppError('email_taken', 'email_taken', [{ path: 'email', message: 'email_taken' }])
      if (input.username && (await repo.usernameInUse(tx, input.username))) {
        throw new AppError('username_taken', 'username_taken', [{ path: 'username', message: 'username_taken' }])
      }
      const user = await repo.insertUser(tx, {
        email: input.email, passwordHash, firstName: input.first_name, lastName: input.last_name,
        username: input.username ?? null, locale: input.locale ?? ctx.locale,
      })
      await createProfileRows(ctx, tx, user, input.profile_type)
      const token = await createMailToken(ctx, tx, user.id, 'confirmation')
      const mail = await email.queueEmail(ctx.deps, tx, {
        to: user.email, kind: 'confirmation', locale: user.locale, userId: user.id, firstName: user.firstName,
        link: link(ctx, `/users/confirmation?confirmation_token=${token}`),
      })
      const session = await startSession(ctx, tx, user, input.fingerprint)
      const preview = email.mailPreviewUrl(ctx.deps, mail)
      return preview ? { ...session, preview_url: preview } : session
    })
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser hears email_taken.
    if (isUniqueViolation(error, 'users_email_lower_unique')) throw new AppError('email_taken', 'email_taken', [{ path: 'email', message: 'email_taken' }])
    if (isUniqueViolation(error)) throw new AppError('username_taken', 'username_taken', [{ path: 'username', message: 'username_taken' }])
    throw error
  }
}

export async function createProfile(ctx: Ctx, input: z.infer<typeof createProfileInput>): Promise<ProfileOutput> {
  const actor = requireUser(ctx)
  return ctx.db.transaction(async (tx) => {
    const user = (await repo.lockUser(tx, actor.userId))!
    const profiles = await repo.listProfiles(tx, user.id)
    if (profiles.some((p) => p.type === input.type)) throw new AppError('profile_exists', 'You already have this profile')
    const created = await createProfileRows(ctx, tx, user, input.type)
    const withSeller = (await repo.listProfiles(tx, user.id)).find((p) => p.id === created.id)!
    return profileOutput(withSeller)
  })
}

export async function getMe(ctx: Ctx): Promise<UserOutput> {
  const actor = requireUser(ctx)
  const user = (await repo.findUserById(ctx.db, actor.userId))!
  return userOutput(ctx, ctx.db, user, actor.profileId)
}

export async function updateMe(ctx: Ctx, input: z.infer<typeof updateMeInput>): Promise<UserOutput> {
  const actor = requireUser(ctx)
  try {
    return await ctx.db.transaction(async (tx) => {
      if (input.username && (await repo.usernameInUse(tx, input.username, actor.userId))) {
        throw new AppError('username_taken', 'username_taken', [{ path: 'username', message: 'username_taken' }])
      }
      const user = await repo.updateUser(tx, actor.userId, {
        firstName: input.first_name, lastName: input.last_name, username: input.username, locale: input.locale,
      })
      return userOutput(ctx, tx, user, actor.profileId)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('username_taken', 'username_taken', [{ path: 'username', message: 'username_taken' }])
    throw error
  }
}

export async function saveAboutYou(ctx: Ctx, input: z.infer<typeof aboutYouInput>): Promise<UserOutput> {
  const actor = requireUser(ctx)
  return ctx.db.transaction(async (tx) => {
    const user = await repo.updateUser(tx, actor.userId, { aboutYou: input })
    const seller = await repo.findSellerByUser(tx, actor.userId)
    if (seller) {
      await repo.updateSeller(tx, seller.id, {
        businessType: input.business_type, company: input.company ?? null, phone: input.phone ?? null, countryCode: input.country_code,
      })
    }
    return userOutput(ctx, tx, user, actor.profileId)
  })
}

// ---------------------------------------------------------------- availability

export async function checkEmail(ctx: Ctx, address: string): Promise<{ available: boolean }> {
  return { available: !(await repo.emailInUse(ctx.db, address)) }
}

export async function checkUsername(ctx: Ctx, username: string): Promise<{ available: boolean; message?: string }> {
  const parsed = zUsername.safeParse(username)
  if (!parsed.success) return { available: false, message: parsed.error.issues[0]?.message ?? 'invalid_username' }
  const taken = await repo.usernameInUse(ctx.db, parsed.data, ctx.actor?.userId)
  return taken ? { available: false, message: 'username_taken' } : { available: true }
}

// ---------------------------------------------------------------- mail tokens

async function consume(ctx: Ctx, tx: Executor, kind: MailTokenKind, token: string) {
  const row = await repo.consumeUserToken(tx, kind, hashToken(token), ctx.realNow)
  if (!row) throw new AppError('invalid_token', 'This link is not valid or was already used')
  if (row.expiresAt <= ctx.realNow) throw new AppError('expired_token', 'This link has expired; ask for a new one')
  return row
}

export async function confirmEmail(ctx: Ctx, token: string): Promise<UserOutput> {
  return ctx.db.transaction(async (tx) => {
    const row = await consume(ctx, tx, 'confirmation', token)
    const user = (await repo.findUserById(tx, row.userId))!
    const confirmed = user.confirmedAt ? user : await repo.updateUser(tx, user.id, { confirmedAt: ctx.now })
    return userOutput(ctx, tx, confirmed, ctx.actor?.userId === user.id ? ctx.actor.profileId : null)
  })
}

/** Answers the stored mail's page in mail preview mode (docs/decisions/0041-first-ten-minutes.md). */
export async function resendConfirmation(ctx: Ctx, address: string): Promise<string | undefined> {
  return ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, address)
    // Unknown or already confirmed addresses get the same silent answer: no account enumeration.
    if (!user || user.confirmedAt || user.accountState !== 'active') return
    await repo.expireUserTokens(tx, user.id, 'confirmation', ctx.now)
    const token = await createMailToken(ctx, tx, user.id, 'confirmation')
    const mail = await email.queueEmail(ctx.deps, tx, {
      to: user.email, kind: 'confirmation', locale: user.locale, userId: user.id, firstName: user.firstName,
      link: link(ctx, `/users/confirmation?confirmation_token=${token}`),
    })
    return email.mailPreviewUrl(ctx.deps, mail)
  })
}

export async function sendMagicLink(ctx: Ctx, input: z.infer<typeof magicLinkRequestInput>): Promise<string | undefined> {
  return ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, input.email)
    if (!user || user.accountState === 'deleted') return
    const token = await createMailToken(ctx, tx, user.id, 'magic_link', { profile_type: input.profile_type ?? null })
    // from the seller's course sign-in, the link brings the payer back to the course player
    const back = input.return_to ? `&return_to=${encodeURIComponent(input.return_to)}` : ''
    const mail = await email.queueEmail(ctx.deps, tx, {
      to: user.email, kind: 'magic_link', locale: user.locale, userId: user.id, firstName: user.firstName,
      link: link(ctx, `/users/sign_in?magic_link_token=${token}${back}`),
    })
    return email.mailPreviewUrl(ctx.deps, mail)
  })
}

export async function signInWithMagicLink(ctx: Ctx, input: { token: string; fingerprint: string }): Promise<SessionOutput> {
  return ctx.db.transaction(async (tx) => {
    const row = await consume(ctx, tx, 'magic_link', input.token)
    let user = (await repo.findUserById(tx, row.userId))!
    if (user.accountState === 'deleted') throw new AppError('invalid_token', 'This link is not valid')
    // Opening the mail proves the address, and signing in reactivates a deactivated account.
    user = await repo.updateUser(tx, user.id, {
      confirmedAt: user.confirmedAt ?? ctx.now, accountState: 'active', dataHandling: user.accountState === 'deactivated' ? 'empty' : user.dataHandling,
      deactivatedAt: null,
    })
    return startSession(ctx, tx, user, input.fingerprint)
  })
}

export async function requestPasswordReset(ctx: Ctx, address: string): Promise<string | undefined> {
  return ctx.db.transaction(async (tx) => {
    const user = await repo.findUserByEmail(tx, address)
    if (!user || user.accountState === 'deleted') return
    await repo.expireUserTokens(tx, user.id, 'reset_password', ctx.now)
    const token = await createMailToken(ctx, tx, user.id, 'reset_password')
    const mail = await email.queueEmail(ctx.deps, tx, {
      to: user.email, kind: 'reset_password', locale: user.locale, userId: user.id, firstName: user.firstName,
      link: link(ctx, `/users/password/edit?reset_password_token=${token}`),
    })
    return email.mailPreviewUrl(ctx.deps, mail)
  })
}

export async function resetPassword(ctx: Ctx, input: z.infer<typeof resetPasswordInput>): Promise<void> {
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  const address = await ctx.db.transaction(async (tx) => {
    const row = await consume(ctx, tx, 'reset_password', input.token)
    const user = (await repo.findUserById(tx, row.userId))!
    // The mail proves the address too; every session ends, as the old password may be known to someone.
    await repo.updateUser(tx, user.id, { passwordHash, confirmedAt: user.confirmedAt ?? ctx.now })
    await repo.revokeUserSessions(tx, user.id, 'password_reset', ctx.now)
    return user.email
  })
  await ctx.deps.counters.reset(guessCounterKey(signInGuessLimit(ctx.deps.config), signInGuessKey(address)))
}

export async function changePassword(ctx: Ctx, input: z.infer<typeof changePasswordInput>): Promise<void> {
  const actor = requireUser(ctx)
  const user = (await repo.findUserById(ctx.db, actor.userId))!
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    throw new AppError('invalid_credentials', 'The current password is wrong', [{ path: 'current_password', message: 'wrong_password' }])
  }
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  await ctx.db.transaction(async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash })
    await repo.revokeUserSessions(tx, user.id, 'password_changed', ctx.now, actor.sessionId)
    await email.queueEmail(ctx.deps, tx, { to: user.email, kind: 'password_changed', locale: user.locale, userId: user.id, firstName: user.firstName })
  })
}

export async function requestEmailChange(ctx: Ctx, input: z.infer<typeof changeEmailInput>): Promise<void> {
  const actor = requireUser(ctx)
  const user = (await repo.findUserById(ctx.db, actor.userId))!
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new AppError('invalid_credentials', 'The password is wrong', [{ path: 'password', message: 'wrong_password' }])
  }
  await ctx.db.transaction(async (tx) => {
    if (await repo.emailInUse(tx, input.email)) throw new AppError('email_taken', 'email_taken', [{ path: 'email', message: 'email_taken' }])
    await repo.expireUserTokens(tx, user.id, 'change_email', ctx.now)
    await repo.updateUser(tx, user.id, { unconfirmedEmail: input.email })
    const token = await createMailToken(ctx, tx, user.id, 'change_email', { email: input.email })
    await email.queueEmail(ctx.deps, tx, {
      to: input.email, kind: 'change_email', locale: user.locale, userId: user.id, firstName: user.firstName, newEmail: input.email,
      link: link(ctx, `/users/confirmation?change_email_token=${token}`),
    })
    await email.queueEmail(ctx.deps, tx, {
      to: user.email, kind: 'email_changed_notice', locale: user.locale, userId: user.id, firstName: user.firstName, newEmail: input.email,
    })
  })
}

export async function acceptEmailChange(ctx: Ctx, token: string): Promise<UserOutput> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const row = await consume(ctx, tx, 'change_email', token)
      const newEmail = String(row.data?.email ?? '')
      const user = (await repo.findUserById(tx, row.userId))!
      const other = await repo.findUserByEmail(tx, newEmail)
      if (!newEmail || (other && other.id !== user.id)) throw new AppError('email_taken', 'email_taken')
      const updated = await repo.updateUser(tx, user.id, { email: newEmail, unconfirmedEmail: null, confirmedAt: ctx.now })
      return userOutput(ctx, tx, updated, ctx.actor?.userId === user.id ? ctx.actor.profileId : null)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('email_taken', 'email_taken')
    throw error
  }
}

// ---------------------------------------------------------------- deactivation and deletion

/** Why an account cannot be deleted now. Later capabilities (open orders, balances) add their reasons here. */
export async function deletionBlockers(ctx: Ctx, tx: Executor, userId: number): Promise<string[]> {
  const blockers: string[] = []
  const profiles = await repo.listProfiles(tx, userId)
  if (profiles.some((p) => p.type === 'manager') && (await repo.countProfilesOfType(tx, 'manager')) <= 1) blockers.push('last_manager')
  // A balance, a payout on its way or an open plan (ports/money-out.ts, the payouts module's).
  blockers.push(...await ctx.deps.moneyOut.deletionBlockers(ctx.deps, tx, userId))
  return blockers
}

/** Who a user is, for mails and the managers' lists (null when there is no such user). */
export async function userContact(db: Executor, userId: number): Promise<{ id: number; email: string; firstName: string; lastName: string; locale: string } | null> {
  const user = await repo.findUserById(db, userId)
  return user ? { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName, locale: user.locale } : null
}

/** The seller account a user owns, if any. */
export async function sellerOfUser(db: Executor, userId: number): Promise<number | null> {
  return (await repo.findSellerByUser(db, userId))?.id ?? null
}

// ---------------------------------------------------------------- resellers (docs/decisions/0051-resellers.md)

/** The user with this address (any case), for a manager making them a reseller. */
export async function userIdByEmail(db: Executor, address: string): Promise<number | null> {
  return (await repo.findUserByEmail(db, address))?.id ?? null
}

/** Gives a user the `reseller` profile (once); the resellers module calls it when a manager creates a reseller. */
export async function grantResellerProfile(tx: Executor, userId: number): Promise<void> {
  await repo.insertProfileIfAbsent(tx, { userId, type: 'reseller' })
}

export type SellingTerms = { sellerId: number; sellingMode: SellingMode; resellerId: number | null; name: string; username: string; features: Record<string, boolean> }

/** A seller's selling mode with its reseller; `lock` holds the seller row for a change or a checkout's read. */
export async function sellingTermsOf(db: Executor, sellerId: number, options: { lock?: boolean } = {}): Promise<SellingTerms | null> {
  const seller = options.lock ? await repo.lockSellerById(db, sellerId) : await repo.findSellerById(db, sellerId)
  if (!seller) return null
  const name = sellerDisplayName({ username: seller.username, company: seller.company, firstName: (seller.profile as { first_name?: string } | null)?.first_name, lastName: (seller.profile as { last_name?: string } | null)?.last_name })
  return { sellerId: seller.id, sellingMode: seller.sellingMode as SellingMode, resellerId: seller.resellerId, name, username: seller.username, features: seller.features }
}

/** The one writer of a seller's selling mode (the resellers module decides when; the row stays ours). */
export async function setSellingMode(tx: Executor, sellerId: number, mode: SellingMode, resellerId: number | null, now: Date): Promise<void> {
  await repo.updateSeller(tx, sellerId, { sellingMode: mode, resellerId: mode === 'selling_via_reseller' ? resellerId : null, updatedAt: now })
}

/** The user who owns a seller account (its payouts and identity are theirs). */
export async function sellerOwnerUserId(db: Executor, sellerId: number): Promise<number | null> {
  return (await repo.findSellerById(db, sellerId))?.userId ?? null
}

export async function deletionStatus(ctx: Ctx) {
  const actor = requireUser(ctx)
  const user = (await repo.findUserById(ctx.db, actor.userId))!
  const blockers = await deletionBlockers(ctx, ctx.db, user.id)
  return {
    start_step: blockers.length > 0 ? -1 : 0,
    can_delete: blockers.length === 0,
    blockers,
    account_state: user.accountState as 'active' | 'deactivated' | 'deleted',
  }
}

async function verifyOwnPassword(ctx: Ctx, userId: number, password: string) {
  const user = (await repo.findUserById(ctx.db, userId))!
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('invalid_credentials', 'The password is wrong', [{ path: 'password', message: 'wrong_password' }])
  }
  return user
}

export async function deactivate(ctx: Ctx, input: z.infer<typeof deactivateInput>): Promise<void> {
  const actor = requireUser(ctx)
  const user = await verifyOwnPassword(ctx, actor.userId, input.password)
  await ctx.db.transaction(async (tx) => {
    const locked = (await repo.lockUser(tx, user.id))!
    await moveAccount(ctx.deps, tx, locked, { account: 'deactivated', deletion: 'inactive_plan' }, {
      deactivatedAt: ctx.now, deletionReason: input.reason, deletionComment: input.comment ?? null,
    })
    await repo.revokeUserSessions(tx, user.id, 'deactivated', ctx.now)
    await email.queueEmail(ctx.deps, tx, { to: user.email, kind: 'account_deactivated', locale: user.locale, userId: user.id, firstName: user.firstName })
  })
}

/** Deletes an account: personal data is scrambled, not silently lost, so records that must stay still add up. */
export async function deleteAccount(ctx: Ctx, input: z.infer<typeof deactivateInput>): Promise<void> {
  const actor = requireUser(ctx)
  const user = await verifyOwnPassword(ctx, actor.userId, input.password)
  await ctx.db.transaction(async (tx) => {
    const locked = (await repo.lockUser(tx, user.id))!
    await scrambleAccount(ctx, tx, locked, { reason: input.reason, comment: input.comment ?? null })
  })
}

/**
 * The one writer of an account's state and deletion state: both moves are checked against their tables
 * (src/shared/states/account.ts); `values` are the columns that go with the move.
 */
export async function moveAccount(
  deps: AppDeps, tx: Executor, user: repo.UserRow, to: { account?: AccountState; deletion?: DeletionState }, values: Partial<repo.UserRow> = {},
): Promise<repo.UserRow> {
  const from = { account: user.accountState as AccountState, deletion: user.dataHandling as DeletionState }
  if (to.account && to.account !== from.account) assertTransition(accountTransitions, from.account, to.account, 'The account state')
  if (to.deletion && to.deletion !== from.deletion) assertTransition(deletionTransitions, from.deletion, to.deletion, 'The deletion state')
  const moved = await repo.updateUser(tx, user.id, { ...values, ...(to.account ? { accountState: to.account } : {}), ...(to.deletion ? { dataHandling: to.deletion } : {}) })
  const after = { account: moved.accountState as AccountState, deletion: moved.dataHandling as DeletionState }
  // Other modules react through the port (ports/account-moves.ts): a deactivated seller's platform plan goes on hold.
  if (after.account !== from.account || after.deletion !== from.deletion) await deps.accountMoves.emit(deps, tx, { userId: user.id, from, to: after })
  return moved
}

/**
 * Deletes a locked account in the caller's transaction (the user's own deletion and a manager's completed
 * one): blockers refuse it; identity and bank data go; personal data is scrambled, so records that must stay
 * still add up; every session ends.
 */
export async function scrambleAccount(ctx: Ctx, tx: Executor, user: repo.UserRow, why: { reason: string | null; comment: string | null }): Promise<repo.UserRow> {
  const blockers = await deletionBlockers(ctx, tx, user.id)
  if (blockers.length > 0) throw new AppError('deletion_not_possible', `The account cannot be deleted now: ${blockers.join(', ')}`)
  // Identity documents and bank details go with the account (ports/money-out.ts).
  await ctx.deps.moneyOut.forgetUser(ctx.deps, tx, user.id)
  // The goodbye mail goes to the real address before it is scrambled.
  await email.queueEmail(ctx.deps, tx, { to: user.email, kind: 'account_deleted', locale: user.locale, userId: user.id, firstName: user.firstName })
  const updated = await moveAccount(ctx.deps, tx, user, { account: 'deleted', deletion: 'data_scrambled' }, {
    email: `deleted-${user.id}@deleted.invalid`, unconfirmedEmail: null, username: null,
    firstName: 'Deleted', lastName: 'User', passwordHash: `!deleted:${randomToken(16)}`, aboutYou: null,
    deletedAt: ctx.now, deletionReason: why.reason ?? user.deletionReason, deletionComment: why.comment ?? user.deletionComment,
  })
  const seller = await repo.findSellerByUser(tx, user.id)
  // The shop header's bio and images are the seller's own words and pictures: dropped with the account
  // (docs/decisions/0046-seller-presence.md; their webp bytes are not yet removed).
  if (seller) await repo.updateSeller(tx, seller.id, { username: `deleted-${seller.id}`, phone: null, company: null, blocked: true, bio: null, avatar: null, banner: null })
  await repo.revokeUserSessions(tx, user.id, 'deleted', ctx.now)
  await adminRepo.endAdminSessions(tx, { userId: user.id }, 'deleted', ctx.now)
  return updated
}

// ---------------------------------------------------------------- team member profiles (teams module)

/** Makes (or opens again) the user's team member profile for the seller, holding these actions. */
export async function openTeamMemberProfile(
  tx: Executor, input: { userId: number; sellerId: number; permissions: string[] }, type: 'team_member' | 'sales_team_member' = 'team_member',
): Promise<number> {
  return (await repo.upsertTeamMemberProfile(tx, input, type)).id
}

/** Sets the actions a team member profile holds; they apply from the profile's next request. */
export async function setTeamMemberPermissions(tx: Executor, profileId: number, permissions: string[]): Promise<void> {
  await repo.updateTeamMemberProfile(tx, profileId, { permissions })
}

/** Ends a team member profile: from the next request it acts for no one (tokens included). */
export async function endTeamMemberProfile(tx: Executor, profileId: number, now: Date): Promise<void> {
  await repo.updateTeamMemberProfile(tx, profileId, { permissions: [], endedAt: now })
}

// ---------------------------------------------------------------- managers and demo

/** Creates a confirmed user with a manager profile, or adds the profile to an existing user. */
export async function ensureManager(ctx: Ctx, input: { email: string; password: string; firstName: string; lastName: string }) {
  return ensureUserWithProfile(ctx, input, 'manager')
}

/** A confirmed demo publisher (the demo's affiliate program), with the demo seller's password. */
export async function ensureDemoPublisher(ctx: Ctx, input: { email: string; password: string; firstName: string; lastName: string }) {
  return ensureUserWithProfile(ctx, input, 'publisher')
}

/** Turns one feature flag of a seller on or off (the demo; managers' overrides of src/shared/accounts.ts defaults). */
export async function setSellerFeature(db: Executor, sellerId: number, flag: FeatureFlag, on: boolean): Promise<void> {
  const seller = await repo.findSellerById(db, sellerId)
  if (seller && seller.features[flag] !== on) await repo.updateSeller(db, sellerId, { features: { ...seller.features, [flag]: on } })
}

/** A confirmed demo reseller user (docs/decisions/0051-resellers.md), with the demo seller's password. */
export async function ensureDemoResellerUser(ctx: Ctx, input: { email: string; password: string; firstName: string; lastName: string }) {
  return ensureUserWithProfile(ctx, input, 'reseller')
}

/** A confirmed demo user without a profile of its own (the demo team member, docs/decisions/0053-team-members.md), made once. */
export async function ensureDemoUser(ctx: Ctx, input: { email: string; password: string; firstName: string; lastName: string }): Promise<number> {
  const existing = await repo.findUserByEmail(ctx.db, input.email)
  if (existing) return existing.id
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  const user = await repo.insertUser(ctx.db, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, confirmedAt: ctx.now })
  return user.id
}

/** A confirmed user with a profile of this type, made once; `created` when the user is new. */
async function ensureUserWithProfile(ctx: Ctx, input: { email: string; password: string; firstName: string; lastName: string }, type: 'manager' | 'publisher' | 'reseller') {
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  return ctx.db.transaction(async (tx) => {
    let user = await repo.findUserByEmail(tx, input.email)
    user ??= await repo.insertUser(tx, {
      email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, confirmedAt: ctx.now,
    })
    const profiles = await repo.listProfiles(tx, user.id)
    if (!profiles.some((p) => p.type === type)) await createProfileRows(ctx, tx, user, type)
    return { userId: user.id, created: profiles.length === 0 }
  })
}

/** A finished seller profile for the demo seller (docs/reference/accounts-and-orders.md §5). */
const demoSellerProfile = {
  business_type: 'natural', vat_payer: 'exempt', vat_exempt_reason: 'small_business', salutation: 'none', first_name: 'Demo', last_name: 'Seller',
  phone: '+49 30 1234567', street: 'Musterstraße', street_number: '1', zip: '10115', city: 'Berlin', country_code: 'DE',
  birthday: '01.01.1990', tax_number_type: 'number', tax_number: '21/815/08150', tax_number_country: 'DE',
}

/** The demo seller of `npm start`: confirmed, with a seller and a payer profile. Does nothing if present. */
export async function ensureDemoSeller(ctx: Ctx, input: { email: string; username: string; password: string }) {
  const existing = await repo.findUserByEmail(ctx.db, input.email)
  if (existing) return { created: false, userId: existing.id }
  const passwordHash = await hashPassword(input.password, ctx.deps.config.ARGON2_MEMORY_KIB)
  return ctx.db.transaction(async (tx) => {
    const user = await repo.insertUser(tx, {
      email: input.email, username: input.username, passwordHash, firstName: 'Demo', lastName: 'Seller', confirmedAt: ctx.now,
      aboutYou: { business_type: 'natural', country_code: 'DE' },
    })
    const profile = await createProfileRows(ctx, tx, user, 'seller')
    await repo.updateSeller(tx, profile.sellerId!, {
      businessType: 'natural', countryCode: 'DE', company: 'Demo Studio', phone: demoSellerProfile.phone, profile: demoSellerProfile,
    })
    await createProfileRows(ctx, tx, user, 'payer')
    return { created: true, userId: user.id }
  })
}

/**
 * The payer account of a checkout (docs/decisions/0016-orders-exactly-once.md), in the order's transaction: the user with this email (any
 * case), or a new one without a password (the payer signs in by magic link at /s/{seller}/sign_in), with
 * a payer profile. An existing account keeps its names and password.
 */
export async function ensurePayer(tx: Executor, input: { email: string; firstName: string; lastName: string; locale: string }): Promise<number> {
  const id = await repo.upsertPayer(tx, { email: input.email, passwordHash: 'none:payer-signs-in-by-link', firstName: input.firstName, lastName: input.lastName, locale: input.locale })
  if (id !== undefined) return id
  // Another checkout made this payer a moment ago: now it is found.
  await repo.insertUserIfAbsent(tx, {
    email: input.email, passwordHash: 'none:payer-signs-in-by-link', firstName: input.firstName, lastName: input.lastName, locale: input.locale,
  })
  const user = (await repo.findUserByEmail(tx, input.email))!
  await repo.insertProfileIfAbsent(tx, { userId: user.id, type: 'payer' })
  return user.id
}
