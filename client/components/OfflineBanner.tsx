import { useOnline } from '../lib/use-online'

/**
 * Says so while the device is offline, on every screen. The live status region stays mounted so
 * screen readers hear the message when it appears.
 */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex justify-center p-3"
    >
      {online ? null : (
        <p className="rounded-full bg-amber-300 px-4 py-2 text-sm font-semibold text-zinc-950 shadow-lg">
          You're offline. We'll catch up as soon as you're back.
        </p>
      )}
    </div>
  )
}
