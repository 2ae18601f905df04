import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { testFestival } from '../../test/festival'
import { fakeServer, renderWithApp } from '../../test/render'
import { LineupCard } from '../lineup/LineupCard'
import {
  companionServer,
  deepLagoon,
  scheduleWith,
  seleneRay,
  starOf,
  vanta,
} from './schedule-fixtures'
import { useScheduleMarks } from './use-schedule-marks'
import type { OpenedPicks } from './use-shared-picks'

/** The lineup card as the app composes it: with my stars and my crew's picks on its sets. */
function LineupWithMarks({ opened }: { opened?: OpenedPicks }) {
  return <LineupCard festival={testFestival} extras={useScheduleMarks(opened)} />
}

const rowOf = async (artist: string) => {
  const byDate = await screen.findByRole('region', { name: 'By Date' })
  const row = within(within(byDate).getByRole('article'))
    .getAllByRole('listitem')
    // "Artist, Stage": the row of the set, not a row whose note names it.
    .find((item) => item.textContent?.includes(`${artist}, `))
  if (!row) throw new Error(`no row for ${artist}`)
  return row
}
const starOfRow = async (artist: string) =>
  within(await rowOf(artist)).getByRole('button', { name: `Star ${artist}` })

describe('my stars and my crew on the lineup', () => {
  beforeEach(() => {
    // A phone: no timetable, so each set has one star.
    vi.spyOn(window, 'matchMedia').mockImplementation(
      () =>
        ({
          matches: false,
          addEventListener() {},
          removeEventListener() {},
        }) as unknown as MediaQueryList,
    )
    return () => vi.mocked(window.matchMedia).mockRestore()
  })

  it('stars a set at once, saves it, and unstars it: PUT then DELETE of its key', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const sent = fakeServer(
      companionServer(
        { schedule: scheduleWith() },
        {
          'PUT /api/schedule/stars/h.vanta': async () => {
            await held
            return { status: 204, body: {} }
          },
        },
      ),
    )
    renderWithApp(<LineupWithMarks />)
    const star = await starOfRow('Vanta')
    expect(star.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(star)
    // Pressed while the server has not answered yet.
    await vi.waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('true'))
    release()
    await vi.waitFor(() =>
      expect(sent.filter((request) => request.path.startsWith('/api/schedule/stars/'))).toEqual([
        { method: 'PUT', path: '/api/schedule/stars/h.vanta', body: undefined },
      ]),
    )
    fireEvent.click(star)
    await vi.waitFor(() => expect(star.getAttribute('aria-pressed')).toBe('false'))
    await vi.waitFor(() =>
      expect(sent.map((request) => `${request.method} ${request.path}`)).toContain(
        'DELETE /api/schedule/stars/h.vanta',
      ),
    )
  })

  it('takes back a star the server refused, and says so', async () => {
    fakeServer(
      companionServer(
        { schedule: scheduleWith() },
        {
          'PUT /api/schedule/stars/h.vanta': () => ({
            status: 404,
            body: { code: 'set_not_found', message: 'This set is not on the lineup' },
          }),
        },
      ),
    )
    renderWithApp(<LineupWithMarks />)
    const star = await starOfRow('Vanta')
    fireEvent.click(star)
    expect(await screen.findByText("Couldn't star that set")).toBeTruthy()
    expect(screen.getByText('This set is not on the lineup')).toBeTruthy()
    expect(star.getAttribute('aria-pressed')).toBe('false')
  })

  it('warns of a clash between starred sets, across midnight', async () => {
    fakeServer(
      companionServer({
        schedule: scheduleWith(starOf(vanta), starOf(seleneRay), starOf(deepLagoon)),
      }),
    )
    renderWithApp(<LineupWithMarks />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Sat 11 Jul' }))
    expect((await rowOf('Selene Ray')).textContent).toContain('Overlaps Deep Lagoon by 30 min')
    expect((await rowOf('Deep Lagoon')).textContent).toContain('Overlaps Selene Ray by 30 min')
    expect((await rowOf('Vanta')).textContent).not.toContain('Overlaps')
    expect((await starOfRow('Vanta')).getAttribute('aria-pressed')).toBe('true')
  })

  it('marks the sets people I follow starred, and those of a friend whose picks I opened', async () => {
    const sam = { userId: 'u-sam', username: 'Sam', emoji: '🐙' }
    const alex = { userId: 'u-alex', username: 'Alex', emoji: '🦊' }
    fakeServer(
      companionServer({
        schedule: scheduleWith(),
        crew: { following: [sam], picks: { 'h.vanta': ['u-sam'], 'h.lagoon': ['u-sam'] } },
      }),
    )
    const opened: OpenedPicks = {
      code: 'abcdefghijklmnop',
      owner: alex,
      keys: new Set(['h.lagoon', 'h.selene']),
      following: false,
    }
    renderWithApp(<LineupWithMarks opened={opened} />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Sat 11 Jul' }))
    await vi.waitFor(async () => expect((await rowOf('Vanta')).textContent).toContain('Sam goes'))
    expect((await rowOf('Selene Ray')).textContent).toContain('Alex goes')
    expect((await rowOf('Deep Lagoon')).textContent).toContain('Alex and Sam go')
  })
})
