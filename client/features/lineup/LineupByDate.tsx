import { useId } from 'react'
import type { LineupItem } from '../../../shared/lineup/lineup.schema'
import { formatFestivalDay } from '../../../shared/lineup/lineup-format'
import { type FestivalDayGroup, groupByDate } from '../../../shared/lineup/lineup-grouping'
import { SetTimes } from './SetTimes'

/** 'By Date': a card per festival day with each set's artist, stage and times, in set order. */
export function LineupByDate({ sets, timeZone }: { sets: LineupItem[]; timeZone?: string }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-zinc-50">
        By Date
      </h3>
      <ul className="mt-3 grid gap-3 @2xl:grid-cols-2 @5xl:grid-cols-3">
        {groupByDate(sets).map((day) => (
          <li key={day.date} className="render-when-visible-72">
            <DayCard day={day} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function DayCard({ day, timeZone }: { day: FestivalDayGroup; timeZone?: string }) {
  const headingId = useId()
  return (
    <article
      aria-labelledby={headingId}
      className="h-full rounded-xl border border-white/10 bg-night-800/70 p-4"
    >
      <h4 id={headingId} className="font-semibold text-fuchsia-200">
        <time dateTime={day.date}>{formatFestivalDay(day.date)}</time>
      </h4>
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
    </article>
  )
}
