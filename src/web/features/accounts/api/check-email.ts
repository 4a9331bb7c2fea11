import { api } from '../../../lib/api'

export type Availability = { available: boolean; message?: string }

/** POST /app/user/check_email: is this address still free? */
export function checkEmail(email: string, signal?: AbortSignal): Promise<Availability> {
  return api.post<Availability>('/app/user/check_email', { email }, { auth: false, silent: true, signal })
}
