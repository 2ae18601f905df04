import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { testFestival } from '../../test/festival'
import { fakeServer, renderWithApp } from '../../test/render'
import { LineupCard } from './LineupCard'

const festival = testFestival

const lineup = {
  success: true,
  lastUpdated: '2026-07-01T10:00:00.000Z',
  data: [
    {
      key: 'h.aurora',
      name: 'Aurora Lane',
      stage: 'Main Stage',
      date: '2026-07-10',
      start: '2026-07-10T19:45:00Z',
      end: '2026-07-10T21:00:00Z',
    },
    // 01:00 on Saturday at the festival still belongs to Friday night.
    {
      key: 'h.nightjar',
      name: 'Nightjar',
      stage: 'Moonlight Tent',
      date: '2026-07-10',
      start: '2026-07-10T23:00:00Z',
    },
    { key: 'h.guest', name: 'Secret Guest', stage: 'Main Stage', date: '2026-07-11' },
  ],
}
interface Answer {
  status: number
  body: unknown
}
const unavailable: Answer = { status: 503, body: { success: false, error: 'Unavailable' } }

/** The text of each list item in `element`, as a screen reader would list them. */
const itemsOf = (element: HTMLElement) =>
  within(element)
    .getAllByRole('listitem')
    .map((item) => item.textContent)

/** A promise and the function that settles it, to hold an answer back. */
function held<T>() {
  let release: (value: T) => void = () => {}
  const promise = new Promise<T>((resolve) => (release = resolve))
  return { promise, release }
}

describe('LineupCard', () => {
  it('says it is loading, then shows the first day on the festival clock by date and by stage', async () => {
    const answer = held<Answer>()
    fakeServer(() => answer.promise)
    renderWithApp(<LineupCard festival={festival} />)

    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Loading lineup...')
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Sunwave Festival 2026')
    answer.release({ status: 200, body: lineup })

    const byDate = await screen.findByRole('region', { name: 'By Date' })
    // Before the festival (this test runs in its past or future): the first day.
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected')])).toEqual([
      ['Fri 10 Jul', 'true'],
      ['Sat 11 Jul', 'false'],
    ])
    const days = within(byDate).getAllByRole('heading', { level: 4 })
    expect(days.map((day) => day.textContent)).toEqual(['Friday 10 July'])
    const friday = within(byDate).getByRole('article', { name: 'Friday 10 July' })
    expect(itemsOf(friday)).toEqual([
      '21:45–23:00Aurora Lane, Main Stage',
      '01:00Nightjar, Moonlight Tent',
    ])
    const byStage = screen.getByRole('region', { name: 'By Stage' })
    const mainStage = within(byStage).getByRole('article', { name: 'Main Stage' })
    expect(itemsOf(mainStage)).toEqual(['Aurora Lane'])
    expect(screen.getByText(/^Last updated/).textContent).toBe('Last updated Wed 1 Jul, 12:00')
    expect(await screen.findByText('Lineup updated successfully')).toBeTruthy()
    expect(screen.queryByText('Loading lineup...')).toBeNull()
  })

  it('says when no sets are announced yet', async () => {
    fakeServer(() => ({ status: 200, body: { ...lineup, data: [] } }))
    renderWithApp(<LineupCard festival={festival} />)
    expect(await screen.findByText('No sets announced yet.')).toBeTruthy()
  })

  it('says so when the first load fails, after one quick retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const sent = fakeServer(() => unavailable)
    renderWithApp(<LineupCard festival={festival} />)
    await vi.waitFor(() => expect(sent).toHaveLength(1))
    await act(() => vi.advanceTimersByTimeAsync(1000))

    expect(await screen.findByText('The lineup could not be loaded. Try Refresh.')).toBeTruthy()
    expect(screen.getByText('Failed to fetch lineup data')).toBeTruthy()
    expect(sent).toHaveLength(2)
  })

  it('keeps the lineup on screen when a refresh fails, and holds Refresh while it runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let answer: () => Answer | Promise<Answer> = () => ({ status: 200, body: lineup })
    fakeServer(() => answer())
    renderWithApp(<LineupCard festival={festival} />)
    await screen.findByRole('region', { name: 'By Date' })

    const refused = held<Answer>()
    answer = () => refused.promise
    const refresh = screen.getByRole('button', { name: 'Refresh' })
    fireEvent.click(refresh)
    await vi.waitFor(() => expect(refresh.getAttribute('aria-disabled')).toBe('true'))
    // Refused, and refused again on the quick retry.
    answer = () => unavailable
    refused.release(unavailable)
    await act(() => vi.advanceTimersByTimeAsync(1000))

    expect(await screen.findByText('Failed to fetch lineup data')).toBeTruthy()
    expect(refresh.getAttribute('aria-disabled')).toBe('false')
    expect(screen.getByRole('article', { name: 'Friday 10 July' })).toBeTruthy()
    // Friday's card by date, and its two stages.
    expect(screen.getAllByRole('article')).toHaveLength(3)
  })
})
