import type { LineupSet } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay } from '../../../shared/lineup/lineup-format'
import { type FestivalDayGroup, groupByDate } from '../../../shared/lineup/lineup-grouping'
import { SetRow } from '../../components/SetRow'
import { useProgressiveCount } from '../../lib/use-progressive-count'
import { LineupGroupCard, LineupSection } from './LineupSection'
import { SetTimes } from './SetTimes'
import type { SetExtras } from './set-extras'

interface LineupByDateProps {
  sets: LineupSet[]
  timeZone?: string
  extras?: SetExtras
}

/**
 * 'By Date': a card per festival day with each set's artist, stage and times, in set order. The
 * lineup shows one day at a time, so its card takes the whole width.
 */
export function LineupByDate({ sets, timeZone, extras }: LineupByDateProps) {
  return (
    <LineupSection
      title="By Date"
      groups={groupByDate(sets)}
      keyOf={(day) => day.date}
      gridClassName=""
      itemClassName=""
      renderCard={(day) => <DayCard day={day} timeZone={timeZone} extras={extras} />}
    />
  )
}

// A phone's screen of rows at once, the rest of a festival day (a hundred sets) in steps.
const FIRST_ROWS = 10
const ROWS_PER_STEP = 10

function DayCard(props: {
  day: FestivalDayGroup<LineupSet>
  timeZone?: string
  extras?: SetExtras
}) {
  const { day, timeZone, extras } = props
  const shown = useProgressiveCount(day.sets.length, FIRST_ROWS, ROWS_PER_STEP)
  return (
    <LineupGroupCard
      heading={<time dateTime={day.date}>{formatFestivalDay(day.date)}</time>}
      headingClassName="text-fuchsia-200"
    >
      <ol className="mt-2 divide-y divide-white/10">
        {day.sets.slice(0, shown).map((set) => (
          // Each row skips layout while off screen: a festival day can hold a hundred sets.
          <SetRow
            key={set.key}
            className="render-when-visible-14"
            times={timeZone ? <SetTimes set={set} timeZone={timeZone} /> : undefined}
            name={set.name}
            stage={set.stage}
            note={extras?.note?.(set, 'list')}
            action={extras?.action?.(set, 'list')}
          />
        ))}
      </ol>
    </LineupGroupCard>
  )
}
