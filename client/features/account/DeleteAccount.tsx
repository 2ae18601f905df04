import { type FormEvent, useState } from 'react'
import { LabeledInput } from '../../components/LabeledInput'
import { DIALOG_TOASTER_ID } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { ApiError } from '../../lib/api-client'
import { useSwapFocus } from '../../lib/use-swap-focus'
import { deleteMyAccount } from './account.api'

interface DeleteAccountProps {
  headingId: string
  /** Runs the deletion, then ends this device's session (the auth feature's, handed in). */
  endSessionAfter: (end: () => Promise<void>) => Promise<void>
}

/** "Delete my account": what goes, then my password to confirm it. */
export function DeleteAccount({ headingId, endSessionAfter }: DeleteAccountProps) {
  const [confirming, setConfirming] = useState(false)
  const [password, setPassword] = useState('')
  const [deleting, setDeleting] = useState(false)
  // The button pressed gives way to the password field, and Cancel back to it: the focus follows.
  const focus = useSwapFocus<HTMLButtonElement, HTMLInputElement>(confirming)
  const confirm = (next: boolean) => {
    focus.swapping()
    setConfirming(next)
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!password) return
    setDeleting(true)
    try {
      await endSessionAfter(() => deleteMyAccount(password))
      toast('Your account was deleted', {
        description: 'Everything stored about you is gone. See you at the next festival! 👋',
      })
    } catch (error) {
      setDeleting(false)
      // The server words a wrong password as a sign-in does; here it is a confirmation.
      const wrongPassword = error instanceof ApiError && error.code === 'invalid_credentials'
      if (wrongPassword) setPassword('')
      toast.error('Your account was not deleted', {
        description: wrongPassword
          ? "That password isn't right. Type it again."
          : error instanceof Error
            ? error.message
            : 'Please try again.',
        toasterId: DIALOG_TOASTER_ID,
      })
      focus.on.current?.focus()
    }
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold text-white">
        Delete my account
      </h3>
      <p className="mt-2 text-sm text-zinc-200">
        This removes your account and everything about you at once, on every device: your vibe,
        schedule, follows, blocks, badges, WiFi pass and devices, and reminders. It cannot be
        undone.
      </p>
      {confirming ? (
        <form className="mt-3 flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
          <LabeledInput
            label="Type your password to confirm"
            type="password"
            autoComplete="current-password"
            ref={focus.on}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
          />
          <div className="flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-secondary" onClick={() => confirm(false)}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn bg-red-700 text-white hover:bg-red-600"
              disabled={deleting || password === ''}
            >
              {deleting ? 'Deleting...' : 'Delete my account for good'}
            </button>
          </div>
        </form>
      ) : (
        <button
          ref={focus.off}
          type="button"
          className="btn mt-3 border border-red-400/50 text-red-200 hover:bg-red-500/10"
          onClick={() => confirm(true)}
        >
          Delete my account
        </button>
      )}
    </section>
  )
}
