import { useDataUpdatedAt } from '../lib/data-freshness'
import { updatedAgo } from '../lib/updated-ago'
import { useNow } from '../lib/use-now'
import { useOnline } from '../lib/use-online'

/**
 * Says so while the device is offline, on every screen: with the data kept on the device, how old
 * it is ("Offline · updated 12 min ago"). The live status region stays mounted so screen readers
 * hear the message when it appears.
 */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]"
    >
      {online ? null : <OfflineNotice />}
    </div>
  )
}

function OfflineNotice() {
  const updatedAt = useDataUpdatedAt()
  const now = useNow()
  return (
    <p className="rounded-full bg-amber-300 px-4 py-2 text-sm font-semibold text-zinc-950 shadow-lg">
      {updatedAt === null
        ? "You're offline. We'll catch up as soon as you're back."
        : `Offline · updated ${updatedAgo(updatedAt, now)}`}
    </p>
  )
}
