import { afterEach, vi } from 'vitest'

// A console.error during a test is a failure: it is how unexpected errors surface in libraries.
let errors: unknown[][] = []
const original = console.error
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args)
  original(...args)
})
afterEach(() => {
  const seen = errors
  errors = []
  if (seen.length > 0) throw new Error(`console.error was called during the test: ${String(seen[0]?.[0])}`)
})
