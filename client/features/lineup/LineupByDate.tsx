import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay } from '../../../shared/lineup/lineup-format'
import { type FestivalDayGroup, groupByDate } from '../../../shared/lineup/lineup-grouping'
import { LineupGroupCard, LineupSection } from './LineupSection'
import { SetTimes } from './SetTimes'

/** 'By Date': a card per festival day with each set's artist, stage and times, in set order. */
export function LineupByDate({ sets, timeZone }: { sets: LineupItem[]; timeZone?: string }) {
  return (
    <LineupSection
      title="By Date"
      groups={groupByDate(sets)}
      keyOf={(day) => day.date}
      gridClassName="@2xl:grid-cols-2 @5xl:grid-cols-3"
      itemClassName="render-when-visible-72"
      renderCard={(day) => <DayCard day={day} timeZone={timeZone} />}
    />
  )
}

function DayCard({ day, timeZone }: { day: FestivalDayGroup; timeZone?: string }) {
  return (
    <LineupGroupCard
      heading={<time dateTime={day.date}>{formatFestivalDay(day.date)}</time>}
      headingClassName="text-fuchsia-200"
    >
      <ol className="mt-2 divide-y divide-white/10">
        {day.sets.map((set) => (
          <li key={`${set.stage}|${set.name}|${set.start ?? ''}`} className="flex gap-3 py-2">
            {timeZone && <SetTimes set={set} timeZone={timeZone} />}
            <p className="min-w-0 break-words">
              <span className="block font-medium text-zinc-50">{set.name}</span>
              {/* The comma is for screen readers, which would otherwise run the two together. */}
              <span className="sr-only">, </span>
              <span className="block text-sm text-zinc-300">{set.stage}</span>
            </p>
          </li>
        ))}
      </ol>
    </LineupGroupCard>
  )
}
