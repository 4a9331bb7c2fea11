import { profileArea, profileEntryOrder, type ProfileType } from '../../shared/accounts'

// Which profile works in which back-office area, and where a user lands (docs/reference/accounts-and-orders.md §2, "Cabinet
// entry per profile"). Pure, so the guard and the sign-in redirect are tested without a browser.

export const areas = ['cabinet', 'publish', 'reseller', 'team_member', 'payer', 'admin'] as const
export type Area = (typeof areas)[number]

export type ProfileLike = { id: number; type: ProfileType }
export type UserLike = { profiles: readonly ProfileLike[]; currentProfileId: number | null }

export function areaPath(area: Area): string {
  return `/${area}`
}

/** The area a profile type works in, from `profileArea` in src/shared/accounts.ts. */
export function areaOfProfileType(type: ProfileType): Area {
  return profileArea[type].slice(1) as Area
}

export function profileTypesOfArea(area: Area): ProfileType[] {
  return profileEntryOrder.filter((type) => areaOfProfileType(type) === area)
}

function byEntryOrder(a: ProfileLike, b: ProfileLike): number {
  return profileEntryOrder.indexOf(a.type) - profileEntryOrder.indexOf(b.type)
}

export function sortProfiles<P extends ProfileLike>(profiles: readonly P[]): P[] {
  return [...profiles].sort(byEntryOrder)
}

export function currentProfile<P extends ProfileLike>(user: { profiles: readonly P[]; currentProfileId: number | null }): P | null {
  return user.profiles.find((p) => p.id === user.currentProfileId) ?? null
}

/**
 * The profile to use in an area: the current one when it fits, else the one chosen earlier in this
 * browser when it fits, else the first that fits in entry order.
 */
export function profileForArea<P extends ProfileLike>(
  user: { profiles: readonly P[]; currentProfileId: number | null },
  area: Area,
  preferredId: number | null = null,
): P | null {
  const fits = (p: P) => areaOfProfileType(p.type) === area
  const current = currentProfile(user)
  if (current && fits(current)) return current
  // A team member acts for the chosen seller in that seller's cabinet (docs/decisions/0053-team-members.md).
  if (current && area === 'cabinet' && current.type === 'team_member') return current
  const preferred = user.profiles.find((p) => p.id === preferredId)
  if (preferred && fits(preferred)) return preferred
  return sortProfiles(user.profiles).find(fits) ?? null
}

export function hasProfileType(user: UserLike, type: ProfileType): boolean {
  return user.profiles.some((p) => p.type === type)
}

/**
 * Whether the user works for another seller right now (the current profile is a team member's,
 * docs/decisions/0053-team-members.md): the user's own seller state (`user.seller`) is not this cabinet's then.
 */
export function actsAsTeamMember(user: { profiles: readonly ProfileLike[]; currentProfileId: number | null }): boolean {
  return currentProfile(user)?.type === 'team_member'
}

/** Where a signed-in user starts: the area of the current profile, else of the first profile. */
export function entryPath(user: UserLike): string {
  const profile = currentProfile(user) ?? sortProfiles(user.profiles)[0]
  return profile ? profileArea[profile.type] : '/'
}

/** The area a path belongs to, if any. */
export function areaOfPath(pathname: string): Area | null {
  const first = pathname.split('/')[1] ?? ''
  return (areas as readonly string[]).includes(first) ? (first as Area) : null
}

/**
 * A `return_to` value is followed only when it is a path inside this app: one leading slash (no
 * protocol-relative `//host` or `/\host`), and not back into the sign-in screens.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null
  if (/^\/users\/(sign_in|sign_up)/.test(value)) return null
  return value
}

/** After signing in: the remembered page, or the entry of the user's profile. */
export function destinationAfterSignIn(user: UserLike, returnTo: unknown): string {
  return safeReturnTo(returnTo) ?? entryPath(user)
}
