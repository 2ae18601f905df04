import { memo, useDeferredValue } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { useMediaQuery } from '../../lib/use-media-query'
import { LineupByDate } from './LineupByDate'
import { LineupByStage } from './LineupByStage'
import { LineupLoading } from './LineupLoading'
import type { SetExtras } from './set-extras'
import { Timetable } from './Timetable'

/** Wide enough for a timetable of several stages side by side. */
const TIMETABLE_QUERY = '(min-width: 48rem)'

interface LineupSetsProps {
  sets: LineupSet[]
  timeZone?: string
  extras?: SetExtras
}

/**
 * A day's sets: the timetable on a wide screen, then 'By Date' and 'By Stage'. They are drawn in
 * a render React can interrupt, after the screen around them has shown, so a slow phone's main
 * thread is never held for the whole day at once; until then the card holds its loading height.
 * A phone never renders the timetable at all, rather than rendering and hiding it.
 *
 * Memoised: the card above it renders again when a fetch starts or ends (Refresh's spinner) and
 * the main screen when the live channel's status changes, and those renders are synchronous
 * (TanStack Query's store), so without it each one drew the whole day again in one long task.
 */
export const LineupSets = memo(function LineupSets({ sets, timeZone, extras }: LineupSetsProps) {
  const drawn = useDeferredValue(true, false)
  const wide = useMediaQuery(TIMETABLE_QUERY)
  if (!drawn) return <LineupLoading />
  return (
    <>
      {wide && timeZone && (
        <Timetable key={sets[0]?.date} sets={sets} timeZone={timeZone} extras={extras} />
      )}
      <LineupByDate sets={sets} timeZone={timeZone} extras={extras} />
      <LineupByStage sets={sets} />
    </>
  )
})
