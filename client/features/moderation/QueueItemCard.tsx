import { useState } from 'react'
import { REPORT_REASON_LABELS } from '../../../shared/safety/report-reasons'
import type { QueueItem } from '../../../shared/safety/safety-responses.schema'
import { toast } from '../../components/toasts/toast'
import { formatLocalMoment } from '../../lib/local-moment'
import { useModerate } from './moderation.api'
import { ReasonForm } from './ReasonForm'

const STATE_LABELS = {
  hidden: 'Hidden pending review',
  removed: 'Removed',
  visible: 'In the feed',
} as const

/** One vibe in the queue: its reports (never who filed them) and what a moderator can do. */
export function QueueItemCard({ item }: { item: QueueItem }) {
  const { vibe, reports, openReports } = item
  const [form, setForm] = useState<'remove' | 'suspend' | null>(null)
  const moderate = useModerate()
  const act = (path: string, body: object, done: string) =>
    moderate.mutate(
      { path, body },
      {
        onSuccess: () => {
          toast.success(done)
          setForm(null)
        },
        onError: (error) => toast.error('That did not work', { description: error.message }),
      },
    )
  const hidden = vibe.moderation.state === 'hidden'
  return (
    <li
      aria-label={`${vibe.username}’s vibe`}
      className={`rounded-2xl border p-4 ${hidden ? 'border-amber-300/50 bg-amber-400/10' : 'border-white/10 bg-white/[0.03]'}`}
    >
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-emoji text-xl">{vibe.emoji}</span>
        <strong className="break-words text-white">{vibe.username}</strong>
        <span className="text-sm font-semibold text-amber-200">
          {STATE_LABELS[vibe.moderation.state]}
        </span>
      </p>
      <p className="mt-1 break-words text-zinc-100">{vibe.status}</p>
      {item.authorSuspendedUntil ? (
        <p className="mt-2 text-sm font-semibold text-rose-200">
          Author suspended until {formatLocalMoment(item.authorSuspendedUntil)}
        </p>
      ) : null}
      <p className="mt-2 text-sm text-zinc-300">
        {openReports} open report{openReports === 1 ? '' : 's'}
        {item.lastReportedAt ? `, the latest ${formatLocalMoment(item.lastReportedAt)}` : ''}
      </p>
      <ul className="mt-1 flex flex-col gap-1 text-sm">
        {reports.map((report, index) => (
          // Reports have no id of their own (reporters are never named): their order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="break-words text-zinc-100">
            <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
            {report.note ? `: “${report.note}”` : ''}{' '}
            <span className="text-zinc-300">({formatLocalMoment(report.at)})</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          disabled={moderate.isPending}
          onClick={() =>
            act(`vibes/${vibe.id}/restore`, {}, `${vibe.username}’s vibe is in the feed`)
          }
        >
          {hidden || vibe.moderation.state === 'removed' ? 'Restore' : 'Keep (dismiss reports)'}
        </button>
        <button type="button" className="btn-secondary" onClick={() => setForm('remove')}>
          Remove...
        </button>
        {/* Only what applies: an author suspended now can be unsuspended, anyone else suspended. */}
        {item.authorSuspendedUntil ? (
          <button
            type="button"
            className="btn-secondary"
            disabled={moderate.isPending}
            onClick={() =>
              act(`users/${vibe.userId}/unsuspend`, {}, `${vibe.username} can post again`)
            }
          >
            Unsuspend author
          </button>
        ) : (
          <button type="button" className="btn-secondary" onClick={() => setForm('suspend')}>
            Suspend author...
          </button>
        )}
      </div>
      {form ? (
        <ReasonForm
          key={form}
          suspend={form === 'suspend'}
          name={vibe.username}
          pending={moderate.isPending}
          onCancel={() => setForm(null)}
          onSubmit={(body) =>
            form === 'remove'
              ? act(`vibes/${vibe.id}/remove`, body, `${vibe.username}’s vibe is removed`)
              : act(`users/${vibe.userId}/suspend`, body, `${vibe.username} is suspended`)
          }
        />
      ) : null}
    </li>
  )
}
