import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatClockTime } from '../../../shared/lineup/lineup-format'

/** "20:30–22:00" on the festival clock, as machine-readable <time> elements; none if untimed. */
export function SetTimes({ set, timeZone }: { set: LineupItem; timeZone: string }) {
  if (set.start === undefined) return null
  return (
    <>
      <time dateTime={set.start}>{formatClockTime(set.start, timeZone)}</time>
      {set.end !== undefined && (
        <>
          –<time dateTime={set.end}>{formatClockTime(set.end, timeZone)}</time>
        </>
      )}
    </>
  )
}
