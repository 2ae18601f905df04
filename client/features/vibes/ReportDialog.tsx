import { type FormEvent, useId, useState } from 'react'
import {
  REPORT_REASONS,
  ReportInputSchema,
  type ReportReason,
} from '../../../shared/safety/report-input.schema'
import { REPORT_REASON_LABELS } from '../../../shared/safety/report-reasons'
import { REPORT_NOTE_MAX_LENGTH } from '../../../shared/safety/safety-limits'
import { countGraphemes } from '../../../shared/text/graphemes'
import type { Vibe } from '../../../shared/vibes/vibe.schema'
import { CancelOrConfirm } from '../../components/CancelOrConfirm'
import { CharacterCount } from '../../components/CharacterCount'
import { DialogTitleBar } from '../../components/DialogTitleBar'
import { DIALOG_TOASTER_ID, ModalDialog } from '../../components/ModalDialog'
import { toast } from '../../components/toasts/toast'
import { useReportVibe } from './report-vibe.api'
import { limitFieldText } from './vibe-form'

interface ReportDialogProps {
  /** The vibe being reported; null while the dialog is closed. */
  vibe: Vibe | null
  onClose: () => void
}

/** "Report Luna's vibe": a reason from the list and an optional note, for the moderators. */
export default function ReportDialog({ vibe, onClose }: ReportDialogProps) {
  const titleId = useId()
  return (
    <ModalDialog open={vibe !== null} onClose={onClose} labelledBy={titleId}>
      {vibe ? <ReportForm vibe={vibe} titleId={titleId} onClose={onClose} /> : null}
    </ModalDialog>
  )
}

function ReportForm({
  vibe,
  titleId,
  onClose,
}: {
  vibe: Vibe
  titleId: string
  onClose: () => void
}) {
  const noteId = useId()
  const counterId = useId()
  const [reason, setReason] = useState<ReportReason>()
  const [note, setNote] = useState('')
  const report = useReportVibe()

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = ReportInputSchema.safeParse({
      reason,
      ...(note.trim() === '' ? {} : { note }),
    })
    if (!parsed.success) {
      const message =
        reason === undefined
          ? 'Choose what is wrong with this vibe'
          : (parsed.error.issues[0]?.message ?? 'Check the report')
      toast.error('Not sent yet', { description: message, toasterId: DIALOG_TOASTER_ID })
      return
    }
    report.mutate(
      { vibeId: vibe.id, input: parsed.data },
      {
        onSuccess: ({ reported }) => {
          if (reported) {
            toast.success('Thanks, your report was sent', {
              description: 'The moderators will look at it. They never see who reported.',
            })
          } else {
            toast.info('You already reported this vibe', {
              description: 'The moderators have your report: no need to send another.',
            })
          }
          onClose()
        },
        onError: (error) =>
          toast.error('Could not send the report', {
            description: error.message,
            toasterId: DIALOG_TOASTER_ID,
          }),
      },
    )
  }

  return (
    <form className="px-4 pb-4 sm:px-6 sm:pb-6" onSubmit={onSubmit} noValidate>
      <DialogTitleBar
        titleId={titleId}
        title={`Report ${vibe.username}’s vibe`}
        onClose={onClose}
      />
      <p className="text-sm text-zinc-200">
        The moderators see the vibe, your reason and note, never who you are.
        {vibe.status ? (
          <span className="mt-2 block break-words rounded-xl bg-white/5 px-3 py-2 text-zinc-100">
            “{vibe.status}”
          </span>
        ) : null}
      </p>
      <fieldset className="mt-4">
        <legend className="label">What is wrong with it?</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {REPORT_REASONS.map((value) => (
            <label
              key={value}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 hover:bg-white/5 has-checked:bg-fuchsia-500/15"
            >
              <input
                type="radio"
                name="reason"
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
                className="size-4 accent-fuchsia-500"
              />
              <span>{REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-4">
        <label htmlFor={noteId} className="label">
          Anything the moderators should know? (optional)
        </label>
        <textarea
          id={noteId}
          className="field min-h-20 resize-none"
          rows={2}
          value={note}
          aria-describedby={counterId}
          onChange={(event) => setNote(limitFieldText(event.target.value, REPORT_NOTE_MAX_LENGTH))}
        />
        <CharacterCount id={counterId} count={countGraphemes(note)} max={REPORT_NOTE_MAX_LENGTH} />
      </div>
      <CancelOrConfirm className="mt-4" onCancel={onClose} busy={report.isPending}>
        {report.isPending ? 'Sending...' : 'Send report'}
      </CancelOrConfirm>
    </form>
  )
}
