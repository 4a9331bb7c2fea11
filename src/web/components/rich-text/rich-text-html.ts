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

/** The text of stored rich text (tags dropped, entities of the editor's own output decoded), e.g. to tell if it is empty. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h[2-4]|\/blockquote|hr)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}
