import { api } from '../../../lib/api'

/** POST /common/emails/unsubscribe/:token: stops this category of mails (204). */
export function unsubscribe(token: string): Promise<null> {
  return api.post<null>(`/common/emails/unsubscribe/${encodeURIComponent(token)}`, {}, { auth: false, silent: true })
}
