import { api } from '../../../lib/api'
import type { User } from '../../../lib/session'

/** POST /app/user/accept_change_email: the token from `/users/confirmation?change_email_token=T`. */
export function acceptChangeEmail(token: string): Promise<User> {
  return api.post<User>('/app/user/accept_change_email', { token }, { auth: false, silent: true, exempt: true })
}
