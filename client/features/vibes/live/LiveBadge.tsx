import { useOnline } from '../../../lib/use-online'
import type { LiveStatus } from './live-connection'
import { POLL_INTERVAL_MS } from './polling'

const POLL_SECONDS = POLL_INTERVAL_MS / 1000

const LOOK: Record<LiveStatus, { badge: string; dot: string }> = {
  live: {
    badge: 'bg-emerald-400/15 text-emerald-200',
    dot: 'live-pulse bg-emerald-300',
  },
  connecting: { badge: 'bg-amber-400/15 text-amber-200', dot: 'bg-amber-300' },
  polling: { badge: 'bg-sky-400/15 text-sky-200', dot: 'bg-sky-300' },
}

const OFFLINE = { badge: 'bg-zinc-400/15 text-zinc-200', dot: 'bg-zinc-400' }

/**
 * Whether the feed is updating by itself right now, and how (shape and text, not colour alone).
 * With no network nothing updates, whatever the socket (which may not have noticed yet) says.
 */
export function LiveBadge({ status }: { status: LiveStatus }) {
  const offline = !useOnline()
  const look = offline ? OFFLINE : LOOK[status]
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${look.badge}`}
    >
      <span aria-hidden="true" className={`size-2 rounded-full ${look.dot}`} />
      {offline ? (
        'Not updating'
      ) : status === 'live' ? (
        'Live'
      ) : status === 'connecting' ? (
        'Connecting...'
      ) : (
        <Polling />
      )}
    </span>
  )
}

/** The short form on screen; screen readers get the words ("30 s" is read unevenly). */
function Polling() {
  return (
    <>
      <span aria-hidden="true">Updates every {POLL_SECONDS} s</span>
      <span className="sr-only">Updates every {POLL_SECONDS} seconds</span>
    </>
  )
}
