import { describe, expect, test } from 'vitest'
import { hasCyrillic, hasScriptTag, isLengthBetween, isPersonName, isProfileName } from './text'

describe('script tag detection (docs/reference/readings.md 20)', () => {
  test('<script> in any case is detected', () => {
    expect(hasScriptTag('hi <script>alert(1)</script>')).toBe(true)
    expect(hasScriptTag('<SCRIPT>')).toBe(true)
    expect(hasScriptTag('<ScRiPt>')).toBe(true)
  })
  test('<script with attributes, whitespace or a newline is detected', () => {
    expect(hasScriptTag('<script src="https://evil.example/x.js">')).toBe(true)
    expect(hasScriptTag('< script>')).toBe(true)
    expect(hasScriptTag('<script\ntype="module">')).toBe(true)
    expect(hasScriptTag('<script/src=x>')).toBe(true)
  })
  test('a closing </script> and an unfinished <script at the end are detected', () => {
    expect(hasScriptTag('</script>')).toBe(true)
    expect(hasScriptTag('text <script')).toBe(true)
  })
  test('the word script, <scripts> and escaped &lt;script&gt; are not tags', () => {
    expect(hasScriptTag('my script for the course')).toBe(false)
    expect(hasScriptTag('<scripts>')).toBe(false)
    expect(hasScriptTag('&lt;script&gt;')).toBe(false)
  })
})

describe('Cyrillic detection', () => {
  test('a single Cyrillic letter is detected', () => {
    expect(hasCyrillic('shop\u0430')).toBe(true)
    expect(hasCyrillic('Привет')).toBe(true)
  })
  test('Latin letters with diacritics and Greek letters are not Cyrillic', () => {
    expect(hasCyrillic('Ærøskøbing Müller')).toBe(false)
    expect(hasCyrillic('Ελένη')).toBe(false)
  })
})

describe('length helper', () => {
  test('length equal to min or max is between them (inclusive)', () => {
    expect(isLengthBetween('ab', 2, 4)).toBe(true)
    expect(isLengthBetween('abcd', 2, 4)).toBe(true)
  })
  test('length one below min or one above max is not between them', () => {
    expect(isLengthBetween('a', 2, 4)).toBe(false)
    expect(isLengthBetween('abcde', 2, 4)).toBe(false)
  })
})

describe('names', () => {
  test('person name of 50 characters passes, 51 is too long', () => {
    expect(isPersonName('a'.repeat(50))).toBe(true)
    expect(isPersonName('a'.repeat(51))).toBe(false)
  })
  test('profile name of 60 characters passes, 61 is too long', () => {
    expect(isProfileName('a'.repeat(60))).toBe(true)
    expect(isProfileName('a'.repeat(61))).toBe(false)
  })
  test('a name of only spaces is empty', () => {
    expect(isPersonName('   ')).toBe(false)
  })
  test('a name with a script tag is refused', () => {
    expect(isPersonName('<script>x')).toBe(false)
  })
})
