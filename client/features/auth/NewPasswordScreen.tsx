import { type FormEvent, useId, useState } from 'react'
import { setNewPassword } from './auth-actions'

/** Shown after a recovery link signed the user in: choose a new password, then carry on. */
export function NewPasswordScreen({ onDone }: { onDone: () => void }) {
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const passwordId = useId()

  async function onSubmit(event: FormEvent) {
    event.preventDefault()
    setBusy(true)
    const ok = await setNewPassword(password)
    setBusy(false)
    if (ok) onDone()
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <form onSubmit={onSubmit} className="card space-y-4" aria-busy={busy}>
        <h1 className="text-2xl font-bold">Choose a new password</h1>
        <p className="text-sm text-zinc-300">At least 8 characters, and not a common one.</p>
        <div>
          <label htmlFor={passwordId} className="label">
            New password
          </label>
          <input
            id={passwordId}
            type="password"
            className="field"
            required
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? 'Saving...' : 'Save New Password'}
        </button>
      </form>
    </main>
  )
}
