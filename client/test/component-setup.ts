import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'
import { toast } from '../components/toasts/toast'

// `findBy…` and `waitFor` wait for a condition; the bound is not a speed check. Testing Library's
// 1 s was too short on a busy CI machine (the openNDS lab and two Vitest workers on two cores): two
// Update Vibe dialog tests did not see the form within it on 2026-11-29 and passed on their retry.
configure({ asyncUtilTimeout: 5000 })

// Testing Library unmounts after each test only by itself when the test API is global; ours is not.
afterEach(() => {
  cleanup()
  // The toasts live in one module-wide list, which would show the last test's to the next one.
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
