import { useState } from 'react'
import { toast } from '../../components/toasts/toast'

interface NewLinkButtonProps {
  /** What stops working with the old link, said before and after. */
  consequence: string
  busy: boolean
  /** Makes the new link; resolves once it is in. */
  renew: () => Promise<unknown>
}

/** "New link", asked twice: the old link stops working at once, which cannot be undone. */
export function NewLinkButton({ consequence, busy, renew }: NewLinkButtonProps) {
  const [confirming, setConfirming] = useState(false)
  if (!confirming) {
    return (
      <button type="button" className="btn-ghost" onClick={() => setConfirming(true)}>
        New link
      </button>
    )
  }
  const confirm = () =>
    renew().then(
      () => {
        setConfirming(false)
        toast.success('New link made', { description: consequence })
      },
      (error: Error) => toast.error("Couldn't make a new link", { description: error.message }),
    )
  return (
    <fieldset className="flex w-full flex-wrap items-center gap-2">
      <legend className="sr-only">New link</legend>
      <span className="text-sm text-zinc-200">{consequence}</span>
      <button type="button" className="btn-primary" onClick={confirm} disabled={busy}>
        Yes, new link
      </button>
      <button type="button" className="btn-ghost" onClick={() => setConfirming(false)}>
        Cancel
      </button>
    </fieldset>
  )
}
