import { QueryClient } from '@tanstack/react-query'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { fakeServer } from '../test/render'
import { MAIN_SCREEN_WAIT_MS, useMainScreenData } from './main-screen-data'

const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } })

describe('when the main screen draws', () => {
  it('once its data is in', async () => {
    fakeServer(() => ({ status: 200, body: {} }))
    const { result } = renderHook(() => useMainScreenData(newClient(), false))
    await vi.waitFor(() => expect(result.current).toBe(true))
  })

  it('after a short wait once my vibe is in, when one answer is slow', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    // The game never answers; everything else does.
    fakeServer(({ path }) =>
      path === '/api/game' ? new Promise(() => {}) : { status: 200, body: {} },
    )
    const { result } = renderHook(() => useMainScreenData(newClient(), true))
    await act(() => vi.advanceTimersByTimeAsync(MAIN_SCREEN_WAIT_MS - 100))
    expect(result.current).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(result.current).toBe(true)
  })

  it('at once offline: what the device kept is all there is', () => {
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    fakeServer(() => new Promise(() => {}))
    const { result } = renderHook(() => useMainScreenData(newClient(), false))
    expect(result.current).toBe(true)
  })
})
