import { redirect } from '@tanstack/react-router'
import { api } from '../lib/api'
import { isApiError } from '../lib/api-client'
import { queryClient } from '../lib/query-client'
import { meKey, meQueryOptions } from '../lib/session'

// Area routes need a signed-in user: without a session the user goes to sign-in and comes back after.
function toSignIn(returnTo: string): never {
  throw redirect({ to: '/users/sign_in', search: { return_to: returnTo } })
}

export async function requireSignedIn({ location }: { location: { href: string } }): Promise<void> {
  if (!api.hasSession()) toSignIn(location.href)
  try {
    // a null kept from a time without a session (e.g. signed in from another tab) is asked again
    const cached = queryClient.getQueryData(meKey)
    const user = cached ?? (await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }))
    if (!user) toSignIn(location.href)
  } catch (error) {
    if (isApiError(error) && !api.hasSession()) toSignIn(location.href)
    throw error
  }
}

/** Screens that belong to a fresh account (the second sign-up step) need only the tokens. */
export function requireSession({ location }: { location: { href: string } }): void {
  if (!api.hasSession()) toSignIn(location.href)
}
