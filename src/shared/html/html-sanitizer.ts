// A strict allow-list HTML sanitiser for lesson text blocks (run on save). It keeps a small set of
// formatting tags, only `href`/`title`/`target` on links (http, https, mailto, relative), and drops
// everything else: scripts and styles with their content, comments, event handlers, style attributes,
// unknown tags (their text stays). Text is re-escaped, so what comes out is well-formed and inert.

const allowedTags = new Set([
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote',
  'a', 'code', 'pre', 'hr', 'span', 'div',
])
const voidTags = new Set(['br', 'hr'])
/** Dropped together with everything inside them. */
const droppedWithContent = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math', 'xmp', 'noembed', 'noframes', 'select', 'head'])

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);?/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return namedEntities[body.toLowerCase()] ?? whole
  })
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;')

function safeHref(raw: string): string | null {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"), so compare without them.
  const value = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (/^(https?:|mailto:)/i.test(value)) return decodeEntities(raw).trim()
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null
  if (value.startsWith('//')) return null
  return decodeEntities(raw).trim()
}

const attributePattern = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function cleanAttributes(tag: string, raw: string): string {
  if (tag !== 'a') return ''
  const out: string[] = []
  let target = false
  for (const match of raw.matchAll(attributePattern)) {
    const name = match[1]!.toLowerCase()
    const value = match[2] ?? match[3] ?? match[4] ?? ''
    if (name === 'href') {
      const href = safeHref(value)
      if (href !== null) out.push(`href="${escapeAttribute(href)}"`)
    } else if (name === 'title') {
      out.push(`title="${escapeAttribute(decodeEntities(value))}"`)
    } else if (name === 'target' && value === '_blank') {
      target = true
      out.push('target="_blank"')
    }
  }
  if (target) out.push('rel="noopener noreferrer nofollow"')
  return out.length ? ` ${out.join(' ')}` : ''
}

const tagPattern = /^<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*\/?>/

export function sanitizeHtml(input: string): string {
  let out = ''
  const open: string[] = []
  let i = 0
  while (i < input.length) {
    const lt = input.indexOf('<', i)
    if (lt === -1) {
      out += escapeText(decodeEntities(input.slice(i)))
      break
    }
    out += escapeText(decodeEntities(input.slice(i, lt)))
    const rest = input.slice(lt)
    if (rest.startsWith('<!--')) {
      const end = input.indexOf('-->', lt + 4)
      i = end === -1 ? input.length : end + 3
      continue
    }
    if (rest.startsWith('<!') || rest.startsWith('<?')) {
      const end = input.indexOf('>', lt)
      i = end === -1 ? input.length : end + 1
      continue
    }
    const match = tagPattern.exec(rest)
    if (!match) {
      out += '&lt;'
      i = lt + 1
      continue
    }
    i = lt + match[0].length
    const closing = match[1] === '/'
    const tag = match[2]!.toLowerCase()
    if (droppedWithContent.has(tag)) {
      if (!closing) {
        const close = new RegExp(`</${tag}\\s*>`, 'i').exec(input.slice(i))
        i = close ? i + close.index + close[0].length : input.length
      }
      continue
    }
    if (!allowedTags.has(tag)) continue
    if (voidTags.has(tag)) {
      if (!closing) out += `<${tag}>`
      continue
    }
    if (closing) {
      const at = open.lastIndexOf(tag)
      if (at === -1) continue
      while (open.length > at) out += `</${open.pop()}>`
      continue
    }
    open.push(tag)
    out += `<${tag}${cleanAttributes(tag, match[3] ?? '')}>`
  }
  while (open.length) out += `</${open.pop()}>`
  return out
}
