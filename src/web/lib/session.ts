import { queryOptions, useQuery } from '@tanstack/react-query'
import type { ProfileOutput, SessionOutput, TokensOutput, UserOutput } from '../../shared/schemas/accounts'
import type { Camelize } from './api-client'
import { api } from './api'
import { queryClient } from './query-client'

// The signed-in user and the session, used by every area: the app layouts, the guard and the features.

export type User = Camelize<UserOutput>
export type Profile = Camelize<ProfileOutput>
export type SessionAnswer = Camelize<SessionOutput>
export type Tokens = Camelize<TokensOutput>
export type SwitchProfileAnswer = { accessToken: string; expiresAt: string; user: User }

export const meKey = ['app', 'user', 'me'] as const

/**
 * The signed-in user, or null when there is no session (no call is made then). Reading the user never
 * navigates by itself: public pages only peek at it, and the area guard and layout send a user whose
 * session ended to sign-in.
 */
export function meQueryOptions() {
  return queryOptions({
    queryKey: meKey,
    queryFn: ({ signal }): Promise<User | null> =>
      api.hasSession() ? api.get<User>('/app/user/me', { signal, silent: true, redirectOnSessionEnd: false }) : Promise.resolve(null),
    staleTime: 60_000,
  })
}

export function useMe() {
  return useQuery(meQueryOptions())
}

export function setMe(user: User): void {
  queryClient.setQueryData(meKey, user)
}

/** Keeps the tokens and the user of a sign-in, sign-up or magic-link answer. */
export function startSession(answer: SessionAnswer): User {
  queryClient.clear()
  api.setTokens(answer)
  if (answer.user.currentProfileId) api.setProfileSelection(answer.user.currentProfileId)
  setMe(answer.user)
  return answer.user
}

/** PUT /app/session/profile: the new access token carries the chosen profile. */
export async function switchProfile(profileId: number): Promise<User> {
  const answer = await api.put<SwitchProfileAnswer>('/app/session/profile', { profileId }, { exempt: true })
  api.setAccessToken(answer.accessToken, answer.expiresAt)
  api.setProfileSelection(profileId)
  // data of the previous profile must not show in the next one
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meKey[0] })
  setMe(answer.user)
  return answer.user
}

/**
 * DELETE /app/session, then forget the session here whatever the server said. `leave` navigates away
 * (usually to sign-in); cached data is dropped once the signed-in screens are gone.
 */
export async function signOut(leave: () => Promise<void>): Promise<void> {
  try {
    await api.delete('/app/session', { exempt: true, silent: true })
  } catch {
    // the tokens are dropped below either way
  }
  // leave the signed-in screens first, so none of them reacts to the missing session on its way out
  await leave()
  api.clearSession()
  queryClient.clear()
}
