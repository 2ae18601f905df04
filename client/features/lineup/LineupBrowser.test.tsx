import { act, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { testFestival } from '../../test/festival'
import { fakeServer, renderWithApp } from '../../test/render'
import { LineupCard } from './LineupCard'

const festival = testFestival

// Amsterdam in July is UTC+2.
const sets: LineupSet[] = [
  {
    key: 'h.aurora',
    name: 'Aurora Lane',
    stage: 'Main Stage',
    date: '2026-07-10',
    start: '2026-07-10T19:00:00Z',
    end: '2026-07-10T20:30:00Z',
  },
  {
    key: 'h.neon',
    name: 'Neon Harbour',
    stage: 'Main Stage',
    date: '2026-07-10',
    start: '2026-07-10T21:00:00Z',
    end: '2026-07-10T22:30:00Z',
  },
  {
    key: 'h.kite',
    name: 'Kite Theory',
    stage: 'Moonlight Tent',
    date: '2026-07-10',
    start: '2026-07-10T20:00:00Z',
    end: '2026-07-10T21:00:00Z',
  },
  {
    key: 'h.neon-sat',
    name: 'Neon Harbour',
    stage: 'Main Stage',
    date: '2026-07-11',
    start: '2026-07-11T20:00:00Z',
    end: '2026-07-11T21:30:00Z',
  },
  {
    key: 'h.sigur',
    name: 'Sigur Rós',
    stage: 'The Grove',
    date: '2026-07-11',
    start: '2026-07-11T18:00:00Z',
    end: '2026-07-11T19:00:00Z',
  },
]

const serveLineup = () =>
  fakeServer(() => ({
    status: 200,
    body: { success: true, lastUpdated: '2026-07-01T10:00:00.000Z', data: sets },
  }))

let matchMedia: ReturnType<typeof vi.spyOn> | undefined

/** Makes the window as wide as a phone (no timetable) or a desktop. */
function windowWide(wide: boolean) {
  matchMedia?.mockRestore()
  matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) =>
      ({
        matches: wide,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  )
}

const setsByDate = () =>
  within(within(screen.getByRole('region', { name: 'By Date' })).getByRole('article'))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

async function openAt(instant: string, extras?: Parameters<typeof LineupCard>[0]['extras']) {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse(instant) })
  serveLineup()
  renderWithApp(<LineupCard festival={festival} extras={extras} />)
  await screen.findByRole('region', { name: 'By Date' })
}

describe('LineupCard, one festival day at a time', () => {
  beforeEach(() => windowWide(false))
  afterEach(() => matchMedia?.mockRestore())

  it("opens on today's festival day while the festival is on, by its clock and day-change hour", async () => {
    // 03:00 on Sunday in Amsterdam is still Saturday night.
    await openAt('2026-07-12T01:00:00Z')
    expect(screen.getByRole('tab', { name: 'Sat 11 Jul' }).getAttribute('aria-selected')).toBe(
      'true',
    )
    expect(setsByDate()).toEqual([
      '20:00–21:00Sigur Rós, The Grove',
      '22:00–23:30Neon Harbour, Main Stage',
    ])
  })

  it('switches days with the tabs, by click and by arrow key', async () => {
    await openAt('2026-06-01T12:00:00Z')
    const friday = screen.getByRole('tab', { name: 'Fri 10 Jul' })
    expect(friday.getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('tab', { name: 'Sat 11 Jul' }))
    await vi.waitFor(() => expect(setsByDate()).toHaveLength(2))
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Sat 11 Jul' }), { key: 'ArrowLeft' })
    expect(friday.getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(friday)
    await vi.waitFor(() => expect(setsByDate()).toHaveLength(3))
  })

  it('filters by stage and searches artists, pointing to matches on other days', async () => {
    await openAt('2026-06-01T12:00:00Z')
    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: 'Main Stage' } })
    await vi.waitFor(() =>
      expect(setsByDate()).toEqual([
        '21:00–22:30Aurora Lane, Main Stage',
        '23:00–00:30Neon Harbour, Main Stage',
      ]),
    )
    expect(screen.getByText('2 sets on Friday 10 July')).toBeTruthy()

    fireEvent.change(screen.getByLabelText('Stage'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Search artists'), { target: { value: 'sigur ros' } })
    expect(await screen.findByText('No sets match on this day.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Sat 11 Jul (1)' }))
    await vi.waitFor(() => expect(setsByDate()).toEqual(['20:00–21:00Sigur Rós, The Grove']))
    expect(screen.getByRole('tab', { name: 'Sat 11 Jul' }).getAttribute('aria-selected')).toBe(
      'true',
    )
  })

  it('shows what is on now and next per stage, and moves on as time passes', async () => {
    // 22:15 in Amsterdam on Friday.
    await openAt('2026-07-10T20:15:00Z')
    const nowAndNext = screen.getByRole('region', { name: 'Now and next' })
    const stage = (name: string) =>
      within(nowAndNext)
        .getAllByRole('listitem')
        .find((item) => item.textContent?.startsWith(name))?.textContent
    expect(stage('Main Stage')).toBe(
      'Main StageNow: Aurora Lane · 15 min leftNext: Neon Harbour at 23:00 · in 45 min',
    )
    expect(stage('Moonlight Tent')).toBe('Moonlight TentNow: Kite Theory · 45 min left')

    await act(() => vi.advanceTimersByTimeAsync(50 * 60_000))
    expect(stage('Main Stage')).toBe('Main StageNow: Neon Harbour · 1 h 25 min left')
    expect(stage('Moonlight Tent')).toBeUndefined()
  })

  it('draws a timetable on a wide screen only: a column per stage, blocks in set order', async () => {
    windowWide(true)
    await openAt('2026-06-01T12:00:00Z')
    const timetable = screen.getByRole('region', { name: 'Timetable' })
    const stages = within(timetable).getAllByRole('heading', { level: 4 })
    expect(stages.map((stage) => stage.textContent)).toEqual(['Main Stage', 'Moonlight Tent'])
    const main = within(timetable).getByRole('region', { name: 'Main Stage' })
    expect(
      within(main)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Aurora Lane21:00–22:30', 'Neon Harbour23:00–00:30'])
    // Rows of five minutes from 21:00: Neon Harbour at 23:00 is 24 rows down, 18 rows long.
    const neon = within(main).getAllByRole('listitem')[1]!
    expect(neon.style.gridRow).toBe('26 / 44')
  })

  it('leaves the timetable out on a phone', async () => {
    await openAt('2026-06-01T12:00:00Z')
    expect(screen.queryByRole('region', { name: 'Timetable' })).toBeNull()
  })

  it("adds the app's extras to every set: an action and a note", async () => {
    await openAt('2026-06-01T12:00:00Z', {
      action: (set) => (
        <button type="button" aria-label={`Star ${set.name}`}>
          ☆
        </button>
      ),
      note: (set) => (set.name === 'Kite Theory' ? <p>Alex goes</p> : null),
    })
    expect(screen.getByRole('button', { name: 'Star Neon Harbour' })).toBeTruthy()
    expect(setsByDate()).toContain('22:00–23:00Kite Theory, Moonlight TentAlex goes☆')
  })
})
