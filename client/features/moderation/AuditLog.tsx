import { useId } from 'react'
import type { AuditAction, AuditEntry } from '../../../shared/safety/safety-responses.schema'
import { formatLocalMoment } from '../../lib/local-moment'
import { useAuditLog } from './moderation.api'

const ACTIONS: Record<AuditAction, string> = {
  'vibe.hidden': 'hid a vibe after reports',
  'vibe.restored': 'restored a vibe',
  'vibe.removed': 'removed a vibe',
  'user.suspended': 'suspended',
  'user.suspension_lifted': 'lifted the suspension of',
  'role.granted': 'granted a role to',
  'role.revoked': 'revoked a role of',
}

/** What an entry's `details` add, in words: the hours of a suspension, the reports handled. */
const detailsOf = (entry: AuditEntry) =>
  Object.entries(entry.details ?? {})
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')

/** The audit log (organisers only): who did what, to whom, when and why, newest first. */
export function AuditLog() {
  const titleId = useId()
  const log = useAuditLog(true)
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? []
  return (
    <section aria-labelledby={titleId} className="card">
      <h2 id={titleId} className="text-xl font-bold text-white">
        Audit log
      </h2>
      <p className="mt-1 text-sm text-zinc-300">
        Every moderator's action, automatic hide and role change. Nobody can edit it.
      </p>
      {log.isPending ? (
        <p role="status" className="py-4 text-zinc-300">
          Loading the log...
        </p>
      ) : log.isError ? (
        <p role="alert" className="py-4 text-red-200">
          The log didn't load: {log.error.message}
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-zinc-300">
              <tr>
                <th className="py-2 pr-3">When</th>
                <th className="py-2 pr-3">Who</th>
                <th className="py-2 pr-3">What</th>
                <th className="py-2">Why</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-t border-white/10 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap">{formatLocalMoment(entry.at)}</td>
                  <td className="py-2 pr-3 break-words">{entry.actor.name}</td>
                  <td className="py-2 pr-3 break-words">
                    {ACTIONS[entry.action]}
                    {entry.subject ? ` ${entry.subject.name}` : ''}
                    {entry.details ? (
                      <span className="block text-zinc-300">{detailsOf(entry)}</span>
                    ) : null}
                  </td>
                  <td className="py-2 break-words">{entry.reason ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {log.hasNextPage ? (
            <button
              type="button"
              className="btn-secondary mt-3"
              disabled={log.isFetchingNextPage}
              onClick={() => void log.fetchNextPage()}
            >
              {log.isFetchingNextPage ? 'Loading...' : 'Older entries'}
            </button>
          ) : null}
        </div>
      )}
    </section>
  )
}
