// What the rich text editor may produce, kept within the server's allow-list
// (docs/decisions/0012-html-sanitiser-allow-list.md): headings 2 to 4 only, and links the sanitiser keeps.

export const richTextHeadingLevels = [2, 3, 4] as const

/** A link target the sanitiser keeps: http, https, mailto or relative; never another scheme or `//host`. */
export function isAllowedHref(url: string): boolean {
  const value = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
  if (value === '') return false
  if (/^(https?:|mailto:)/i.test(value)) return true
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return false
  return !value.startsWith('//')
}

/**
 * Whether a stored text is the editor's HTML rather than older plain text: it starts with one of the
 * block tags the editor writes. Plain text that happens to start with such a tag is read as HTML, which
 * the sanitiser has made safe either way.
 */
export function isRichText(text: string): boolean {
  return /^\s*<(p|h[2-4]|ul|ol|blockquote|pre|hr|div)[\s>/]/i.test(text)
}

const entities: Record<string, string> = { nbsp: ' ', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", amp: '&' }
const decode = (text: string) => text.replace(/&(nbsp|lt|gt|quot|#39|apos|amp);/g, (_m, name: string) => entities[name]!)

/**
 * The text of stored rich text, for the plain part of a mail or a summary: paragraphs apart by a blank
 * line, list items as "- item", a link as "label (address)" when they differ; tags dropped.
 */
export function plainTextOf(html: string): string {
  return decode(html
    .replace(/<\/p>\s*<\/li>/gi, '</li>')
    .replace(/<a\b[^>]*?\bhref="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '')
      return decode(text) === decode(href) ? text : `${text} (${href})`
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<\/li>/gi, '\n')
    .replace(/<\/(p|h[2-6]|blockquote|ul|ol|pre|div)>|<hr\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, ''))
    .split('\n').map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim()).join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** Older plain text as the editor's HTML: a paragraph per blank-line block, line breaks kept, text escaped. */
export function richTextOf(text: string): string {
  if (isRichText(text) || text.trim() === '') return text.trim() === '' ? '' : text
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return text.trim().split(/\n\s*\n/).map((block) => `<p>${escape(block.trim()).replace(/\n/g, '<br>')}</p>`).join('')
}
