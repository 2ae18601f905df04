import { useId } from 'react'
import type { Role } from '../../../shared/safety/roles'
import { AuditLog } from './AuditLog'
import { useModerationQueue } from './moderation.api'
import { QueueItemCard } from './QueueItemCard'

/** `/moderation`: the queue of reported and hidden vibes, and the audit log for organisers. */
export function ModerationPage({ roles }: { roles: readonly Role[] }) {
  const queueId = useId()
  const queue = useModerationQueue()
  const items = queue.data?.items ?? []
  return (
    <>
      <section aria-labelledby={queueId} className="card">
        <h2 id={queueId} className="text-xl font-bold text-white">
          Queue{queue.data ? ` (${items.length})` : ''}
        </h2>
        <p className="mt-1 text-sm text-zinc-300">
          Hidden vibes first (out of every feed until you decide), then reported ones. Reporters are
          never named.
        </p>
        {queue.isPending ? (
          <p role="status" className="py-6 text-zinc-300">
            Loading the queue...
          </p>
        ) : queue.isError ? (
          <p role="alert" className="py-6 text-red-200">
            The queue didn't load: {queue.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="py-6 text-zinc-200">Nothing to review. Reported vibes show up here.</p>
        ) : (
          <ul className="mt-4 flex flex-col gap-4">
            {items.map((item) => (
              <QueueItemCard key={item.vibe.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      {roles.includes('organiser') ? <AuditLog /> : null}
    </>
  )
}
