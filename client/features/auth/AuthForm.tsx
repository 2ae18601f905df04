import { type FormEvent, type ReactNode, useState } from 'react'
import { LabeledInput } from '../../components/LabeledInput'
import { type AuthMode, requestPasswordReset, submitCredentials } from './auth-actions'
import { CheckYourMail } from './CheckYourMail'

type AwaitedLink = { email: string; reason: 'signed-up' | 'not-confirmed' }

/**
 * E-mail and password, with the sign-in / sign-up toggle and a way back in for the forgetful; with
 * e-mail confirmation on, "check your mail" in its place once a link is on its way. `otherWays`
 * (other ways to connect) follow the form, and go with it while the screen waits for a link:
 * a sign-in button under "check your mail" would read as the next step.
 */
export function AuthForm({ otherWays }: { otherWays?: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | 'reset'>('sign-in')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [awaitedLink, setAwaitedLink] = useState<AwaitedLink>()

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      if (mode === 'reset') {
        if (await requestPasswordReset(email.trim())) setMode('sign-in')
      } else {
        // Typed input is kept on failure, so nothing needs retyping.
        const outcome = await submitCredentials(mode, email.trim(), password)
        if (outcome === 'confirmation-sent' || outcome === 'not-confirmed') {
          const reason = outcome === 'confirmation-sent' ? 'signed-up' : 'not-confirmed'
          setAwaitedLink({ email: email.trim(), reason })
        }
      }
    } finally {
      setBusy(false)
    }
  }

  const submitLabel = busy
    ? 'Connecting...'
    : mode === 'sign-up'
      ? 'Create Account & Connect'
      : mode === 'reset'
        ? 'Send Reset Link'
        : 'Connect'

  if (awaitedLink) {
    return (
      <CheckYourMail
        {...awaitedLink}
        onBack={() => {
          setAwaitedLink(undefined)
          setMode('sign-in')
        }}
      />
    )
  }

  return (
    <>
      <form onSubmit={onSubmit} className="space-y-4" aria-busy={busy}>
        <LabeledInput
          label="E-mail"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        {mode !== 'reset' && (
          <LabeledInput
            label="Password"
            type="password"
            required
            autoComplete={mode === 'sign-up' ? 'new-password' : 'current-password'}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {submitLabel}
        </button>
        <div className="flex flex-col items-center gap-1">
          <button
            type="button"
            className="btn-ghost text-sm"
            onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
          >
            {mode === 'sign-in' ? 'Create New Account' : 'Already have an account? Sign In'}
          </button>
          {mode === 'sign-in' && (
            <button type="button" className="btn-ghost text-sm" onClick={() => setMode('reset')}>
              Forgot your password?
            </button>
          )}
        </div>
      </form>
      {otherWays}
    </>
  )
}
