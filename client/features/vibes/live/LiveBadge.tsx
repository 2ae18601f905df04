import type { LiveStatus } from './live-connection'

/** Whether the feed is updating by itself right now (shape and text, not colour alone). */
export function LiveBadge({ status }: { status: LiveStatus }) {
  const live = status === 'live'
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ${
        live ? 'bg-emerald-400/15 text-emerald-200' : 'bg-amber-400/15 text-amber-200'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${live ? 'animate-pulse bg-emerald-300 motion-reduce:animate-none' : 'bg-amber-300'}`}
      />
      {live ? 'Live' : 'Connecting...'}
    </span>
  )
}
