import { describe, expect, test } from 'vitest'
import { parseProgramReference } from './program-reference'

describe('parseProgramReference', () => {
  test('a bare id is the program id', () => {
    expect(parseProgramReference(' 42 ')).toEqual({ programId: 42 })
  })

  test('a program page link gives its id', () => {
    expect(parseProgramReference('https://sellfront.example/common/affiliate_programs/17')).toEqual({ programId: 17 })
    expect(parseProgramReference('https://sellfront.example/publish/affiliate_marketplace/9?tab=programs')).toEqual({ programId: 9 })
  })

  test('a recruitment link gives the id and the recruiting token', () => {
    expect(parseProgramReference('https://x.example/affiliate_programs/5?recruited_by=abC_12-x&utm=1')).toEqual({ programId: 5, recruitedBy: 'abC_12-x' })
    expect(parseProgramReference('/affiliate_programs/5/landing#top?recruited_by=zz')).toEqual({ programId: 5 })
    expect(parseProgramReference('/affiliate_programs/5?a=1&recruited_by=t0k')).toEqual({ programId: 5, recruitedBy: 't0k' })
  })

  test('a malformed token is dropped, the program stays', () => {
    expect(parseProgramReference('/affiliate_programs/5?recruited_by=%E0%A4%A')).toEqual({ programId: 5 })
    expect(parseProgramReference('/affiliate_programs/5?recruited_by=<script>')).toEqual({ programId: 5 })
    expect(parseProgramReference('/affiliate_programs/5?recruited_by=')).toEqual({ programId: 5 })
  })

  test('text without a program id is not a reference', () => {
    for (const text of ['', '   ', 'hello', '0', '-3', '99999999999', 'https://x.example/?aff=abc', '/affiliate_programs/abc', '/affiliate_programs/12x']) {
      expect(parseProgramReference(text)).toBeNull()
    }
  })
})
