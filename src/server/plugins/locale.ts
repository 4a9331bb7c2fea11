import type { IncomingHttpHeaders } from 'node:http'
import { localeOfTag, type LocaleCode } from '../../shared/schemas/accounts'

/** The request's language: Content-Language first (the web client sends it), then Accept-Language. */
export function pickLocale(headers: IncomingHttpHeaders): LocaleCode {
  const candidates = [headers['content-language'], ...(String(headers['accept-language'] ?? '').split(','))]
  for (const raw of candidates) {
    if (!raw) continue
    const locale = localeOfTag(String(raw).split(';')[0]!)
    if (locale) return locale
  }
  return 'en'
}
