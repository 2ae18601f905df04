import { screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { aVibe } from '../../test/fixtures'
import { fakeServer, renderWithApp } from '../../test/render'
import { Onboarding } from './Onboarding'

const created = aVibe()

/** Types a username and a status as given, then presses Join. */
async function join(user: UserEvent, username: string, status: string) {
  await user.type(screen.getByLabelText('Username'), username)
  await user.type(screen.getByLabelText("What's your vibe today?"), status)
  await user.click(screen.getByRole('button', { name: 'Join the Festival!' }))
}

describe('Onboarding', () => {
  it('refuses blank fields with the missing-info toast and sends nothing', async () => {
    const sent = fakeServer(() => ({ status: 201, body: { vibe: created } }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, '   ', 'Here for the music')

    expect(await screen.findByText('Missing info! 📝')).toBeTruthy()
    expect(screen.getByText('Please fill in your username and vibe status')).toBeTruthy()
    expect(sent).toEqual([])
  })

  it('counts the status as a person reads it, and keeps each field within its limit', async () => {
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)
    const status = screen.getByLabelText("What's your vibe today?")
    expect(screen.getByText('0/100')).toBeTruthy()

    // A flag and a family are one character each; a line break becomes a space.
    await user.type(status, 'Go 🇳🇱{Enter}👨‍👩‍👧')
    expect((status as HTMLTextAreaElement).value).toBe('Go 🇳🇱 👨‍👩‍👧')
    expect(screen.getByText('6/100')).toBeTruthy()

    const username = screen.getByLabelText('Username')
    await user.type(username, 'x'.repeat(25))
    expect((username as HTMLInputElement).value).toBe('x'.repeat(20))
  })

  it('sends the trimmed vibe with the chosen emoji, and says welcome', async () => {
    const sent = fakeServer(({ method }) =>
      method === 'POST'
        ? { status: 201, body: { vibe: created } }
        : { status: 200, body: { vibe: created } },
    )
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await user.click(screen.getByRole('button', { name: 'High voltage' }))
    await join(user, '  Luna ', 'Front row ')

    expect(await screen.findByText('Welcome to the vibe! 🎉')).toBeTruthy()
    expect(sent.filter((request) => request.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/vibes',
        body: { username: 'Luna', emoji: '⚡', status: 'Front row' },
      },
    ])
  })

  it('says what went wrong when the server refuses, and keeps what was typed', async () => {
    fakeServer(() => ({
      status: 503,
      body: { code: 'service_unavailable', message: 'The festival server is busy, try again' },
    }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, 'Luna', 'Front row')

    expect(await screen.findByText('Oops! Something went wrong 😅')).toBeTruthy()
    expect(screen.getByText('The festival server is busy, try again')).toBeTruthy()
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('Luna')
    expect(screen.getByRole('button', { name: 'Join the Festival!' })).toBeTruthy()
  })
})
