import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { Crew } from '../../../shared/schedule/schedule.schema'
import { testFestival } from '../../test/festival'
import { fakeServer, renderWithApp } from '../../test/render'
import { MySchedule } from './MySchedule'
import {
  companionServer,
  deepLagoon,
  scheduleWith,
  seleneRay,
  starOf,
  vanta,
} from './schedule-fixtures'

const links = {
  'GET /api/schedule/calendar': () => ({
    status: 200,
    body: {
      url: 'webcal://vibes.test/calendar/first-calendar-token-aaaa.ics',
      httpsUrl: 'https://vibes.test/calendar/first-calendar-token-aaaa.ics',
    },
  }),
  'GET /api/schedule/share': () => ({
    status: 200,
    body: { code: 'shareCodeAAAAAAAAAA', url: 'https://vibes.test/?picks=shareCodeAAAAAAAAAA' },
  }),
}

const itemsOfDay = (day: string) =>
  within(screen.getByRole('region', { name: day }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('My schedule', () => {
  it('lists my starred sets by festival day on its clock, with clashes across midnight', async () => {
    fakeServer(
      companionServer(
        { schedule: scheduleWith(starOf(deepLagoon), starOf(vanta), starOf(seleneRay)) },
        links,
      ),
    )
    renderWithApp(<MySchedule festival={testFestival} />)
    await screen.findByRole('region', { name: 'Saturday 11 July' })
    expect(itemsOfDay('Saturday 11 July')).toEqual([
      '21:30–23:00Vanta, Moonlight Tent',
      '23:30–01:30Selene Ray, Harbour Club⚠ Overlaps Deep Lagoon by 30 min',
      '01:00–02:30Deep Lagoon, Moonlight Tent⚠ Overlaps Selene Ray by 30 min',
    ])
  })

  it('says what to do when nothing is starred, and composes the reminders slot', async () => {
    fakeServer(companionServer({ schedule: scheduleWith() }, links))
    renderWithApp(<MySchedule festival={testFestival} reminders={<p>Reminders go here</p>} />)
    expect(await screen.findByText(/^Nothing starred yet/)).toBeTruthy()
    expect(screen.getByText('Reminders go here')).toBeTruthy()
  })

  it('shows programme changes clearly and acknowledges them with Got it', async () => {
    const moved = starOf(vanta, {
      kind: 'changed',
      now: { ...vanta, stage: 'Harbour Club', start: '2026-07-11T20:00:00Z' },
    })
    const cancelled = starOf(seleneRay, { kind: 'cancelled' })
    const sent = fakeServer(
      companionServer(
        { schedule: scheduleWith(moved, cancelled) },
        { ...links, 'POST /api/schedule/changes/seen': () => ({ status: 204, body: {} }) },
      ),
    )
    renderWithApp(<MySchedule festival={testFestival} />)
    const changes = await screen.findByRole('region', { name: 'Programme changes' })
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'VantaMoved: Saturday 11 July, 22:00–23:00Now at Harbour ClubWas Saturday 11 July, 21:30–23:00 at Moonlight Tent',
      'Selene RayCancelledWas Saturday 11 July, 23:30–01:30 at Harbour Club',
    ])
    // The moved set is in my day as it is now; the cancelled one is not.
    expect(itemsOfDay('Saturday 11 July')).toEqual(['22:00–23:00Vanta, Harbour Club'])

    fireEvent.click(within(changes).getByRole('button', { name: 'Got it' }))
    await vi.waitFor(() =>
      expect(sent.find((request) => request.path === '/api/schedule/changes/seen')?.body).toEqual({
        keys: ['h.vanta', 'h.selene'],
      }),
    )
  })

  it('shows my calendar link to copy, and makes a new one only when confirmed', async () => {
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const sent = fakeServer(
      companionServer(
        { schedule: scheduleWith() },
        {
          ...links,
          'POST /api/schedule/calendar/regenerate': () => ({
            status: 200,
            body: {
              url: 'webcal://vibes.test/calendar/second-calendar-token-bbb.ics',
              httpsUrl: 'https://vibes.test/calendar/second-calendar-token-bbb.ics',
            },
          }),
        },
      ),
    )
    renderWithApp(<MySchedule festival={testFestival} />)
    const calendar = await screen.findByRole('region', { name: 'Calendar feed' })
    const field = (await within(calendar).findByLabelText('Calendar link')) as HTMLInputElement
    expect(field.value).toBe('https://vibes.test/calendar/first-calendar-token-aaaa.ics')
    expect(
      within(calendar)
        .getByRole('link', { name: 'Subscribe in your calendar' })
        .getAttribute('href'),
    ).toBe('webcal://vibes.test/calendar/first-calendar-token-aaaa.ics')

    fireEvent.click(within(calendar).getByRole('button', { name: 'Copy calendar link' }))
    expect(await within(calendar).findByText('Link copied')).toBeTruthy()
    expect(writeText).toHaveBeenCalledWith(field.value)

    fireEvent.click(within(calendar).getByRole('button', { name: 'New link' }))
    expect(sent.some((request) => request.method === 'POST')).toBe(false)
    fireEvent.click(within(calendar).getByRole('button', { name: 'Yes, new link' }))
    await vi.waitFor(() =>
      expect(field.value).toBe('https://vibes.test/calendar/second-calendar-token-bbb.ics'),
    )
    expect(screen.getByText('The old calendar link stops working at once.')).toBeTruthy()
  })

  it('shares my picks as a link and a QR code', async () => {
    fakeServer(companionServer({ schedule: scheduleWith() }, links))
    renderWithApp(<MySchedule festival={testFestival} />)
    const share = await screen.findByRole('region', { name: 'Share my picks' })
    expect(((await within(share).findByLabelText('Share link')) as HTMLInputElement).value).toBe(
      'https://vibes.test/?picks=shareCodeAAAAAAAAAA',
    )
    fireEvent.click(within(share).getByRole('button', { name: 'Show QR code' }))
    expect(
      await within(share).findByRole('img', { name: 'QR code of your share link' }),
    ).toBeTruthy()
  })

  it('lists the people I follow and unfollows one', async () => {
    const alex = { userId: '0b9d1d3e-1f61-4bb6-9c6a-7d1f0a3f5a11', username: 'Alex', emoji: '🦊' }
    let crew: Crew = { following: [alex], picks: { 'h.vanta': [alex.userId] } }
    const sent = fakeServer(
      companionServer(
        { schedule: scheduleWith() },
        {
          ...links,
          'GET /api/schedule/crew': () => ({ status: 200, body: crew }),
          [`DELETE /api/schedule/follows/${alex.userId}`]: () => {
            crew = { following: [], picks: {} }
            return { status: 204, body: {} }
          },
        },
      ),
    )
    renderWithApp(<MySchedule festival={testFestival} />)
    const people = await screen.findByRole('region', { name: 'People you follow' })
    fireEvent.click(await within(people).findByRole('button', { name: 'Unfollow Alex' }))
    expect(await within(people).findByText(/^Nobody yet/)).toBeTruthy()
    expect(sent.some((request) => request.method === 'DELETE')).toBe(true)
  })
})
