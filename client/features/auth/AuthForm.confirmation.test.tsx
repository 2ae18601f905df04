import { screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '../../test/render'
import { AuthForm } from './AuthForm'

// auth-js as the form sees it: each test says what the server answers.
const authClient = vi.hoisted(() => ({
  signInWithPassword: vi.fn(),
  signUp: vi.fn(),
  resend: vi.fn(),
}))
vi.mock('./load-auth-client', () => ({ loadAuthClient: async () => authClient }))

const EMAIL = 'luna@example.test'
const notConfirmed = Object.assign(new Error('Email not confirmed'), {
  code: 'email_not_confirmed',
})

async function fillAndSubmit(user: UserEvent, button: string) {
  await user.type(screen.getByLabelText('E-mail'), ` ${EMAIL} `)
  await user.type(screen.getByLabelText('Password'), 'festival nights are long')
  await user.click(screen.getByRole('button', { name: button }))
}

describe('AuthForm with e-mail confirmation on', () => {
  beforeEach(() => {
    authClient.signUp.mockResolvedValue({ data: { session: null, user: {} }, error: null })
    authClient.signInWithPassword.mockResolvedValue({ data: {}, error: notConfirmed })
    authClient.resend.mockResolvedValue({ data: {}, error: null })
  })

  it('after sign-up, says where the link went and what to do, and sends it again on request', async () => {
    const user = userEvent.setup()
    renderWithApp(<AuthForm />)
    await user.click(screen.getByRole('button', { name: 'Create New Account' }))
    await fillAndSubmit(user, 'Create Account & Connect')

    const heading = await screen.findByRole('heading', { name: 'Confirm your e-mail' })
    expect(document.activeElement).toBe(heading)
    expect(screen.getByText(EMAIL).closest('p')?.textContent).toBe(
      `We've sent a confirmation link to ${EMAIL}. Open it to finish creating your account; it signs you in.`,
    )
    // The spec's toast still comes.
    expect(await screen.findByText('Check your email!')).toBeTruthy()
    expect(screen.queryByLabelText('Password')).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(authClient.resend).toHaveBeenCalledWith({
      type: 'signup',
      email: EMAIL,
      options: { emailRedirectTo: `${window.location.origin}/` },
    })
    expect((await screen.findByText(/^Sent\./)).textContent).toBe(
      'Sent. Use the link in the newest mail: the earlier ones no longer work.',
    )

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }))
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe(EMAIL)
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy()
  })

  it("offers the same resend when a sign-in is refused with 'Email not confirmed'", async () => {
    const user = userEvent.setup()
    renderWithApp(<AuthForm />)
    await fillAndSubmit(user, 'Connect')

    expect(await screen.findByText('Authentication failed')).toBeTruthy()
    expect(screen.getByText('Email not confirmed')).toBeTruthy()
    await screen.findByRole('heading', { name: 'Your e-mail is not confirmed yet' })
    await user.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(authClient.resend).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'signup', email: EMAIL }),
    )
    expect(await screen.findByText(/^Sent\./)).toBeTruthy()
  })

  it('says why when the resend is refused, and stays on the same screen', async () => {
    authClient.resend.mockResolvedValue({
      data: {},
      error: new Error('Too many requests, try again in a few minutes'),
    })
    const user = userEvent.setup()
    renderWithApp(<AuthForm />)
    await fillAndSubmit(user, 'Connect')
    await screen.findByRole('heading', { name: 'Your e-mail is not confirmed yet' })
    await user.click(screen.getByRole('button', { name: 'Send the link again' }))
    expect(await screen.findByText('Too many requests, try again in a few minutes')).toBeTruthy()
    expect(screen.queryByText(/^Sent\./)).toBeNull()
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeTruthy()
  })

  it('keeps the form for any other refusal', async () => {
    authClient.signInWithPassword.mockResolvedValue({
      data: {},
      error: Object.assign(new Error('Invalid login credentials'), { code: 'invalid_credentials' }),
    })
    const user = userEvent.setup()
    renderWithApp(<AuthForm />)
    await fillAndSubmit(user, 'Connect')
    expect(await screen.findByText('Invalid login credentials')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull()
  })
})
