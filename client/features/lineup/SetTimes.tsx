import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatClockTime } from '../../../shared/lineup/lineup-format'

/** "20:30–22:00" on the festival clock, as machine-readable <time> elements. */
export function SetTimes({ set, timeZone }: { set: LineupItem; timeZone: string }) {
  // A set without times keeps the column, so artists stay aligned under each other.
  if (set.start === undefined) return <span className="w-[6.5rem] shrink-0" />
  return (
    <span className="w-[6.5rem] shrink-0 pt-0.5 text-sm font-medium tabular-nums text-cyan-200">
      <time dateTime={set.start}>{formatClockTime(set.start, timeZone)}</time>
      {set.end !== undefined && (
        <>
          –<time dateTime={set.end}>{formatClockTime(set.end, timeZone)}</time>
        </>
      )}
    </span>
  )
}
