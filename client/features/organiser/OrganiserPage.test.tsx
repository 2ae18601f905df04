import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { OrganiserStats } from '../../../shared/organiser/organiser-stats.schema'
import { fakeServer, renderWithApp } from '../../test/render'
import { OrganiserPage } from './OrganiserPage'

const HOUR = 3_600_000
const start = Date.parse('2026-07-08T13:00:00.000Z')
const stats: OrganiserStats = {
  generatedAt: '2026-07-10T12:30:00.000Z',
  signUpsPerHour: Array.from({ length: 48 }, (_, i) => ({
    hour: new Date(start + i * HOUR).toISOString(),
    count: i === 47 ? 12 : i === 40 ? 3 : 0,
  })),
  people: { accounts: 1234, withVibe: 987 },
  online: { liveNow: 42, liveInstances: 3, liveOnThisInstance: 15, sessionsActiveLastHour: 300 },
  wifi: { devicesAdmitted: 555, devicesConnectedNow: 321 },
  reports: { open: 7, handled: 19, hiddenVibes: 2 },
}

describe('the organiser dashboard', () => {
  it('shows each figure with its name, and the chart with a summary and a table', async () => {
    fakeServer(() => ({ status: 200, body: stats }))
    const user = userEvent.setup()
    renderWithApp(<OrganiserPage />)
    const figures = await screen.findByRole('region', { name: 'Figures' })
    const figure = (name: string) =>
      within(figures).getByText(name, { exact: true }).parentElement?.querySelector('dd')
        ?.textContent
    expect(figure('Accounts')).toBe('1234')
    expect(figure('People with a vibe')).toBe('987')
    expect(figure('Online now')).toBe('42')
    expect(within(figures).getByText('on the live feed, 3 servers')).toBeTruthy()
    expect(figure('WiFi devices admitted')).toBe('555')
    expect(figure('Reports open')).toBe('7')
    expect(figure('Reports handled')).toBe('19')

    const chart = screen.getByRole('img', { name: /Sign-ups per hour, last 48 hours/ })
    expect(chart.querySelectorAll('rect')).toHaveLength(48)
    expect(chart.querySelector('desc')?.textContent).toMatch(
      /^15 sign-ups in all; the busiest hour/,
    )
    await user.click(screen.getByText('The numbers as a table'))
    const rows = screen.getAllByRole('row')
    expect(rows).toHaveLength(49)
    expect(rows.at(-1)?.textContent).toMatch(/12$/)
  })

  it('says so when the figures do not load', async () => {
    fakeServer(() => ({
      status: 403,
      body: { code: 'role_required', message: 'This needs the organiser role' },
    }))
    renderWithApp(<OrganiserPage />)
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      "The figures didn't load: This needs the organiser role",
    )
  })
})
