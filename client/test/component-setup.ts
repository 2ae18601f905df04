import { cleanup } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, vi } from 'vitest'

// Testing Library unmounts after each test only by itself when the test API is global; ours is not.
afterEach(() => {
  cleanup()
  // Sonner keeps its toasts in a module: a toaster mounted by the next test would show them again.
  toast.dismiss()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
