import { useEffect, useId, useState } from 'react'
import type { Role } from '../../../shared/safety/roles'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { DIALOG_TOASTER_ID, ModalDialog } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { currentAccessToken } from '../../lib/session'
import { tokenRoles } from '../../lib/token-roles'
import { downloadMyData } from './account.api'
import { BlockedPeople } from './BlockedPeople'
import { DeleteAccount } from './DeleteAccount'

interface AccountDialogProps {
  open: boolean
  onClose: () => void
  /** Runs the deletion, then ends this device's session (the auth feature's, handed in). */
  endSessionAfter: (end: () => Promise<void>) => Promise<void>
}

/**
 * "Account" (docs/privacy.md): the people I blocked, a copy of my data, deleting my account, and
 * the terms and privacy notice. Loaded on demand from the header.
 */
export default function AccountDialog({ open, onClose, endSessionAfter }: AccountDialogProps) {
  const titleId = useId()
  const blockedId = useId()
  const dataId = useId()
  const deleteId = useId()
  return (
    <ModalDialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="px-4 pb-6 sm:px-6">
        <DialogTitleBar titleId={titleId} title="Account" onClose={onClose} />
        <div className="flex flex-col gap-6">
          <BlockedPeople headingId={blockedId} />
          <MyData headingId={dataId} />
          <DeleteAccount headingId={deleteId} endSessionAfter={endSessionAfter} />
          <StaffLinks />
          <p className="text-sm text-zinc-300">
            <a className="text-cyan-200 underline" href="/terms">
              Terms of Service
            </a>{' '}
            ·{' '}
            <a className="text-cyan-200 underline" href="/privacy">
              Privacy notice
            </a>
          </p>
        </div>
      </div>
    </ModalDialog>
  )
}

function MyData({ headingId }: { headingId: string }) {
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      await downloadMyData()
      toast.success('Your data is downloading', { toasterId: DIALOG_TOASTER_ID })
    } catch (error) {
      toast.error('Could not download your data', {
        description: error instanceof Error ? error.message : undefined,
        toasterId: DIALOG_TOASTER_ID,
      })
    } finally {
      setDownloading(false)
    }
  }
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold text-white">
        Your data
      </h3>
      <p className="mt-2 text-sm text-zinc-200">
        A file with everything VibeConnect stores about you, to keep or to read.
      </p>
      <button
        type="button"
        className="btn-secondary mt-3"
        onClick={() => void download()}
        disabled={downloading}
      >
        {downloading ? 'Preparing...' : 'Download my data'}
      </button>
    </section>
  )
}

/** Moderators and organisers: their pages, by the roles in the access token's claims. */
function StaffLinks() {
  const [roles, setRoles] = useState<Role[]>([])
  useEffect(() => {
    void currentAccessToken().then((token) => setRoles(tokenRoles(token)))
  }, [])
  if (roles.length === 0) return null
  return (
    <nav aria-label="Staff" className="flex flex-wrap gap-3">
      <a className="btn-secondary" href="/moderation">
        Moderation
      </a>
      {roles.includes('organiser') ? (
        <a className="btn-secondary" href="/organiser">
          Organiser dashboard
        </a>
      ) : null}
    </nav>
  )
}
