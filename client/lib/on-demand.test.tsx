import { render, renderHook, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { LoadFailureBoundary } from '../components/LoadFailureBoundary'
import { type OnDemand, onDemand, useOnDemand } from './on-demand'

describe('code loaded on demand', () => {
  it('is undefined until it loads, then the module', async () => {
    const code = onDemand(() => Promise.resolve({ answer: 42 }))
    const { result } = renderHook(() => useOnDemand(code))
    expect(result.current).toBeUndefined()
    await vi.waitFor(() => expect(result.current).toEqual({ answer: 42 }))
  })

  it('is there at the first render once loaded, without loading again', async () => {
    const importer = vi.fn(() => Promise.resolve({ answer: 42 }))
    const code = onDemand(importer)
    await code.load()
    const { result } = renderHook(() => useOnDemand(code))
    expect(result.current).toEqual({ answer: 42 })
    expect(importer).toHaveBeenCalledTimes(1)
  })

  it('hands a failed download to the nearest error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <LoadFailureBoundary what="the screen" fallback={<p>Could not load</p>}>
        <Screen code={onDemand(() => Promise.reject(new Error('offline')))} />
      </LoadFailureBoundary>,
    )
    expect(screen.getByText('Loading...')).toBeDefined()
    expect(await screen.findByText('Could not load')).toBeDefined()
    expect(console.error).toHaveBeenCalledWith('Could not show the screen:', expect.any(Error))
  })
})

function Screen({ code }: { code: OnDemand<unknown> }) {
  return useOnDemand(code) ? <p>Loaded</p> : <p>Loading...</p>
}
