// Text that goes into the HTML document outside React (head tags, the props script). React escapes what
// it renders; these are for the few strings the document builder writes itself.

const htmlEscapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Text or an attribute value: `&`, `<`, `>`, both quotes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => htmlEscapes[c]!)
}

/**
 * JSON that is safe inside `<script type="application/json">` (the initial props) or
 * `<script type="application/ld+json">`: `<` is written as \u003c so no `</script>` or `<!--` can close or
 * confuse the element; `>` and `&` likewise, and the two line separators JSON allows but JavaScript did not.
 * JSON.parse reads the result back unchanged.
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/** A URL a link may point to: http(s) or a path on this site; anything else (javascript:, data:) is dropped. */
export function safeHref(url: string | null | undefined): string | null {
  if (!url) return null
  const trimmed = url.trim()
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed
  return /^https?:\/\//i.test(trimmed) ? trimmed : null
}
