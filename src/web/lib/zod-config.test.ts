import { afterEach, describe, expect, test, vi } from 'vitest'
import './zod-config'
import { z } from 'zod'
import mainSource from '../main.tsx?raw'

// The back office's content security policy forbids eval: zod, built jitless, must never reach for
// `new Function` (not even to probe whether it may), and the web entry must set that before any schema.
describe('zod in the back office', () => {
  afterEach(() => { vi.restoreAllMocks() })

  test('building and parsing object schemas never calls Function', () => {
    const makeFunction = vi.spyOn(globalThis, 'Function')
    const schema = z.object({ name: z.string(), items: z.array(z.object({ id: z.number().int() })) }).strict()
    expect(schema.parse({ name: 'a', items: [{ id: 1 }] })).toEqual({ name: 'a', items: [{ id: 1 }] })
    expect(schema.safeParse({ name: 1 }).success).toBe(false)
    expect(makeFunction).not.toHaveBeenCalled()
  })

  test('the web entry imports the zod configuration before anything else', () => {
    const firstImport = mainSource.split('\n').find((line) => line.startsWith('import '))
    expect(firstImport).toBe("import './lib/zod-config'")
  })
})
