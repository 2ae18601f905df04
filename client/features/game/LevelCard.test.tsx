import { fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../shared/game/game.schema'
import { qrPath } from '../../../shared/qr/qr-path'
import { fakeServer, renderWithApp } from '../../test/render'
import { LevelCard } from './LevelCard'

const game: GameState = {
  level: 2,
  points: 50,
  grant: { sessionMinutes: 300, devices: 3, dataQuotaMb: 0 },
  next: {
    level: 3,
    points: 80,
    grant: { sessionMinutes: 360, devices: 3, dataQuotaMb: 0 },
    hint: '2 more stages',
  },
  badges: [
    {
      id: 'vibe-set',
      name: 'Vibe set',
      description: 'Create your vibe.',
      points: 20,
      earnedAt: '2026-07-10T18:00:00.000Z',
      progress: null,
    },
    {
      id: 'stage-hopper',
      name: 'Stage hopper',
      description: 'Check in at 3 different stages.',
      points: 40,
      earnedAt: null,
      progress: { current: 1, target: 3 },
    },
  ],
  inviteUrl: 'http://vibes.test/?invite=abcdefghjk',
}

describe('the level card', () => {
  it('says the level, what it gives and what is next, with progress a screen reader hears', async () => {
    fakeServer(() => ({ status: 200, body: game }))
    renderWithApp(<LevelCard />)
    const card = await screen.findByRole('region', { name: 'Your level' })
    const line = await within(card).findByText(
      (_, element) =>
        element?.tagName === 'P' &&
        element.textContent === 'Level 2 — 5 h of WiFi per session. Next: 2 more stages',
    )
    expect(line.getAttribute('aria-live')).toBe('polite')
    const progress = within(card).getByRole('progressbar', { name: 'Progress to level 3' })
    expect(progress.getAttribute('aria-valuenow')).toBe('50')
    expect(progress.getAttribute('aria-valuemax')).toBe('80')
    expect(progress.getAttribute('aria-valuetext')).toBe('50 of 80 points for level 3')
    // The badges are drawn when the card's details first open.
    expect(within(card).queryAllByRole('listitem')).toHaveLength(0)
    fireEvent.click(within(card).getByText('Check in, badges and invite link'))
    const badges = await within(card).findAllByRole('listitem')
    expect(badges[0]!.textContent).toContain('Vibe set · 20 points · Earned')
    expect(badges[1]!.textContent).toContain('Stage hopper · 40 points · Locked')
    expect(badges[1]!.textContent).toContain('1 of 3 done')
    expect((within(card).getByLabelText('Your invite link') as HTMLInputElement).value).toBe(
      game.inviteUrl,
    )
  })

  it('shows and hides a QR code of my invite link', async () => {
    fakeServer(() => ({ status: 200, body: game }))
    renderWithApp(<LevelCard />)
    const card = await screen.findByRole('region', { name: 'Your level' })
    fireEvent.click(await within(card).findByRole('button', { name: 'Show QR code' }))
    const qr = await within(card).findByRole('img', { name: 'QR code of your invite link' })
    expect(qr.getAttribute('viewBox')).toBe(
      `0 0 ${qrPath(game.inviteUrl).size} ${qrPath(game.inviteUrl).size}`,
    )
    const hide = within(card).getByRole('button', { name: 'Hide QR code' })
    expect(hide.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(hide)
    expect(within(card).queryByRole('img', { name: 'QR code of your invite link' })).toBeNull()
  })

  it('shows a refused stage code next to the field, and sends nothing for an empty one', async () => {
    const sent = fakeServer((request) =>
      request.path === '/api/game'
        ? { status: 200, body: game }
        : {
            status: 400,
            body: { code: 'stage_code_expired', message: 'That code for The Grove has expired.' },
          },
    )
    renderWithApp(<LevelCard />)
    const field = await screen.findByLabelText('Check in at a stage')
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Type the code shown at the stage')
    expect(sent.filter((request) => request.method === 'POST')).toHaveLength(0)

    fireEvent.change(field, { target: { value: 'abc234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Check in' }))
    expect(await screen.findByText('That code for The Grove has expired.')).toBeTruthy()
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(sent.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/game/check-ins',
      body: { code: 'abc234' },
    })
  })
})
