/** `%text%` for ILIKE, the text's own pattern characters (`\`, `%`, `_`) escaped: a search finds them as typed. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`
}

/** `text%` for ILIKE, escaped the same way. */
export function prefixPattern(text: string): string {
  return `${escapeLike(text)}%`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
