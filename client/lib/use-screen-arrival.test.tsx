import { render } from '@testing-library/react'
import { useRef } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resetScreenArrivals, useScreenArrival } from './use-screen-arrival'

function Screen({ name, title }: { name: string; title: string }) {
  const heading = useRef<HTMLHeadingElement>(null)
  useScreenArrival(name, title, heading)
  return (
    <main>
      <button type="button">Somewhere on {name}</button>
      <h1 ref={heading} tabIndex={-1}>
        {name}
      </h1>
    </main>
  )
}

describe('a screen replacing another', () => {
  beforeEach(() => {
    resetScreenArrivals()
    window.scrollTo = vi.fn()
  })

  it("is left as the browser placed it when it is the page's first", () => {
    render(<Screen name="sign-in" title="VibeConnect" />)
    expect(document.title).toBe('VibeConnect')
    expect(document.activeElement).toBe(document.body)
    expect(window.scrollTo).not.toHaveBeenCalled()
  })

  it('names itself in the title, opens at the top, and takes the focus to its heading', () => {
    const { rerender } = render(<Screen key="a" name="sign-in" title="VibeConnect" />)
    rerender(<Screen key="b" name="onboarding" title="Set Your Vibe! · VibeConnect" />)
    expect(document.title).toBe('Set Your Vibe! · VibeConnect')
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0)
    expect(document.activeElement?.textContent).toBe('onboarding')
  })

  it('moves nothing when the same screen mounts again (a remount, not a new screen)', () => {
    const { rerender } = render(<Screen key="a" name="main" title="VibeConnect" />)
    rerender(<Screen key="b" name="main" title="VibeConnect" />)
    expect(document.activeElement).toBe(document.body)
    expect(window.scrollTo).not.toHaveBeenCalled()
  })
})
