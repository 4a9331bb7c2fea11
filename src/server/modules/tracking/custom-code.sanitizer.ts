import { Parser } from 'htmlparser2'

// A custom tracking code's strict allow-list (docs/decisions/0074-tracking-with-consent.md): the seller's HTML
// keeps only
//   <script src="https://…" [async] [defer]></script>   an external script (inline code is dropped: the
//                                                      storefront's CSP allows no inline script)
//   <img src="https://…" [width] [height] [alt]>       an image pixel, also inside
//   <noscript>…</noscript>                             (its other content is dropped)
// Everything else (inline scripts, iframes, styles, event handlers, other tags and text) is dropped. The
// result is written again from what was kept, so it is well-formed, and the hosts it loads from are listed
// for the storefront's CSP. A URL must be https with a host and no credentials.

export type SanitizedCustomCode = { html: string; hosts: string[]; dropped: string[] }

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The URL when it is https with a host and without user or password; else null. */
export function httpsUrl(raw: string | undefined): URL | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || !url.hostname || url.username || url.password) return null
  // A host name, not an address or a name the CSP could not say: letters, digits, dots and dashes.
  if (!/^[a-z0-9.-]+$/.test(url.hostname) || /^[0-9.]+$/.test(url.hostname) || !url.hostname.includes('.')) return null
  return url
}

const pixelSize = (value: string | undefined) => (value !== undefined && /^[0-9]{1,4}$/.test(value) ? value : null)

export function sanitizeCustomCode(input: string): SanitizedCustomCode {
  const out: string[] = []
  const hosts = new Set<string>()
  const dropped = new Set<string>()
  let noscriptDepth = 0
  let noscriptParts: string[] = []
  /** Inside a <script> whose content is dropped. */
  let inScript = false

  const emit = (html: string) => (noscriptDepth > 0 ? noscriptParts.push(html) : out.push(html))

  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'script') {
        inScript = true
        const url = httpsUrl(attributes.src)
        if (!url || noscriptDepth > 0) {
          dropped.add(attributes.src ? 'script with a src that is not https' : 'inline script')
          return
        }
        hosts.add(url.origin)
        const flags = `${'async' in attributes ? ' async' : ''}${'defer' in attributes ? ' defer' : ''}`
        out.push(`<script src="${escapeAttribute(url.href)}"${flags}></script>`)
        return
      }
      if (name === 'noscript') {
        noscriptDepth += 1
        return
      }
      if (name === 'img') {
        const url = httpsUrl(attributes.src)
        if (!url) {
          dropped.add('image with a src that is not https')
          return
        }
        hosts.add(url.origin)
        const width = pixelSize(attributes.width)
        const height = pixelSize(attributes.height)
        emit(`<img src="${escapeAttribute(url.href)}"${width ? ` width="${width}"` : ''}${height ? ` height="${height}"` : ''} alt="">`)
        return
      }
      dropped.add(`<${name}>`)
    },
    ontext(text) {
      if (!inScript && noscriptDepth === 0 && text.trim()) dropped.add('text')
    },
    onclosetag(name) {
      if (name === 'script') inScript = false
      if (name === 'noscript' && noscriptDepth > 0) {
        noscriptDepth -= 1
        if (noscriptDepth === 0) {
          if (noscriptParts.length > 0) out.push(`<noscript>${noscriptParts.join('')}</noscript>`)
          noscriptParts = []
        }
      }
    },
    oncomment() {
      // comments are dropped without a word
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true })
  parser.write(input)
  parser.end()
  if (noscriptParts.length > 0) out.push(`<noscript>${noscriptParts.join('')}</noscript>`)
  return { html: out.join('\n'), hosts: [...hosts].sort(), dropped: [...dropped] }
}
