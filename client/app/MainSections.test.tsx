import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SectionBar, SectionPanels, useMainSections } from './MainSections'
import { lineupShowsAtStart } from './start-requests'

function windowWide(wide: boolean) {
  return vi.spyOn(window, 'matchMedia').mockImplementation(
    () =>
      ({
        matches: wide,
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  )
}

/** The sections as the main screen lays them out: the bar, then the panels (the lineup beside). */
function Sections({ news = 0 }: { news?: number }) {
  const sections = useMainSections()
  return (
    <>
      <SectionBar sections={sections} news={news} />
      {sections.twoColumns && <p>The lineup beside</p>}
      <SectionPanels
        sections={sections}
        content={{ lineup: <p>The lineup</p>, feed: <p>The feed</p>, schedule: <p>My stars</p> }}
      />
    </>
  )
}

const tabs = () =>
  screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])

describe('the main sections', () => {
  afterEach(() => {
    vi.mocked(window.matchMedia).mockRestore()
    localStorage.clear()
  })

  it('on a phone: three tabs in the spec order, the feed first, the others drawn when chosen', () => {
    windowWide(false)
    render(<Sections />)
    expect(tabs()).toEqual([
      ['Lineup', 'false'],
      ['Vibes', 'true'],
      ['My schedule', 'false'],
    ])
    expect(screen.getByText('The feed')).toBeTruthy()
    expect(screen.queryByText('The lineup')).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: 'Lineup' }))
    expect(screen.getByRole('tabpanel', { name: 'Lineup' }).textContent).toBe('The lineup')
    // The feed stays drawn, hidden, with its scroll and state.
    expect(screen.getByText('The feed').closest('[role=tabpanel]')?.hasAttribute('hidden')).toBe(
      true,
    )
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Lineup' }), { key: 'End' })
    expect(screen.getByRole('tab', { name: 'My schedule' }).getAttribute('aria-selected')).toBe(
      'true',
    )
  })

  it('remembers the section chosen on this device', () => {
    windowWide(false)
    const first = render(<Sections />)
    fireEvent.click(screen.getByRole('tab', { name: 'Lineup' }))
    first.unmount()
    render(<Sections />)
    expect(screen.getByRole('tab', { name: 'Lineup' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.queryByText('The feed')).toBeNull()
  })

  it('on a wide screen: the lineup beside the feed, My schedule a tab away', () => {
    localStorage.setItem('vibeconnect.main-section', 'lineup')
    windowWide(true)
    render(<Sections />)
    expect(tabs()).toEqual([
      ['Vibes', 'true'],
      ['My schedule', 'false'],
    ])
    expect(screen.getByText('The lineup beside')).toBeTruthy()
    expect(screen.getByText('The feed')).toBeTruthy()
  })

  it('counts the programme changes not yet seen on the My schedule tab', () => {
    windowWide(false)
    render(<Sections news={2} />)
    expect(screen.getByRole('tab', { name: 'My schedule 2 changes' })).toBeTruthy()
  })

  // The entry script asks for the lineup early only when the first view shows it.
  it('tell the entry script whether the next start shows the lineup', () => {
    windowWide(false)
    render(<Sections />)
    expect(lineupShowsAtStart()).toBe(false)
    fireEvent.click(screen.getByRole('tab', { name: 'Lineup' }))
    expect(lineupShowsAtStart()).toBe(true)
    fireEvent.click(screen.getByRole('tab', { name: 'Vibes' }))
    expect(lineupShowsAtStart()).toBe(false)
    vi.mocked(window.matchMedia).mockRestore()
    windowWide(true)
    expect(lineupShowsAtStart()).toBe(true)
  })
})
