// Text that goes into the HTML document outside React (head tags, the props script). React escapes what
// it renders; these are for the few strings the document builder writes itself.

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or an attribute value: `&`, `<`, `>`, both quotes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!)
}

const scriptEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/**
 * JSON that is safe inside `<script type="application/json">` (the initial props) or
 * `<script type="application/ld+json">`: `<` is written as \u003c so no `</script>` or `<!--` can close or
 * confuse the element; `>` and `&` likewise, and the two line separators JSON allows but JavaScript did not.
 * JSON.parse reads the result back unchanged.
 */
export function serializeJsonForScript(value: unknown): string {
  // One pass over the text: the props of a product page are most of its document.
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => scriptEscapes[c]!)
}

/** A URL a link may point to: http(s) or a path on this site; anything else (javascript:, data:) is dropped. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null
  const trimmed = url.trim()
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed
  return /^https?:\/\//i.test(trimmed) ? trimmed : null
}
