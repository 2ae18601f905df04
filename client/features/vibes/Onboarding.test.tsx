import { screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
  afterEach(() => vi.unstubAllEnvs())

  it('refuses blank fields with the missing-info toast and sends nothing', async () => {
    const sent = fakeServer(() => ({ status: 201, body: { vibe: created } }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, '   ', 'Here for the music')

    expect(await screen.findByText('Missing info! 📝')).toBeTruthy()
    expect(screen.getByText('Please fill in your username and vibe status')).toBeTruthy()
    expect(sent).toEqual([])
    // The blank field is marked and focused: what to fix, for the keyboard and a screen reader.
    const username = screen.getByLabelText('Username')
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(username)
    await user.type(username, 'Luna')
    expect(username.getAttribute('aria-invalid')).toBeNull()
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

    await user.click(screen.getByRole('button', { name: 'Change emoji' }))
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

  it('marks the field a listed word was found in, until it is edited', async () => {
    const message =
      "Your vibe status contains “mdma”, which isn't allowed here: change it and try again"
    fakeServer(() => ({
      status: 422,
      body: { code: 'vibe_held_back', message, details: { status: message } },
    }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, 'Luna', 'mdma anyone')

    expect(await screen.findByText(message)).toBeTruthy()
    const status = screen.getByLabelText("What's your vibe today?")
    expect(status.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull()
    await user.type(status, '!')
    expect(status.getAttribute('aria-invalid')).toBeNull()
  })

  it('marks the username when someone already goes by it', async () => {
    const message = 'Someone already goes by this username, or by one that looks just like it'
    fakeServer(() => ({ status: 409, body: { code: 'username_taken', message } }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, 'LuNa', 'Front row')

    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Username'))
  })

  it('says until when a suspension lasts in this device’s time, with its reason', async () => {
    const until = '2026-07-10T14:05:00.000Z'
    vi.stubEnv('TZ', 'Europe/Amsterdam')
    fakeServer(() => ({
      status: 403,
      body: {
        code: 'account_suspended',
        message: `Your account is suspended until ${until} (spam): you can't post or update your vibe until then`,
        details: { until },
      },
    }))
    const user = userEvent.setup()
    renderWithApp(<Onboarding userId="u1" />)

    await join(user, 'Luna', 'Front row')

    // This device is in Amsterdam for the test: 14:05 UTC is 16:05 there in July.
    expect(
      await screen.findByText(
        "Your account is suspended until Fri 10 Jul, 16:05 (your time) (spam): you can't post or update your vibe until then",
      ),
    ).toBeTruthy()
  })
})
