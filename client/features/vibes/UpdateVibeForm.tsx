import { type FormEvent, useState } from 'react'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { DEFAULT_EMOJI } from '../../../shared/vibes/vibe-limits'
import { DIALOG_TOASTER_ID } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { useUpdateVibe, vibeSubject } from './update-vibe.api'
import { VibeFields } from './VibeFields'
import { vibeErrorField, vibeErrorMessage } from './vibe-error-message'
import { parseVibeForm, type VibeFormValues } from './vibe-form'
import { toastInvalidVibe, toastVibeWriteFailed } from './vibe-toasts'

interface UpdateVibeFormProps {
  vibe: Vibe | null
  userId: string
  onDone: () => void
}

const UPDATE_FAILED = 'Failed to update your vibe'

const valuesOf = (vibe: Vibe | null): VibeFormValues => ({
  username: vibe?.username ?? '',
  emoji: vibe?.emoji ?? DEFAULT_EMOJI,
  status: vibe?.status ?? '',
})

/** The update modal's form, prefilled from my vibe (as on screen, then the latest). */
export function UpdateVibeForm({ vibe, userId, onDone }: UpdateVibeFormProps) {
  const [values, setValues] = useState(() => valuesOf(vibe))
  const [edited, setEdited] = useState(false)
  const [invalid, setInvalid] = useState<keyof VibeFormValues>()
  const [shown, setShown] = useState(vibe)
  if (vibe !== shown) {
    // A newer version came (the dialog's refresh, a change from another tab): the form shows it,
    // unless I have started editing. Saving updates the newest one either way.
    setShown(vibe)
    if (!edited) setValues(valuesOf(vibe))
  }
  const updateVibe = useUpdateVibe(userId)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const result = parseVibeForm(values)
    if (!result.ok) {
      setInvalid(result.field)
      return toastInvalidVibe(result, DIALOG_TOASTER_ID)
    }
    if (!vibe) return toastVibeWriteFailed(UPDATE_FAILED, DIALOG_TOASTER_ID)
    try {
      const { queued } = await updateVibe.mutateAsync({ id: vibe.id, input: result.input })
      if (queued) {
        toast('Vibe saved on this device 📶', {
          // The same toast turns into the refusal, if the server refuses it once sent.
          id: vibeSubject(vibe.id),
          description: "Waiting for network: it goes out as soon as you're back online.",
        })
      } else {
        toast.success('Vibe updated! ✨', { description: 'Your festival energy is refreshed!' })
      }
      onDone()
    } catch (error) {
      setInvalid(vibeErrorField(error))
      toastVibeWriteFailed(vibeErrorMessage(error, UPDATE_FAILED), DIALOG_TOASTER_ID)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={updateVibe.isPending}>
      <VibeFields
        values={values}
        onChange={(changed) => {
          setEdited(true)
          if (invalid && changed[invalid] !== values[invalid]) setInvalid(undefined)
          setValues(changed)
        }}
        statusLabel="What's your vibe right now?"
        invalid={invalid}
      />
      {/* The actions stay in reach while a phone scrolls the form. */}
      <div className="sticky bottom-0 -mx-4 -mb-4 mt-6 grid grid-cols-2 gap-3 border-t border-white/10 bg-night-900/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:-mb-6 sm:px-6 sm:py-4">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={updateVibe.isPending}>
          {updateVibe.isPending ? 'Updating...' : 'Update Vibe'}
        </button>
      </div>
    </form>
  )
}
