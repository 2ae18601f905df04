import { type FormEvent, useRef, useState } from 'react'
import { DEFAULT_EMOJI } from '../../../shared/vibes/vibe-limits'
import { toast } from '../../components/toasts/toast'
import { useScreenArrival } from '../../lib/use-screen-arrival'
import { useCreateVibe } from './create-vibe.api'
import { VibeFields } from './VibeFields'
import { vibeErrorField, vibeErrorMessage } from './vibe-error-message'
import { parseVibeForm, type VibeFormValues } from './vibe-form'
import { toastInvalidVibe, toastVibeWriteFailed } from './vibe-toasts'

/** First visit: the user sets their vibe before joining the main app. */
export function Onboarding({ userId }: { userId: string }) {
  const [values, setValues] = useState<VibeFormValues>({
    username: '',
    emoji: DEFAULT_EMOJI,
    status: '',
  })
  const [invalid, setInvalid] = useState<keyof VibeFormValues>()
  const createVibe = useCreateVibe(userId)
  const heading = useRef<HTMLHeadingElement>(null)
  useScreenArrival('onboarding', 'Set Your Vibe! · VibeConnect', heading)

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const result = parseVibeForm(values)
    if (!result.ok) {
      setInvalid(result.field)
      return toastInvalidVibe(result)
    }
    try {
      await createVibe.mutateAsync(result.input)
      toast.success('Welcome to the vibe! 🎉', { description: 'Your festival profile is ready!' })
    } catch (error) {
      setInvalid(vibeErrorField(error))
      toastVibeWriteFailed(vibeErrorMessage(error, 'Failed to create your vibe'))
    }
  }

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col justify-center px-4 py-8">
      <form onSubmit={onSubmit} noValidate aria-busy={createVibe.isPending} className="card">
        <header className="mb-6 text-center">
          <h1
            ref={heading}
            tabIndex={-1}
            className="outline-none bg-gradient-to-r from-fuchsia-300 via-pink-300 to-cyan-200 bg-clip-text text-3xl font-black text-transparent"
          >
            Set Your Vibe!
          </h1>
          <p className="mt-2 text-zinc-300">Pick an avatar and tell the crowd how you feel.</p>
        </header>
        <VibeFields
          values={values}
          onChange={(changed) => {
            if (invalid && changed[invalid] !== values[invalid]) setInvalid(undefined)
            setValues(changed)
          }}
          statusLabel="What's your vibe today?"
          invalid={invalid}
        />
        <button type="submit" className="btn-primary mt-6 w-full" disabled={createVibe.isPending}>
          {createVibe.isPending ? 'Creating your vibe...' : 'Join the Festival!'}
        </button>
      </form>
    </main>
  )
}
