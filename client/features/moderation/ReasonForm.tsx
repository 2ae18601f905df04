import { type FormEvent, useId, useState } from 'react'
import { MODERATION_REASON_MAX_LENGTH } from '../../../shared/safety/safety-limits'
import { CancelOrConfirm } from '../../components/CancelOrConfirm'
import { toast } from '../../components/toasts/toast'

const PERIODS = [
  [1, '1 hour'],
  [24, '24 hours'],
  [72, '3 days'],
  [168, '7 days'],
  [720, '30 days'],
] as const

interface ReasonFormProps {
  /** A suspension (a period and a reason) rather than a removal (a reason). */
  suspend: boolean
  name: string
  pending: boolean
  onCancel: () => void
  onSubmit: (body: { reason: string; hours?: number }) => void
}

/**
 * Remove a vibe or suspend its author, with a reason. Checked here only for what a moderator would
 * miss (a blank reason): the shared zod schema would split the forms' zod chunk for a page a few
 * people use, and the server checks the rest and says what is wrong (ADR 035).
 */
export function ReasonForm({ suspend, name, pending, onCancel, onSubmit }: ReasonFormProps) {
  const reasonId = useId()
  const [hours, setHours] = useState(24)
  const [reason, setReason] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = reason.trim()
    if (!trimmed) return toast.error('Not yet', { description: 'Reason is required' })
    onSubmit(suspend ? { hours, reason: trimmed } : { reason: trimmed })
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 flex flex-col gap-3 rounded-xl bg-white/5 p-3"
    >
      {suspend ? (
        <label className="label">
          Suspend {name} for
          <select
            className="field mt-1.5"
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
          >
            {PERIODS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <div>
        <label htmlFor={reasonId} className="label">
          {suspend
            ? 'Reason (the audit log keeps it; they see it when they try to post)'
            : `Reason (${name} sees it)`}
        </label>
        <input
          id={reasonId}
          className="field"
          value={reason}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <CancelOrConfirm onCancel={onCancel} busy={pending}>
        {suspend ? 'Suspend' : 'Remove vibe'}
      </CancelOrConfirm>
    </form>
  )
}
