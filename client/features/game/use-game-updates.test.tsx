import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { GameState } from '../../../shared/game/game.schema'
import { fakeServer, renderWithApp } from '../../test/render'
import { LevelCard } from './LevelCard'
import { type MyGameMessage, useGameUpdates } from './use-game-updates'

const HOPPER = { id: 'stage-hopper', name: 'Stage hopper' }

/** My game at level 1 (30 points, two stages) or, after a third stage, level 2. */
function gameAt(level: 1 | 2): GameState {
  return {
    level,
    points: level === 1 ? 30 : 70,
    grant: { sessionMinutes: level === 1 ? 240 : 300, devices: 3, dataQuotaMb: 0 },
    next: {
      level: level + 1,
      points: level === 1 ? 40 : 80,
      grant: { sessionMinutes: 360, devices: 3, dataQuotaMb: 0 },
      hint: '1 more stage',
    },
    badges: [
      {
        ...HOPPER,
        description: 'Check in at 3 different stages.',
        points: 40,
        earnedAt: level === 1 ? null : '2026-08-14T10:00:00.000Z',
        progress: { current: level === 1 ? 2 : 3, target: 3 },
      },
    ],
    inviteUrl: 'http://vibes.test/?invite=abcdefghjk',
  }
}

/** The main screen's game part: my card, handing up the handler the live channel would call. */
function Game({ onHandler }: { onHandler: (handle: (message: MyGameMessage) => void) => void }) {
  onHandler(useGameUpdates(() => {}))
  return <LevelCard />
}

function renderGame() {
  let handle: (message: MyGameMessage) => void = () => {}
  renderWithApp(<Game onHandler={(handler) => (handle = handler)} />)
  return (message: MyGameMessage) => act(() => handle(message))
}

const toasts = (text: string) => screen.queryAllByText(text).length

describe('my game’s toasts', () => {
  it('shows a new level once on the device whose own check-in answer showed it first', async () => {
    let game = gameAt(1)
    fakeServer((request) => {
      if (request.method === 'POST') game = gameAt(2)
      return { status: 200, body: request.method === 'POST' ? { stage: 'The Grove', game } : game }
    })
    const live = renderGame()
    const card = await screen.findByRole('region', { name: 'Your level' })
    await within(card).findByText('Level 1')
    fireEvent.change(within(card).getByLabelText('Check in at a stage'), {
      target: { value: 'ABC234' },
    })
    fireEvent.click(within(card).getByRole('button', { name: 'Check in' }))
    // The answer updates the card before the live message arrives.
    await within(card).findByText('Level 2')
    await screen.findByText('Level 2 reached')
    await live({ type: 'game', level: 2, unlocked: [HOPPER] })
    await live({ type: 'game', level: 2, unlocked: [] })
    await screen.findByText('Checked in at The Grove')
    expect(toasts('Level 2 reached')).toBe(1)
    expect(toasts('Badge unlocked: Stage hopper')).toBe(1)
  })

  it('shows what the live message brings once, on a device that did nothing', async () => {
    let game = gameAt(1)
    fakeServer(() => ({ status: 200, body: game }))
    const live = renderGame()
    await screen.findByText('Level 1')
    game = gameAt(2)
    await live({ type: 'game', level: 2, unlocked: [HOPPER] })
    await screen.findByText('Level 2 reached')
    expect(screen.getByText('5 h of WiFi per session from your next sign-in.')).toBeTruthy()
    await live({ type: 'game', level: 2, unlocked: [HOPPER] })
    expect(toasts('Badge unlocked: Stage hopper')).toBe(1)
    expect(toasts('Level 2 reached')).toBe(1)
  })

  it('reloads my card at each (re)connect, the first included, and shows what came meanwhile', async () => {
    let game = gameAt(1)
    const sent = fakeServer(() => ({ status: 200, body: game }))
    const live = renderGame()
    await screen.findByText('Level 1')
    const loads = () => sent.filter((request) => request.path === '/api/game').length
    expect(loads()).toBe(1)
    // Awarded after the card loaded but before the socket signed in: no socket of mine heard it.
    game = gameAt(2)
    await live({ type: 'ready' })
    await screen.findByText('Level 2 reached')
    expect(loads()).toBe(2)
    // A reconnect later reloads again; what was already shown is not toasted twice.
    await live({ type: 'ready' })
    await waitFor(() => expect(loads()).toBe(3))
    expect(toasts('Badge unlocked: Stage hopper')).toBe(1)
    expect(toasts('Level 2 reached')).toBe(1)
  })
})
