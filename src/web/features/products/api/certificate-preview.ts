import { API_BASE } from '../../../lib/api-client'
import { api } from '../../../lib/api'
import type { LocaleCode } from '../../../../shared/i18n/locales'

/**
 * GET /cabinet/products/{id}/certificate_design/preview.pdf[?locale=] as a Blob URL. The client reads answers as
 * text, so this binary call uses fetch with the client's token (renewing it first through a cheap call
 * when it was refused).
 */
export async function certificatePreviewUrl(productId: number, locale?: LocaleCode): Promise<string> {
  // A language given: the preview in it, with the design's texts translated to it (docs/decisions/0095-product-translations.md).
  const query = locale ? `?locale=${locale}` : ''
  const get = () => fetch(`${API_BASE}/cabinet/products/${productId}/certificate_design/preview.pdf${query}`, {
    headers: { Authorization: `Bearer ${api.getTokens()?.accessToken ?? ''}`, 'X-User-Session': api.fingerprint() },
  })
  let res = await get()
  if (res.status === 401 || res.status === 400) {
    await api.get('/app/user/me') // renews an expired access token through the client
    res = await get()
  }
  if (!res.ok) throw new Error(`preview failed (${res.status})`)
  return URL.createObjectURL(await res.blob())
}
