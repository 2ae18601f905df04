import { lazy, type ReactNode, Suspense, useId } from 'react'
import type { FestivalInfo } from '../../../shared/festival/festival.schema'
import { usePreparedTimeZone } from '../../lib/use-prepared-time-zone'
import { ProgrammeChanges } from './ProgrammeChanges'
import { StarredDays } from './StarredDays'
import { useStarToggle } from './schedule.api'
import { useMyStars } from './use-my-stars'

// The links, the QR code and the crew list: fetched with their code only when this view shows.
const CalendarAndSharing = lazy(() => import('./CalendarAndSharing'))

interface MyScheduleProps {
  festival: FestivalInfo | undefined
  /**
   * Slot for the reminders' settings, which belong to a feature of their own
   * (client/features/reminders): the app composes them in; nothing is drawn without them.
   */
  reminders?: ReactNode
}

/**
 * "My schedule": the programme changes to my stars, my starred sets by festival day with their
 * clashes, then reminders (a slot), my calendar feed, sharing my picks and the people I follow.
 */
export function MySchedule({ festival, reminders }: MyScheduleProps) {
  const headingId = useId()
  const { schedule, stars, clashes } = useMyStars()
  const timeZone = usePreparedTimeZone(festival?.timeZone)
  const toggle = useStarToggle()
  return (
    <section aria-labelledby={headingId} className="card">
      <p className="text-xs font-semibold tracking-widest text-amber-300 uppercase">Your picks</p>
      <h2 id={headingId} className="text-xl font-bold text-zinc-50 sm:text-2xl">
        My schedule
      </h2>
      {schedule.isPending ? (
        <p role="status" className="mt-4 text-zinc-300">
          Loading your schedule...
        </p>
      ) : schedule.isError && !schedule.data ? (
        <p className="mt-4 text-zinc-300">Your schedule could not be loaded. Try again soon.</p>
      ) : (
        <>
          <ProgrammeChanges stars={stars} timeZone={timeZone} />
          <StarredDays stars={stars} clashes={clashes} timeZone={timeZone} onToggle={toggle} />
        </>
      )}
      {reminders ? <div className="mt-6">{reminders}</div> : null}
      <Suspense fallback={<p className="mt-6 text-zinc-300">Loading your links...</p>}>
        <CalendarAndSharing />
      </Suspense>
    </section>
  )
}
