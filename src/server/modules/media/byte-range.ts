import type { ByteRange } from './storage'

// HTTP byte ranges (RFC 9110 section 14) for media that players seek in: one range per request, which is
// what video and audio elements send. A list of ranges is answered with the whole body (allowed by the RFC).

/** One `bytes=a-b`, `bytes=a-` or `bytes=-n` range of a body of `size` bytes; null: the whole body. */
export function byteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!match || (match[1] === '' && match[2] === '')) return null
  if (match[1] === '' && Number(match[2]) === 0) return 'unsatisfiable'
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1])
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  return start >= size || start > end ? 'unsatisfiable' : { start, end }
}
