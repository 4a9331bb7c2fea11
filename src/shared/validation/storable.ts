import { z } from 'zod'

// One rule for text and ids everywhere (docs/QUALITY.md: no input answers 500). PostgreSQL stores text as
// UTF-8: it refuses U+0000, and a lone UTF-16 surrogate (U+D800..U+DFFF without its pair) has no UTF-8 form.
// Its integer columns stop at 2^31-1; money columns are bigint and stop, like JSON numbers, at 2^53-1.
// Every request schema (bodies, query strings, path parameters) takes its strings and ids from here, so such
// input is a 400 naming the field before any query runs, and the API document says so as a `pattern` and bounds.

/** Characters PostgreSQL cannot store: U+0000, a high surrogate without its low one, a low one without its high one. */
const unstorable = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isStorableText(value: string): boolean {
  return !unstorable.test(value)
}

/**
 * The rule as the API document states it: any character but U+0000, surrogates only in pairs. Valid in
 * ECMA-262 with or without the `u` flag. The check itself runs `isStorableText`: the same rule as one linear
 * search, where a pattern with a repeated alternation needs backtracking space in proportion to the text.
 */
class StorableTextPattern extends RegExp {
  constructor() {
    super('^(?:[^\\u0000\\uD800-\\uDFFF]|[\\uD800-\\uDBFF][\\uDC00-\\uDFFF])*$')
  }

  override test(value: string): boolean {
    return isStorableText(value)
  }
}

export const storableTextPattern: RegExp = new StorableTextPattern()

/** A request string: z.string() that refuses what PostgreSQL cannot store. Chain the field's own rules after it. */
export const zText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).regex(storableTextPattern, { error: 'unstorable_text', abort: true })

/**
 * Text that is trimmed and then must not be empty, in the document's words: it has a character other than
 * white space. Chained after `.trim().min(1)` it refuses nothing more; zod writes it as a second `pattern`.
 */
export const notBlank = /\S/

/** The largest value of an integer (int4) column, ids included. */
export const int4Max = 2_147_483_647
/** The smallest value of an integer (int4) column. */
export const int4Min = -2_147_483_648

/** A whole number an integer column holds; chain `.min()`/`.positive()` for the field's own bounds. */
export const zInt4 = () => z.number().int().min(int4Min).max(int4Max)
/** A row id in a JSON body: 1..2^31-1. */
export const zId = () => z.number().int().min(1).max(int4Max)
/** A row id in a path or query string, read from its text: 1..2^31-1. */
export const zIdParam = () => z.coerce.number().int().min(1).max(int4Max)
/** A whole number of a path or query string that an integer column holds. */
export const zInt4Param = () => z.coerce.number().int().min(int4Min).max(int4Max)
