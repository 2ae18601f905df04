import { type FormEvent, useId, useRef, useState } from 'react'
import { LabeledInput } from '../../components/LabeledInput'
import { useScreenArrival } from '../../lib/use-screen-arrival'
import { setNewPassword } from './auth-actions'

/**
 * Shown after a recovery link signed the user in: choose a new password, then carry on. If the
 * sign-in is no longer recent, the server asks for the code it mails, and a second field appears.
 */
export function NewPasswordScreen({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [codeSent, setCodeSent] = useState(false)
  const [busy, setBusy] = useState(false)
  const codeId = useId()
  const codeHintId = useId()
  const heading = useRef<HTMLHeadingElement>(null)
  useScreenArrival('new-password', 'Choose a new password · VibeConnect', heading)

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    const outcome = await setNewPassword(password, codeSent ? code : undefined)
    setBusy(false)
    if (outcome === 'saved') onDone()
    if (outcome === 'code-sent') setCodeSent(true)
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <form onSubmit={onSubmit} className="card space-y-4" aria-busy={busy}>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
          Choose a new password
        </h1>
        <p className="text-sm text-zinc-300">At least 8 characters, and not a common one.</p>
        <LabeledInput
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        {codeSent && (
          <div>
            <label htmlFor={codeId} className="label">
              Code from your e-mail
            </label>
            <input
              id={codeId}
              className="field"
              required
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              aria-describedby={codeHintId}
              // biome-ignore lint/a11y/noAutofocus: the field appears because the user must fill it next
              autoFocus
              value={code}
              onChange={(event) => setCode(event.target.value.trim())}
            />
            <p id={codeHintId} className="mt-1 text-sm text-zinc-300">
              For your security, enter the 6-digit code we just e-mailed you.
            </p>
          </div>
        )}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Save New Password'}
        </button>
      </form>
    </main>
  )
}
