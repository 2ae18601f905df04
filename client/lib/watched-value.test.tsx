import { act, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useWatchedValue, type WatchedValue, watchedValue } from './watched-value'

const renders = { parent: 0, reader: 0 }

function Reader({ status }: { status: WatchedValue<string> }) {
  renders.reader += 1
  return <p>{useWatchedValue(status)}</p>
}

function Parent({ status }: { status: WatchedValue<string> }) {
  renders.parent += 1
  return <Reader status={status} />
}

describe('a watched value', () => {
  it('renders again only the components that read it, and only when it changes', () => {
    const status = watchedValue('connecting')
    render(<Parent status={status} />)
    expect(screen.getByText('connecting')).toBeTruthy()

    act(() => status.set('live'))
    expect(screen.getByText('live')).toBeTruthy()
    act(() => status.set('live'))
    expect(renders).toEqual({ parent: 1, reader: 2 })
  })

  it('stops telling a listener once it unsubscribes', () => {
    const value = watchedValue(1)
    const seen: number[] = []
    const stop = value.subscribe(() => seen.push(value.get()))
    value.set(2)
    stop()
    value.set(3)
    expect(seen).toEqual([2])
    expect(value.get()).toBe(3)
  })
})
