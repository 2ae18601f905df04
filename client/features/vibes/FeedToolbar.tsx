import { RefreshIcon } from '../../components/icons'
import { LiveBadge } from './live/LiveBadge'
import type { LiveStatus } from './live/live-connection'
import { signedUpText } from './signed-up-text'

interface FeedToolbarProps {
  titleId: string
  userCount: number | undefined
  liveStatus: LiveStatus
  refreshing: boolean
  onRefresh: () => void
  onUpdateVibe: () => void
}

/** The feed's title, the live sign-up count and its actions. */
export function FeedToolbar({
  titleId,
  userCount,
  liveStatus,
  refreshing,
  onRefresh,
  onUpdateVibe,
}: FeedToolbarProps) {
  return (
    <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
      <div>
        {/* Focusable from code only: where the focus goes when a dialog's opener left the feed. */}
        <h2 id={titleId} tabIndex={-1} className="text-2xl font-black text-white outline-none">
          Who's Vibin'?
        </h2>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
          <p aria-live="polite" aria-atomic="true" className="min-h-5 text-sm text-zinc-300">
            {userCount === undefined ? null : signedUpText(userCount)}
          </p>
          <LiveBadge status={liveStatus} />
        </div>
      </div>
      <div className="flex gap-2">
        {/* aria-disabled, not disabled: a disabled button would drop the keyboard focus. */}
        <button
          type="button"
          className="btn-secondary px-3 aria-disabled:cursor-wait aria-disabled:opacity-70"
          aria-label="Refresh vibes"
          onClick={() => {
            if (!refreshing) onRefresh()
          }}
          aria-disabled={refreshing}
        >
          <RefreshIcon
            className={refreshing ? 'animate-spin motion-reduce:animate-none' : undefined}
          />
        </button>
        <button type="button" className="btn-primary" onClick={onUpdateVibe}>
          Update Vibe
        </button>
      </div>
    </div>
  )
}
