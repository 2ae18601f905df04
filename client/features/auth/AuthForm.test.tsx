import { render, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { Toaster } from '../../components/toasts/Toaster'
import { fakeServer, type SentRequest } from '../../test/render'
import { AuthForm } from './AuthForm'

// The form drives the real auth-js client against a stand-in for our GoTrue-compatible server.

const EMAIL = 'luna@example.test'
const PASSWORD = 'correct horse battery staple'

/** The pending user sign-up answers while e-mail confirmation is on (no session). */
const pendingUser = {
  id: 'u1',
  aud: 'authenticated',
  role: '',
  email: EMAIL,
  email_confirmed_at: null,
  confirmation_sent_at: '2026-07-10T12:00:00.000Z',
  app_metadata: { provider: 'email', providers: ['email'] },
  user_metadata: {},
  identities: [],
  created_at: '2026-07-10T12:00:00.000Z',
  updated_at: '2026-07-10T12:00:00.000Z',
}

/** Each request's path and body. */
const requestsIn = (sent: SentRequest[]) =>
  sent.map((request) => [new URL(request.path).pathname, request.body])

/** Waits for a toast with this title and description. */
async function expectToast(title: string, description: string) {
  expect(await screen.findByText(description)).toBeTruthy()
  expect(screen.getByText(title)).toBeTruthy()
}

const refusal = (status: number, code: string, message: string) => () => ({
  status,
  body: { code, message },
})

function renderForm() {
  const user = userEvent.setup()
  render(
    <>
      <AuthForm />
      <Toaster />
    </>,
  )
  return user
}

const emailField = () => screen.getByLabelText('E-mail') as HTMLInputElement
const passwordField = () => screen.getByLabelText('Password') as HTMLInputElement

async function fillIn(user: UserEvent, email: string, password?: string) {
  await user.type(emailField(), email)
  if (password !== undefined) await user.type(passwordField(), password)
}

describe('AuthForm', () => {
  it('starts on sign-in and toggles to sign-up and back, keeping what was typed', async () => {
    const user = renderForm()
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy()
    expect(passwordField().autocomplete).toBe('current-password')
    await fillIn(user, EMAIL, PASSWORD)

    await user.click(screen.getByRole('button', { name: 'Create New Account' }))
    expect(screen.getByRole('button', { name: 'Create Account & Connect' })).toBeTruthy()
    expect(passwordField().autocomplete).toBe('new-password')
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull()
    expect([emailField().value, passwordField().value]).toEqual([EMAIL, PASSWORD])

    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign In' }))
    expect(screen.getByRole('button', { name: 'Connect' })).toBeTruthy()
    expect([emailField().value, passwordField().value]).toEqual([EMAIL, PASSWORD])
  })

  it('asks for the e-mail and the password before it sends anything', async () => {
    const sent = fakeServer(() => ({ status: 500, body: {} }))
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Connect' }))
    await fillIn(user, 'not an address', PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Connect' }))
    expect(emailField().validity.valid).toBe(false)
    await user.clear(emailField())
    await fillIn(user, EMAIL)
    await user.clear(passwordField())
    await user.click(screen.getByRole('button', { name: 'Connect' }))
    expect(passwordField().validity.valueMissing).toBe(true)
    expect(sent).toEqual([])
  })

  it('says why a sign-in failed and keeps the e-mail and password for another try', async () => {
    const sent = fakeServer(refusal(400, 'invalid_credentials', 'Invalid login credentials'))
    const user = renderForm()
    await fillIn(user, EMAIL, PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Connect' }))

    await expectToast('Authentication failed', 'Invalid login credentials')
    expect(requestsIn(sent)).toEqual([
      ['/auth/v1/token', expect.objectContaining({ email: EMAIL, password: PASSWORD })],
    ])
    expect([emailField().value, passwordField().value]).toEqual([EMAIL, PASSWORD])
    expect((screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement).disabled).toBe(
      false,
    )
  })

  it('shows Connecting... and takes no second submit while the server answers', async () => {
    let answer = (_: { status: number; body: unknown }) => {}
    const sent = fakeServer(
      () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    )
    const user = renderForm()
    await fillIn(user, EMAIL, PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Connect' }))

    const busy = await screen.findByRole('button', { name: 'Connecting...' })
    expect((busy as HTMLButtonElement).disabled).toBe(true)
    await user.click(busy)
    expect(sent).toHaveLength(1)
    answer({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Invalid login credentials' },
    })
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeTruthy()
  })

  it('signs up and says to check the mail when confirmation is on', async () => {
    const sent = fakeServer(() => ({ status: 200, body: pendingUser }))
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Create New Account' }))
    await fillIn(user, EMAIL, PASSWORD)
    await user.click(screen.getByRole('button', { name: 'Create Account & Connect' }))

    await expectToast('Check your email!', "We've sent you a confirmation link.")
    expect(requestsIn(sent)).toEqual([
      ['/auth/v1/signup', expect.objectContaining({ email: EMAIL, password: PASSWORD })],
    ])
    // The e-mail link brings them back to this site.
    expect(new URL(sent[0]!.path).searchParams.get('redirect_to')).toBe(
      `${window.location.origin}/`,
    )
  })

  it("shows the server's weak-password message and stays on sign-up with what was typed", async () => {
    const message = 'Password is too weak: add another word or two.'
    fakeServer(refusal(422, 'weak_password', message))
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Create New Account' }))
    await fillIn(user, EMAIL, 'password1')
    await user.click(screen.getByRole('button', { name: 'Create Account & Connect' }))

    await expectToast('Authentication failed', message)
    expect(screen.getByRole('button', { name: 'Create Account & Connect' })).toBeTruthy()
    expect([emailField().value, passwordField().value]).toEqual([EMAIL, 'password1'])
  })

  it('mails a reset link from the forgotten-password view, then is back on sign-in with the address', async () => {
    const sent = fakeServer(() => ({ status: 200, body: {} }))
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    expect(screen.queryByLabelText('Password')).toBeNull()
    await fillIn(user, EMAIL)
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    await expectToast(
      'Check your email!',
      "If that address has an account, we've sent it a reset link.",
    )
    expect(requestsIn(sent)).toEqual([
      ['/auth/v1/recover', expect.objectContaining({ email: EMAIL })],
    ])
    expect(await screen.findByRole('button', { name: 'Connect' })).toBeTruthy()
    expect(passwordField().value).toBe('')
    expect(emailField().value).toBe(EMAIL)
  })

  it('stays on the reset view when the link could not be sent', async () => {
    const message = 'Too many requests. Please wait a moment and try again.'
    fakeServer(refusal(429, 'over_request_rate_limit', message))
    const user = renderForm()
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }))
    await fillIn(user, EMAIL)
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))

    await expectToast('Authentication failed', message)
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeTruthy()
    expect(emailField().value).toBe(EMAIL)
  })
})
