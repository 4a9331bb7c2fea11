import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { int4Max, isStorableText, storableTextPattern, zId, zIdParam, zText } from './storable'

describe('text PostgreSQL can store', () => {
  test('U+0000 and lone surrogates are refused; pairs, emoji and ordinary text kept', () => {
    for (const value of ['a\u0000b', '\u0000', 'x\uD800', '\uD800x', 'x\uDC00', '\uDC00\uD800', '😀\uDE00']) expect(isStorableText(value), JSON.stringify(value)).toBe(false)
    for (const value of ['', 'plain', 'Grüße 😀', '\uD83D\uDE00', 'tab\tand\nnewline', '\u0001']) expect(isStorableText(value), JSON.stringify(value)).toBe(true)
  })

  test('zText says so with a message key, and its chained rules still run', () => {
    const result = zText().max(3).safeParse('a\u0000')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('unstorable_text')
    expect(zText().max(3).safeParse('abcd').success).toBe(false)
    expect(zText().trim().parse('  ok ')).toBe('ok')
  })

  test('the API document states the rule as a pattern that agrees with the check', () => {
    const schema = z.toJSONSchema(z.object({ name: zText().max(10) }), { io: 'input' }) as unknown as { properties: { name: { pattern: string } } }
    const pattern = schema.properties.name.pattern
    expect(pattern).toBe(storableTextPattern.source)
    for (const flags of ['', 'u']) {
      const documented = new RegExp(pattern, flags)
      for (const value of ['a\u0000b', 'x\uD800', 'x\uDC00', 'ok', 'Grüße 😀', '']) expect(documented.test(value), `${JSON.stringify(value)} /${flags}`).toBe(isStorableText(value))
    }
  })

  test('a long text is checked without running out of stack', () => {
    expect(isStorableText('ab😀'.repeat(5_000_000))).toBe(true)
  })
})

describe('ids and integers bounded to an integer column', () => {
  test('ids are 1..2^31-1, from JSON or from a path', () => {
    expect(zId().safeParse(int4Max).success).toBe(true)
    expect(zId().safeParse(int4Max + 1).success).toBe(false)
    expect(zId().safeParse(0).success).toBe(false)
    expect(zIdParam().parse('2147483647')).toBe(int4Max)
    expect(zIdParam().safeParse('2147483648').success).toBe(false)
    expect(zIdParam().safeParse('1\u0000').success).toBe(false)
  })
})
