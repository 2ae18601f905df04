import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { AuthScreen } from './AuthScreen'

// auth-js as the form sees it, with e-mail confirmation on: a sign-up waits for its link.
const authClient = vi.hoisted(() => ({
  signUp: async () => ({ data: { session: null, user: {} }, error: null }),
}))
vi.mock('./load-auth-client', () => ({ loadAuthClient: async () => authClient }))

describe('the sign-in screen’s small print', () => {
  it('says the spec’s words, with the Terms of Service a link to the terms page', () => {
    render(<AuthScreen WifiProviderName={() => 'Nova Mobile'} />)
    const link = screen.getByRole('link', { name: 'Terms of Service' })
    expect(link.getAttribute('href')).toBe('/terms')
    expect(link.closest('p')?.textContent).toBe('By connecting, you agree to our Terms of Service.')
  })
})

describe('the sign-in screen’s other ways to connect', () => {
  it('offers Spotify (not yet) under the form, and not under "check your mail"', async () => {
    const user = userEvent.setup()
    renderWithApp(<AuthScreen WifiProviderName={() => 'Nova Mobile'} />)
    const spotify = () =>
      screen.queryByRole('button', { name: 'Connect with Spotify (Coming Soon)' })
    expect(spotify()?.hasAttribute('disabled')).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Create New Account' }))
    await user.type(screen.getByLabelText('E-mail'), 'luna@example.test')
    await user.type(screen.getByLabelText('Password'), 'festival nights are long')
    await user.click(screen.getByRole('button', { name: 'Create Account & Connect' }))
    await screen.findByRole('heading', { name: 'Confirm your e-mail' })
    expect(spotify()).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect(spotify()).not.toBeNull()
  })
})
