import { afterEach, beforeEach, vi } from 'vitest'

// An unexpected console.error is a bug the test did not look for: fail the test that caused it.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  vi.mocked(console.error).mockRestore()
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ')
    throw new Error(`Unexpected console.error (${errors.length}x): ${first}`)
  }
})
