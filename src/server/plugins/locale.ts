import type { IncomingHttpHeaders } from 'node:http'
import { localeCode, type LocaleCode } from '../../shared/schemas/accounts'

/** The request's language: Content-Language first (the web client sends it), then Accept-Language. */
export function pickLocale(headers: IncomingHttpHeaders): LocaleCode {
  const candidates = [headers['content-language'], ...(String(headers['accept-language'] ?? '').split(','))]
  for (const raw of candidates) {
    if (!raw) continue
    const tag = String(raw).split(';')[0]!.trim().toLowerCase().replace('-', '_')
    for (const option of [tag, tag.split('_')[0]]) {
      const parsed = localeCode.safeParse(option)
      if (parsed.success) return parsed.data
    }
  }
  return 'en'
}
