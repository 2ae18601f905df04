import { useEffect, useId, useState } from 'react'
import { REMINDER_MINUTES } from '../../../shared/schedule/reminder-minutes'
import type { ReminderSettings as ReminderChoices } from '../../../shared/schedule/schedule.schema'
import { ApiError } from '../../lib/api-client'
import { pushSupported } from '../../lib/service-worker'
import {
  currentSubscription,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
} from './push-subscription'
import { useReminderChoices, useSaveReminderChoices } from './reminders.api'

/** Where this browser stands: what it can do, and whether it is subscribed. */
type BrowserState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  | { kind: 'off' }
  | { kind: 'on'; subscription: PushSubscription }

// Turning reminders on with no choices made yet: a quarter of an hour, and changes.
const FIRST_CHOICES: ReminderChoices = { minutesBefore: 15, changes: true }

/**
 * Reminders for my starred sets (docs/reminders.md): turned on per browser (the notification
 * permission and a push subscription), with my choices kept per account: how long before a set,
 * and whether programme changes are pushed. Says plainly when the browser cannot, or may not.
 */
export function ReminderSettings() {
  const headingId = useId()
  const [browser, setBrowser] = useState<BrowserState>({ kind: 'checking' })
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string>()
  const choices = useReminderChoices()
  const save = useSaveReminderChoices()

  useEffect(() => {
    let live = true
    const settle = (state: BrowserState) => live && setBrowser(state)
    if (!pushSupported()) settle({ kind: 'unsupported' })
    else if (Notification.permission === 'denied') settle({ kind: 'denied' })
    else {
      currentSubscription()
        .then((subscription) =>
          settle(subscription ? { kind: 'on', subscription } : { kind: 'off' }),
        )
        .catch(() => settle({ kind: 'off' }))
    }
    return () => {
      live = false
    }
  }, [])

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setProblem(undefined)
    try {
      await work()
    } catch (error) {
      setProblem(messageOf(error))
    } finally {
      setBusy(false)
    }
  }

  const turnOn = () =>
    run(async () => {
      const permission = await subscribeThisBrowser()
      if (permission === 'denied') return setBrowser({ kind: 'denied' })
      if (permission !== 'granted') {
        return setProblem('Reminders need your permission to show notifications.')
      }
      const current = choices.data
      if (!current || (current.minutesBefore === null && !current.changes)) {
        await save.mutateAsync(FIRST_CHOICES)
      }
      const subscription = await currentSubscription()
      setBrowser(subscription ? { kind: 'on', subscription } : { kind: 'off' })
    })

  const turnOff = (subscription: PushSubscription) =>
    run(async () => {
      await unsubscribeThisBrowser(subscription)
      setBrowser({ kind: 'off' })
    })

  return (
    <section aria-labelledby={headingId} className="card" aria-busy={busy}>
      <p className="text-xs font-semibold tracking-widest text-cyan-300 uppercase">
        On this device
      </p>
      {/* Inside My schedule (an h2), beside its Calendar feed and Share my picks (h3s). */}
      <h3 id={headingId} className="text-xl font-bold text-zinc-50">
        Reminders
      </h3>
      {browser.kind === 'checking' && (
        <p className="mt-2 text-zinc-300">Checking this browser's reminders...</p>
      )}
      {browser.kind === 'unsupported' && (
        <p className="mt-2 text-zinc-300">
          This browser can't show reminders. On an iPhone or iPad, add VibeConnect to your Home
          Screen (Share, then Add to Home Screen) and open it from there.
        </p>
      )}
      {browser.kind === 'denied' && (
        <p className="mt-2 text-zinc-300">
          Notifications are blocked for VibeConnect in this browser. To get reminders, allow
          notifications in the site's settings (the icon next to the address), then reload.
        </p>
      )}
      {browser.kind === 'off' && (
        <>
          <p className="mt-2 text-zinc-300">
            Get a notification before your starred sets start, and when one of them moves or is
            cancelled.
          </p>
          <button
            type="button"
            className="btn-primary mt-4"
            disabled={busy}
            onClick={() => void turnOn()}
          >
            {busy ? 'Turning on...' : 'Turn on reminders'}
          </button>
        </>
      )}
      {browser.kind === 'on' && (
        <>
          <Choices />
          <button
            type="button"
            className="btn-secondary mt-4"
            disabled={busy}
            onClick={() => void turnOff(browser.subscription)}
          >
            {busy ? 'Turning off...' : 'Turn off reminders on this device'}
          </button>
        </>
      )}
      {problem && (
        <p className="mt-3 text-sm text-rose-300" role="alert">
          {problem}
        </p>
      )}
    </section>
  )
}

/** My choices, saved as soon as one changes. */
function Choices() {
  const choices = useReminderChoices()
  const save = useSaveReminderChoices()
  const name = useId()
  if (choices.isPending) return <p className="mt-2 text-zinc-300">Loading your choices...</p>
  if (choices.isError) {
    return (
      <p className="mt-2 text-zinc-300" role="alert">
        Couldn't load your reminder choices. Try again in a moment.
      </p>
    )
  }
  const current = save.isPending && save.variables ? save.variables : choices.data
  const choose = (next: Partial<ReminderChoices>) => save.mutate({ ...current, ...next })
  const options = [...REMINDER_MINUTES, null] as const
  return (
    <>
      <fieldset className="mt-3">
        <legend className="label">Remind me before a starred set starts</legend>
        <div className="flex flex-wrap gap-2">
          {options.map((minutes) => (
            <label
              key={String(minutes)}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-white/15 bg-white/5 px-3 has-checked:border-cyan-300 has-checked:bg-cyan-300/10"
            >
              <input
                type="radio"
                name={name}
                className="accent-cyan-300"
                checked={current.minutesBefore === minutes}
                onChange={() => choose({ minutesBefore: minutes })}
              />
              {minutes === null ? 'No reminder' : `${minutes} min`}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="mt-3 flex min-h-11 cursor-pointer items-center gap-2 text-zinc-100">
        <input
          type="checkbox"
          className="size-4 accent-cyan-300"
          checked={current.changes}
          onChange={(event) => choose({ changes: event.target.checked })}
        />
        Tell me when a starred set moves or is cancelled
      </label>
      <p className="mt-1 min-h-5 text-sm text-zinc-400" role="status">
        {save.isError ? '' : save.isSuccess ? 'Saved.' : ''}
      </p>
      {save.isError && (
        <p className="text-sm text-rose-300" role="alert">
          Couldn't save your choice: {messageOf(save.error)}
        </p>
      )}
    </>
  )
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    return 'Reminders need your permission to show notifications.'
  }
  return 'Something went wrong turning reminders on. Try again in a moment.'
}
