import { type ReactNode, useId } from 'react'
import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay, formatSetTimes } from '../../../shared/lineup/lineup-format'
import { groupByDate } from '../../../shared/lineup/lineup-grouping'
import type { Clash } from '../../../shared/schedule/clashes'
import type { Star } from '../../../shared/schedule/schedule.schema'
import { SetRow } from '../../components/SetRow'
import { SetNote } from './SetNote'
import { StarToggle } from './StarToggle'
import type { StarChange } from './star-state'
import { currentSetOf } from './star-state'

interface StarredDaysProps {
  stars: Star[]
  clashes: ReadonlyMap<string, Clash[]>
  timeZone?: string
  onToggle: (change: StarChange) => void
}

type StarredSet = LineupSet & { starKey: string }

/** My starred sets still on, by festival day and time, each with its clashes and its star. */
export function StarredDays({ stars, clashes, timeZone, onToggle }: StarredDaysProps) {
  const starred = stars.flatMap((star): StarredSet[] => {
    const set = currentSetOf(star)
    return set ? [{ ...set, starKey: star.key }] : []
  })
  if (starred.length === 0) {
    return (
      <p className="mt-4 text-zinc-300">
        Nothing starred yet. Tap the star on a set in the lineup and it shows up here, by day, with
        any clashes between your picks.
      </p>
    )
  }
  return (
    <div className="mt-4 space-y-5">
      {groupByDate(starred).map((day) => (
        <StarredDay key={day.date} date={day.date}>
          {day.sets.map((set) => (
            <SetRow
              key={set.starKey}
              times={timeZone ? formatSetTimes(set, timeZone) : null}
              name={set.name}
              stage={set.stage}
              note={<SetNote going={[]} clashes={clashes.get(set.key) ?? []} />}
              action={
                <StarToggle
                  artist={set.name}
                  starred
                  starKey={set.starKey}
                  onToggle={() => onToggle({ star: false, key: set.starKey })}
                />
              }
            />
          ))}
        </StarredDay>
      ))}
    </div>
  )
}

function StarredDay({ date, children }: { date: string; children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-fuchsia-200">
        <time dateTime={date}>{formatFestivalDay(date)}</time>
      </h3>
      <ol className="mt-1 divide-y divide-white/10">{children}</ol>
    </section>
  )
}
